/**
 * `npm run dev`: the API server (port 3000, or API_PORT) and Vite's dev server (http://127.0.0.1:5173/app/)
 * with /{lang}/api, /locales and /media proxied to it. Ctrl-C stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? '3000';
const children: ChildProcess[] = [];

function run(command: string, args: string[], env: Record<string, string>): void {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    for (const other of children) if (other !== child) other.kill('SIGTERM');
    process.exitCode = code ?? 0;
  });
  children.push(child);
}

run(process.execPath, ['apps/server/src/main.ts'], { PORT: apiPort, HOST: process.env.HOST ?? '127.0.0.1' });
run('npm', ['run', 'dev', '-w', '@storefront/web'], { API_URL: `http://127.0.0.1:${apiPort}` });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill('SIGTERM');
  });
}
