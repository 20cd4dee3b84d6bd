import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server `npm run dev` proxies to (start it with `npm start` or `npm run dev:server`). */
const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  base: '/app/',
  plugins: [react(), tailwindcss()],
  // public/ holds the favicon and the translations; the server answers /locales/{lng}/{ns}.json from
  // the build's copy (dist/locales) or, before a build, from public/locales.
  publicDir: 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '^/(fa|en)/api/': { target: api, changeOrigin: false },
      '/locales/': { target: api },
      '/media/': { target: api },
    },
  },
});
