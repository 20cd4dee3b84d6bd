import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/server/test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    globalSetup: ['apps/server/test/support/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    sequence: { hooks: 'stack' },
  },
});
