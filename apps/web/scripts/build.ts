/**
 * `npm run build`: the browser's build into dist/ (or `--outDir`), then the server-side render's
 * (src/entry-server.tsx) into `.ssr/` inside the same folder, so a build is one folder wherever it goes
 * (WEB_DIST_DIR, the e2e suite's temporary one). The server loads `.ssr/entry-server.js` and never
 * serves it (its static files deny dotfiles). Both through Vite's own API with vite.config.ts.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build, type LogLevel } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    outDir: { type: 'string', default: 'dist' },
    emptyOutDir: { type: 'boolean', default: true },
    logLevel: { type: 'string' },
  },
});
const outDir = path.resolve(root, values.outDir);
const logLevel = values.logLevel as LogLevel | undefined;

await build({ root, logLevel, build: { outDir, emptyOutDir: values.emptyOutDir } });
await build({
  root,
  logLevel,
  build: { ssr: 'src/entry-server.tsx', outDir: path.join(outDir, '.ssr'), emptyOutDir: true },
});
