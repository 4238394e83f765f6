import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');

/** Resolves with the address the server prints ("Examhall is running at http://…"), or fails with its output. */
function printedAddress(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no address printed within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const read = (d: Buffer) => {
      output += d.toString();
      const found = /Examhall is running at (http:\/\/\S+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${output}`));
    });
  });
}

/**
 * A newcomer's first minute: start the server as the README says (configured by a .env file in
 * the folder it starts from, nothing in the environment), open exactly the address it prints,
 * then that address's /admin/, in a browser that has never been here.
 */
test('the address the server prints, and its /admin/, open the sign-in page', async ({ browser }) => {
  test.setTimeout(120_000);
  fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(root, '.tmp', 'frontdoor-'));
  fs.writeFileSync(
    path.join(dir, '.env'),
    [
      'PORT=0', // any free port: the printed address must say which
      'HOST=127.0.0.1',
      `DATA_DIR=${path.join(dir, 'data')}`,
      `DIST_DIR=${path.join(root, 'dist')}`,
      'ADMIN_PASSWORD=Admin1234',
      'SEED_DEMO=false',
      'LOG_LEVEL=warn',
    ].join('\n'),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const context = await browser.newContext();
  try {
    const address = await printedAddress(child, 60_000);
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const page = await context.newPage();

    const home = await page.goto(address);
    expect(home?.status()).toBe(200);
    expect(home?.headers()['content-type']).toContain('text/html');
    await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
    await expect(page.getByLabel('用户名')).toBeVisible();

    const admin = await page.goto(new URL('admin/', address).toString());
    expect(admin?.status()).toBe(200);
    expect(admin?.headers()['content-type']).toContain('text/html');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText('"code"');
  } finally {
    await context.close();
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
