import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rollup';
import { FIRST_SCREENS, NOT_ON_FIRST_LOAD, type FirstScreen } from './firstScreens';

/** What a build's first screens load, and what is wrong with it. */
export interface FirstLoadReport {
  /** One line per screen, for the build output. */
  lines: string[];
  /** Over budget, forbidden packages, routes that cannot be found: each fails the build. */
  problems: string[];
  /** gzip kB per measured screen. */
  sizes: Record<string, number>;
}

export interface MeasureOptions {
  /** Repository root: FIRST_SCREENS modules are relative to it. */
  root: string;
  screens?: Record<string, FirstScreen>;
  forbidden?: typeof NOT_ON_FIRST_LOAD;
  /** Whether a module file exists (tests pass a fake). */
  exists?: (file: string) => boolean;
  /** The route paths the app declares (learner/config/paths.ts), to tell "not built yet" from a wrong list. */
  declaredPaths?: string;
}

/**
 * Each first screen's JS: the entry chunk, the chunks holding the screen's lazy modules, and every
 * chunk those import statically (Vite preloads them together), gzip-compressed one by one as the
 * server sends them.
 */
export function measureFirstScreens(bundle: OutputBundle, opts: MeasureOptions): FirstLoadReport {
  const { root, screens = FIRST_SCREENS, forbidden = NOT_ON_FIRST_LOAD, exists = existsSync, declaredPaths = '' } = opts;
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry);
  const report: FirstLoadReport = { lines: [], problems: [], sizes: {} };
  if (!entry) return report;
  const gzip = new Map<string, number>();
  const sizeOf = (chunk: OutputChunk) => {
    if (!gzip.has(chunk.fileName)) gzip.set(chunk.fileName, gzipSync(chunk.code).length);
    return gzip.get(chunk.fileName)!;
  };
  const width = Math.max(...Object.keys(screens).map((s) => s.length));
  report.lines.push(`  ${'(entry)'.padEnd(width)} ${(sizeOf(entry) / 1000).toFixed(2).padStart(7)} kB gzip, loaded by every screen`);

  for (const [screen, { modules, budgetKb, pending }] of Object.entries(screens)) {
    const files = modules.map((m) => path.resolve(root, m));
    if (pending && !files.some((f) => exists(f)) && !declaredPaths.includes(`'${screen}'`)) {
      report.lines.push(`  ${screen.padEnd(width)}   not built yet (${pending}); budget ${budgetKb} kB`);
      continue;
    }
    const loaded = new Map<string, OutputChunk>();
    const visit = (chunk: OutputChunk) => {
      if (loaded.has(chunk.fileName)) return;
      loaded.set(chunk.fileName, chunk);
      chunk.imports.forEach((file) => {
        const next = bundle[file];
        if (next?.type === 'chunk') visit(next);
      });
    };
    visit(entry);
    const missing = files.filter((file) => !chunks.some((c) => c.moduleIds.includes(file)));
    if (missing.length) {
      const names = missing.map((f) => path.relative(root, f)).join(', ');
      report.problems.push(`${screen}: no chunk holds ${names}; list the route's lazy layout and page in learner/build/firstScreens.ts`);
      continue;
    }
    files.forEach((file) => visit(chunks.find((c) => c.moduleIds.includes(file))!));

    const kb = [...loaded.values()].reduce((sum, chunk) => sum + sizeOf(chunk), 0) / 1000;
    report.sizes[screen] = kb;
    const verdict = kb <= budgetKb ? 'within' : 'OVER';
    report.lines.push(`  ${screen.padEnd(width)} ${kb.toFixed(2).padStart(7)} kB gzip in ${String(loaded.size).padStart(2)} chunks (${verdict} the ${budgetKb} kB budget)`);
    if (kb > budgetKb) report.problems.push(`${screen} loads ${kb.toFixed(2)} kB gzip of JS, over its ${budgetKb} kB budget`);
    // BUDGET_DETAIL=1 npm run build: what each screen's chunks weigh, heaviest first.
    if (process.env.BUDGET_DETAIL) {
      [...loaded.values()]
        .sort((a, b) => sizeOf(b) - sizeOf(a))
        .forEach((c) => report.lines.push(`      ${(sizeOf(c) / 1000).toFixed(2).padStart(7)} kB  ${c.fileName}  (${c.moduleIds.slice(0, 3).map((m) => path.relative(root, m)).join(', ')}${c.moduleIds.length > 3 ? ', …' : ''})`));
    }

    // One line per rule broken: the first module that breaks it, and how many more do.
    const hits = new Map<string, { first: string; more: number }>();
    for (const chunk of loaded.values()) {
      for (const id of chunk.moduleIds) {
        const rule = forbidden.find((r) => r.pattern.test(id) && (!r.entryOnly || chunk === entry));
        if (!rule) continue;
        const hit = hits.get(rule.why);
        if (hit) hit.more += 1;
        else hits.set(rule.why, { first: `${chunk.fileName} (${path.relative(root, id)})`, more: 0 });
      }
    }
    for (const [why, { first, more }] of hits) {
      report.problems.push(`${screen} loads ${why} in ${first}${more ? ` and ${more} more module(s)` : ''}`);
    }
  }
  report.problems = [...new Set(report.problems)];
  return report;
}

/**
 * Vite plugin: prints each first screen's JS after Vite's chunk table and fails the build when one
 * is over its budget or loads what it must not (so a heavy import on the way to sign-in is caught
 * where it is made).
 */
export function firstLoadBudget(root: string): Plugin {
  let lines: string[] = [];
  return {
    name: 'examhall:first-load-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const pathsFile = path.resolve(root, 'learner/config/paths.ts');
      const declaredPaths = existsSync(pathsFile) ? readFileSync(pathsFile, 'utf8') : '';
      const report = measureFirstScreens(bundle, { root, declaredPaths });
      lines = report.lines;
      if (report.problems.length) {
        console.error(`\nFirst-load JS of the learner's first screens:\n${lines.join('\n')}\n`);
        this.error(`first-load JS check failed:\n  ${report.problems.join('\n  ')}\n(see learner/build/firstScreens.ts)`);
      }
    },
    closeBundle() {
      if (lines.length) console.log(`\nFirst-load JS of the learner's first screens (gzip):\n${lines.join('\n')}\n`);
    },
  };
}
