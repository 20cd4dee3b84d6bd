import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests: production builds of the storefront and the back office made for the run (in a temporary folder; E2E_WEB_DIST names an
 * existing one instead) served by the real server on a free loopback port with a fresh demo store,
 * driven in Debian's Chromium (CHROME_PATH or /usr/bin/chromium; Playwright never downloads a browser).
 */
if (!process.env.E2E_PORT) {
  // Chosen once in the main process; the workers inherit it through the environment.
  process.env.E2E_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
  ])
    .toString()
    .trim();
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-e2e-'));
  if (!process.env.E2E_WEB_DIST) {
    // A production build of its own, so that runs (and `npm run build`) never swap files under each other.
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-e2e-web-'));
    execFileSync(
      'npm',
      [
        'run',
        'build',
        '-w',
        '@storefront/web',
        '--',
        '--outDir',
        dist,
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ],
      {
        stdio: 'inherit',
      },
    );
    process.env.E2E_WEB_DIST = dist;
    process.on('exit', () => fs.rmSync(dist, { recursive: true, force: true }));
  }
  if (!process.env.E2E_ADMIN_DIST) {
    // The back office's production build, likewise.
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-e2e-admin-'));
    execFileSync(
      'npm',
      [
        'run',
        'build',
        '-w',
        '@storefront/admin',
        '--',
        '--outDir',
        dist,
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ],
      { stdio: 'inherit' },
    );
    process.env.E2E_ADMIN_DIST = dist;
    process.on('exit', () => fs.rmSync(dist, { recursive: true, force: true }));
  }
  const dataDir = process.env.E2E_DATA_DIR;
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
}
const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;
const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  // The screenshots of every page (for people to look at, e2e/screenshots/) are taken by
  // `npm run screenshots`, not by every test run: they assert little and cost two minutes.
  testIgnore: process.env.SCREENSHOTS === '1' ? [] : ['**/screenshots.spec.ts'],
  outputDir: 'test-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  // One retry in CI, for infrastructure hiccups (a browser context that does not tear down in
  // time on a loaded machine); a test that needs it is reported as flaky in the output.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'fa-IR',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: 'node apps/server/src/main.ts',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR ?? '',
      WEB_DIST_DIR: process.env.E2E_WEB_DIST ?? '',
      ADMIN_DIST_DIR: process.env.E2E_ADMIN_DIST ?? '',
      LOAD_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // The suite signs in many times from one address; the limits have their own server tests.
      RATE_LIMITS: 'off',
    },
  },
});
