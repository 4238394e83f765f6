/**
 * The learner's first screens: the modules (layout, page) their routes load lazily, and the most
 * JS (gzip, kB) each may load: the entry chunk, these chunks and everything they import statically
 * (Vite preloads those with them). Checked when building (learner/build/firstLoadBudget.ts, which
 * prints every screen's size and fails the build when one is over) and measured in Chromium
 * (tests/e2e/learner-shell.e2e.ts).
 *
 * Issue 26 §6: 210 kB for sign-in, the learner home and the exam page, with React 19 itself (issue 5
 * §5 and issue 7 had 150 kB on preact/compat, which the tests never ran; React costs about 50 kB more).
 * What keeps it there: XMLHttpRequest instead of axios in common/http, a TypeBox stub, react-router's
 * production build (vite.learner.config.ts), lazy routes, MUI's theme without CSS variables
 * (muiWithoutCssVars.ts) and MUI imported per component.
 *
 * A screen whose route is not built yet is `pending`: while none of its modules exists the build
 * lists it as not built; once any exists (or its path appears in learner/config/paths.ts) every
 * listed module must exist and the budget applies.
 */
export interface FirstScreen {
  /** Repository-relative modules the route loads lazily (its layout and its page). */
  modules: string[];
  budgetKb: number;
  /** Who builds the route, while it is not built yet. */
  pending?: string;
}

export const FIRST_SCREENS: Record<string, FirstScreen> = {
  '/login': { modules: ['learner/layouts/BareLayout.tsx', 'learner/features/auth/LoginPage.tsx'], budgetKb: 210 },
  // The learner home: the exam list.
  '/web/index': { modules: ['learner/layouts/WebLayout.tsx', 'learner/features/exam/ExamListPage.tsx'], budgetKb: 210 },
  // The exam page: no layout of its own (its bar is part of the page).
  '/web/exam/start/:id': { modules: ['learner/features/exam/ExamPage.tsx'], budgetKb: 210 },
};

/**
 * Packages that must never be in a first screen's JS: they belong to later screens (date locales,
 * search, rich-text editing, spreadsheets), to the server (schemas: stubbed), or to what the
 * learner build replaces (axios by XMLHttpRequest); and preact, since the learner app ships the React
 * its tests run. Also the icon barrel: import icons one by one. Rules with `entryOnly` keep a package out of the entry chunk
 * (which every screen loads) but let a screen that needs it load it with its own chunks.
 */
export const NOT_ON_FIRST_LOAD: { pattern: RegExp; why: string; entryOnly?: boolean }[] = [
  { pattern: /node_modules\/preact\//, why: 'preact (the learner app ships React 19, which its tests run)' },
  { pattern: /node_modules\/react-router\/dist\/development\//, why: "react-router's development build (vite.learner.config.ts aliases the production one)" },
  { pattern: /node_modules\/axios\//, why: 'axios (common/http uses XMLHttpRequest)' },
  { pattern: /node_modules\/@sinclair\/typebox\//, why: 'TypeBox (stubbed in the browser)' },
  { pattern: /node_modules\/dayjs\/(locale|plugin)\//, why: 'a dayjs locale or plugin' },
  { pattern: /node_modules\/dayjs\//, why: 'dayjs (load common/format with the screens that show dates)', entryOnly: true },
  { pattern: /node_modules\/fuse\.js\//, why: 'fuse.js' },
  { pattern: /node_modules\/@tiptap\/|node_modules\/prosemirror-/, why: 'the rich-text editor' },
  { pattern: /node_modules\/sanitize-html\//, why: 'sanitize-html' },
  { pattern: /node_modules\/(exceljs|pdfjs-dist|mammoth)\//, why: 'a document library' },
  {
    pattern: /node_modules\/@mui\/(material\/esm\/styles\/(createThemeWithVars|ThemeProviderWithVars)|system\/esm\/cssVars\/)/,
    why: "MUI's CSS-variables theme (learner/build/muiWithoutCssVars.ts no longer matches MUI's files)",
  },
  { pattern: /node_modules\/@mui\/icons-material\/(esm\/)?index\.js$/, why: 'the whole icon set (import each icon from @mui/icons-material/Name)' },
];
