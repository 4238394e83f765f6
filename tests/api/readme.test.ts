import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const quickStart = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1));

describe('README quick start', () => {
  it('warns that the first npm install is long, with a package count close to the lock file', () => {
    const said = /first `npm install` downloads about (\d+) packages and can take several minutes/.exec(quickStart);
    expect(said, 'the quick start says how long the first install is').not.toBeNull();
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
    const installed = Object.keys(lock.packages).filter((key) => key !== '').length;
    expect(Math.abs(Number(said![1]) - installed) / installed).toBeLessThan(0.15);
  });

  it('keeps the one-line start', () => {
    expect(quickStart).toContain('npm install && npm start');
  });
});
