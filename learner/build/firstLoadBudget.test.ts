import { randomBytes } from 'node:crypto';
import type { OutputBundle } from 'rollup';
import { describe, expect, it } from 'vitest';
import { measureFirstScreens } from './firstLoadBudget';
import { FIRST_SCREENS, NOT_ON_FIRST_LOAD } from './firstScreens';

const root = '/repo';

/** Random base64 (6 bits a character, which gzip cannot shrink further): about `kb` kB once gzipped. */
const code = (kb: number) => randomBytes(Math.round(kb * 1000)).toString('base64');

function chunk(fileName: string, kb: number, moduleIds: string[], imports: string[] = [], isEntry = false) {
  return { type: 'chunk', fileName, code: code(kb), imports, moduleIds, isEntry };
}

function bundleOf(...chunks: ReturnType<typeof chunk>[]): OutputBundle {
  return Object.fromEntries(chunks.map((c) => [c.fileName, c])) as unknown as OutputBundle;
}

const screens = {
  '/login': { modules: ['learner/layouts/Bare.tsx', 'learner/features/auth/Login.tsx'], budgetKb: 10 },
};

describe('measureFirstScreens', () => {
  it('counts the entry, the route chunks and what they import, once each, and passes within budget', () => {
    const bundle = bundleOf(
      chunk('index.js', 3, ['/repo/learner/main.tsx', '/repo/node_modules/react-dom/cjs/react-dom-client.production.js'], [], true),
      chunk('Bare.js', 1, ['/repo/learner/layouts/Bare.tsx'], ['index.js', 'Logo.js']),
      chunk('Login.js', 1, ['/repo/learner/features/auth/Login.tsx'], ['index.js', 'Logo.js', 'Button.js']),
      chunk('Logo.js', 1, ['/repo/learner/components/Logo.tsx'], ['index.js']),
      chunk('Button.js', 1, ['/repo/node_modules/@mui/material/Button/Button.js'], ['index.js']),
      chunk('Notices.js', 50, ['/repo/learner/features/notice/NoticeList.tsx'], ['index.js']),
    );
    const report = measureFirstScreens(bundle, { root, screens, exists: () => true });
    expect(report.problems).toEqual([]);
    // 7 kB of incompressible code, give or take gzip's framing, and the lazy notice list not at all.
    expect(report.sizes['/login']).toBeGreaterThan(7);
    expect(report.sizes['/login']).toBeLessThan(8);
    expect(report.lines[0]).toMatch(/\(entry\)\s+3\.\d\d kB gzip, loaded by every screen/);
    expect(report.lines[1]).toMatch(/\/login\s+7\.\d\d kB gzip in\s+5 chunks \(within the 10 kB budget\)/);
  });

  it('fails a screen over its budget', () => {
    const bundle = bundleOf(
      chunk('index.js', 8, ['/repo/learner/main.tsx'], [], true),
      chunk('Bare.js', 1, ['/repo/learner/layouts/Bare.tsx'], ['index.js']),
      chunk('Login.js', 2, ['/repo/learner/features/auth/Login.tsx'], ['index.js']),
    );
    const report = measureFirstScreens(bundle, { root, screens, exists: () => true });
    expect(report.problems).toEqual([expect.stringMatching(/^\/login loads 11\.\d\d kB gzip of JS, over its 10 kB budget$/)]);
    expect(report.lines[1]).toContain('OVER the 10 kB budget');
  });

  it('fails a screen that loads a package it must not, naming the package and the module', () => {
    const bundle = bundleOf(
      chunk('index.js', 1, ['/repo/learner/main.tsx'], [], true),
      chunk('Bare.js', 1, ['/repo/learner/layouts/Bare.tsx'], ['index.js']),
      chunk('Login.js', 1, ['/repo/learner/features/auth/Login.tsx', '/repo/node_modules/@tiptap/core/dist/index.js'], ['index.js']),
    );
    const report = measureFirstScreens(bundle, { root, screens, exists: () => true });
    expect(report.problems).toEqual(['/login loads the rich-text editor in Login.js (node_modules/@tiptap/core/dist/index.js)']);

    bundle['Bare.js'] = chunk('Bare.js', 1, ['/repo/learner/layouts/Bare.tsx', '/repo/node_modules/dayjs/locale/zh-cn.js', '/repo/node_modules/dayjs/plugin/utc.js', '/repo/node_modules/dayjs/locale/en.js'], [
      'index.js',
    ]) as unknown as OutputBundle[string];
    const twice = measureFirstScreens(bundle, { root, screens, exists: () => true });
    expect(twice.problems).toContainEqual(expect.stringMatching(/^\/login loads a dayjs locale or plugin in Bare\.js \(node_modules\/dayjs\/locale\/zh-cn\.js\) and 2 more module\(s\)$/));
  });

  it('lets a screen load dayjs with its own chunks, never with the entry every screen loads', () => {
    const withPage = bundleOf(
      chunk('index.js', 1, ['/repo/learner/main.tsx'], [], true),
      chunk('Bare.js', 1, ['/repo/learner/layouts/Bare.tsx'], ['index.js']),
      chunk('Login.js', 1, ['/repo/learner/features/auth/Login.tsx', '/repo/node_modules/dayjs/dayjs.min.js'], ['index.js']),
    );
    expect(measureFirstScreens(withPage, { root, screens, exists: () => true }).problems).toEqual([]);

    const inEntry = bundleOf(
      chunk('index.js', 1, ['/repo/learner/main.tsx', '/repo/node_modules/dayjs/dayjs.min.js'], [], true),
      chunk('Bare.js', 1, ['/repo/learner/layouts/Bare.tsx'], ['index.js']),
      chunk('Login.js', 1, ['/repo/learner/features/auth/Login.tsx'], ['index.js']),
    );
    expect(measureFirstScreens(inEntry, { root, screens, exists: () => true }).problems).toEqual([
      '/login loads dayjs (load common/format with the screens that show dates) in index.js (node_modules/dayjs/dayjs.min.js)',
    ]);
  });

  it('fails when a listed module is in no chunk (a renamed page), so the list cannot go stale', () => {
    const bundle = bundleOf(
      chunk('index.js', 1, ['/repo/learner/main.tsx'], [], true),
      chunk('Bare.js', 1, ['/repo/learner/layouts/Bare.tsx'], ['index.js']),
    );
    const report = measureFirstScreens(bundle, { root, screens, exists: () => true });
    expect(report.problems).toEqual([expect.stringContaining('/login: no chunk holds learner/features/auth/Login.tsx')]);
  });

  it('lists a pending route as not built until its module exists or its path is declared', () => {
    const pending = { '/web/exam/start/:id': { modules: ['learner/features/exam/ExamPage.tsx'], budgetKb: 150, pending: 'issue 7' } };
    const bundle = bundleOf(chunk('index.js', 1, ['/repo/learner/main.tsx'], [], true));
    const notBuilt = measureFirstScreens(bundle, { root, screens: pending, exists: () => false });
    expect(notBuilt.problems).toEqual([]);
    expect(notBuilt.lines[1]).toContain('not built yet (issue 7)');

    const declared = measureFirstScreens(bundle, { root, screens: pending, exists: () => false, declaredPaths: "start: { path: '/web/exam/start/:id' }" });
    expect(declared.problems).toEqual([expect.stringContaining('no chunk holds learner/features/exam/ExamPage.tsx')]);

    const built = bundleOf(
      chunk('index.js', 1, ['/repo/learner/main.tsx'], [], true),
      chunk('ExamPage.js', 1, ['/repo/learner/features/exam/ExamPage.tsx'], ['index.js']),
    );
    const measured = measureFirstScreens(built, { root, screens: pending, exists: () => true });
    expect(measured.problems).toEqual([]);
    expect(measured.sizes['/web/exam/start/:id']).toBeGreaterThan(1.5);
  });
});

