import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One worker more than the cores: the server's tests spend much of their time waiting on
    // PostgreSQL, sockets and scrypt's thread pool (measured on 2 cores: 462 s with Vitest's default
    // of one worker, 254 s with three; docs/benchmarks.md, "The test suite's time").
    maxWorkers: os.availableParallelism() + 1,
    projects: [
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 120_000,
          sequence: { hooks: 'stack' },
        },
      },
      {
        // The storefront's component tests: jsdom, the real providers, and a real API server on a
        // fresh demo store (started once by the global setup).
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/test/**/*.test.{ts,tsx}'],
          globalSetup: ['apps/web/test/global-setup.ts'],
          setupFiles: ['apps/web/test/setup.ts'],
          testTimeout: 45_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The back office's component tests: jsdom, no server (fetch is stubbed where needed).
        plugins: [react()],
        test: {
          name: 'admin',
          environment: 'jsdom',
          include: ['apps/admin/test/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/admin/test/setup.ts'],
        },
      },
    ],
  },
});
