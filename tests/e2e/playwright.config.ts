import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests: the built apps on the real server (SQLite, fresh data folder, demo content),
 * driven in Debian's Chromium. tests/run.ts builds first and passes E2E_DATA_DIR / CHROMIUM_PATH.
 */
const root = path.resolve(import.meta.dirname, '../..');
const port = Number(process.env.E2E_PORT ?? 8765);
export const E2E_ADMIN_PASSWORD = 'Admin1234';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  outputDir: path.join(root, '.tmp/e2e-results'),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
  },
  webServer: {
    // The server's log is kept in its data folder: the SMS sign-in test reads its code there
    // (SMS_PROVIDER=log writes each message as a line instead of sending it).
    command: 'mkdir -p "$DATA_DIR" && exec node --import tsx server/main.ts >> "$DATA_DIR/server.log"',
    cwd: root,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR ?? path.join(root, '.tmp/e2e-data'),
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMS_PROVIDER: 'log',
      // Tests may name their client address (X-Forwarded-For from this machine), so code budgets
      // and captchas meet only where a test means them to.
      TRUST_PROXY: 'loopback',
    },
  },
});
