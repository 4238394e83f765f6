/**
 * `npm run bench -- <scenario>`: a load scenario against a real server process on loopback
 * (SQLite by default; BENCH_DATABASE_URL=postgres://… for PostgreSQL). Each scenario prints a
 * table and, last, one line `BENCH {json}`. Scenarios live in bench/scenarios/<name>.ts.
 */
import fs from 'node:fs';
import path from 'node:path';

const dir = path.join(import.meta.dirname, 'scenarios');
const available = fs.readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => f.slice(0, -3)).sort();
const name = process.argv[2];

if (!name || !available.includes(name)) {
  console.error(`Usage: npm run bench -- <scenario>\nScenarios: ${available.join(', ')}`);
  process.exit(name ? 1 : 0);
}

const scenario = (await import(path.join(dir, `${name}.ts`))) as { run: () => Promise<void> };
scenario.run().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
