import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server the dev server proxies to (start it with `npm start`). */
const api = process.env.API_URL ?? 'http://localhost:3000';

/** The back office: served by the API server at /admin/ from this build (dist/). */
export default defineConfig({
  base: '/admin/',
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1200 },
  server: {
    host: '127.0.0.1',
    port: 5174,
    proxy: {
      '/admin/api': { target: api, changeOrigin: false },
      '/media': { target: api },
    },
  },
});