describe('the budgets', () => {
  it('hold sign-in, the learner home and the exam page to 210 kB', () => {
    expect(FIRST_SCREENS['/login'].budgetKb).toBe(210);
    expect(FIRST_SCREENS['/web/index'].budgetKb).toBe(210);
    expect(FIRST_SCREENS['/web/exam/start/:id'].budgetKb).toBe(210);
  });

  it('forbid the replaced and the heavy packages and preact, but not React or single icons', () => {
    const forbidden = (id: string) => NOT_ON_FIRST_LOAD.some((r) => r.pattern.test(id));
    expect(forbidden('/r/node_modules/react-dom/cjs/react-dom-client.production.js')).toBe(false);
    expect(forbidden('/r/node_modules/react/cjs/react.production.js')).toBe(false);
    expect(forbidden('/r/node_modules/preact/compat/dist/compat.module.js')).toBe(true);
    expect(forbidden('/r/node_modules/react-router/dist/development/chunk-6KYCQHYJ.mjs')).toBe(true);
    expect(forbidden('/r/node_modules/react-router/dist/production/chunk-7RTFRKQW.mjs')).toBe(false);
    expect(forbidden('/r/node_modules/axios/lib/axios.js')).toBe(true);
    expect(forbidden('/r/node_modules/@sinclair/typebox/build/esm/index.mjs')).toBe(true);
    expect(forbidden('/r/node_modules/@tiptap/core/dist/index.js')).toBe(true);
    expect(forbidden('/r/node_modules/@mui/icons-material/esm/index.js')).toBe(true);
    expect(forbidden('/r/node_modules/@mui/icons-material/esm/Visibility.js')).toBe(false);
    expect(forbidden('/r/node_modules/@mui/material/esm/styles/createThemeWithVars.js')).toBe(true);
    expect(forbidden('/r/node_modules/@mui/system/esm/cssVars/createCssVarsProvider.js')).toBe(true);
    expect(forbidden('/r/node_modules/@mui/material/esm/styles/createThemeNoVars.js')).toBe(false);
  });
});
