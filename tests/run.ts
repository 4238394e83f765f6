/**
 * `npm test`: every suite in one command.
 *   1. unit + component tests (vitest project "unit")
 *   2. API integration tests on SQLite, and on PostgreSQL when DATABASE_URL_TEST is set
 *   3. end-to-end tests in Chromium against the built apps and the real server
 * Says plainly what it could not run. REQUIRE_PG=1 / REQUIRE_E2E=1 (set by .ci/run) turn a
 * missing PostgreSQL or Chromium into a failure instead of a skip.
 *   --only unit|api|e2e   run one stage
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import pg from 'pg';
import { REDIS_URL, redisAnswers } from './redis';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const want = (stage: string) => !only || only === stage;
const requirePg = process.env.REQUIRE_PG === '1';
const requireE2e = process.env.REQUIRE_E2E === '1';

interface Tally { passed: number; failed: number; skipped: number }
const tally: Tally = { passed: 0, failed: 0, skipped: 0 };
const problems: string[] = [];
/** Failed tests by name with the first line of their error: CI shows only the tail of the output. */
const failures: string[] = [];

function firstLine(text: unknown): string {
  const line = stripVTControlCharacters(String(text ?? '')).split('\n').find((l) => l.trim()) ?? '';
  return line.trim().slice(0, 300);
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function readJson(file: string): any {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

async function postgresAnswers(url: string): Promise<string | undefined> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await c.connect();
    await c.query('select 1');
    return undefined;
  } catch (e) {
    return (e as Error).message;
  } finally {
    await c.end().catch(() => undefined);
  }
}

function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((p) => p && fs.existsSync(p));
}

async function vitestStage(projects: string[]) {
  const out = path.join(tmp, `vitest-${projects.join('-')}.json`);
  fs.rmSync(out, { force: true });
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  const code = run('npx', args);
  const report = readJson(out);
  if (report) {
    tally.passed += report.numPassedTests ?? 0;
    tally.failed += report.numFailedTests ?? 0;
    tally.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    for (const file of report.testResults ?? []) {
      for (const a of file.assertionResults ?? []) {
        if (a.status === 'failed') failures.push(`${path.relative(root, file.name)} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
      }
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((a: any) => a.status === 'failed')) {
        failures.push(`${path.relative(root, file.name)}: ${firstLine(file.message)}`);
      }
    }
  }
  if (code !== 0) problems.push(`vitest (${projects.join(', ')}) exited with ${code}`);
}

function collectPlaywrightFailures(suites: any[], titles: string[]) {
  for (const suite of suites) {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.[test.results.length - 1];
        failures.push(`${[...here, spec.title].join(' › ')}: ${firstLine(last?.error?.message)}`);
      }
    }
    collectPlaywrightFailures(suite.suites ?? [], here);
  }
}

async function main() {
  const pgUrl = process.env.DATABASE_URL_TEST;
  if (want('api')) {
    if (!pgUrl) {
      const msg = 'PostgreSQL: DATABASE_URL_TEST is not set, so the API tests run on SQLite only.';
      if (requirePg) problems.push(`${msg} (REQUIRE_PG=1)`);
      console.log(`\n${msg}\n  Set DATABASE_URL_TEST=postgres://postgres@127.0.0.1:5432/test to run them on PostgreSQL too.`);
    } else {
      const err = await postgresAnswers(pgUrl);
      if (err) {
        console.log(`\nPostgreSQL at DATABASE_URL_TEST does not answer (${err}).`);
        if (requirePg) problems.push('PostgreSQL required but not answering');
        delete process.env.DATABASE_URL_TEST;
      } else {
        console.log('\nPostgreSQL: answering; API tests run on SQLite and PostgreSQL.');
      }
    }
  }

  if (want('api')) {
    if (!(await redisAnswers(REDIS_URL))) {
      console.log(`\nRedis: nothing answers at ${REDIS_URL}, so the shared rate-limit tests are skipped (set REDIS_URL_TEST to run them).`);
    }
  }

  const projects = [want('unit') && 'unit', want('api') && 'api'].filter(Boolean) as string[];
  if (projects.length) await vitestStage(projects);

  if (want('e2e')) {
    const chromium = findChromium();
    if (!chromium) {
      const msg = 'Chromium not found (looked at CHROMIUM_PATH and /usr/bin/chromium): end-to-end tests NOT run. Install it with `apt-get install chromium`.';
      console.log(`\n${msg}`);
      if (requireE2e) problems.push(`${msg} (REQUIRE_E2E=1)`);
    } else if (run('npm', ['run', 'build']) !== 0) {
      problems.push('build failed, so the end-to-end tests could not run');
    } else {
      const dataDir = path.join(tmp, `e2e-data-${Date.now()}`);
      const out = path.join(tmp, 'playwright.json');
      fs.rmSync(out, { force: true });
      const code = run('npx', ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts'], {
        CHROMIUM_PATH: chromium,
        E2E_DATA_DIR: dataDir,
        PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      });
      const report = readJson(out);
      const stats = report?.stats;
      if (stats) {
        tally.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
        tally.failed += stats.unexpected ?? 0;
        tally.skipped += stats.skipped ?? 0;
      }
      collectPlaywrightFailures(report?.suites ?? [], []);
      if (code !== 0) problems.push(`playwright exited with ${code}`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  console.log('\n──────── Examhall test summary ────────');
  for (const p of problems) console.log(`  ✗ ${p}`);
  for (const f of failures) console.log(`  ✗ ${f}`);
  console.log(`${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
  process.exit(problems.length || tally.failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
