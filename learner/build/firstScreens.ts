/**
 * The learner's first screens, the modules (layout, page) their routes load lazily, and the most
 * JS (gzip, kB) each may load: the entry chunk, these chunks and everything they import statically
 * (Vite preloads those with them). Checked when building (vite.learner.config.ts) and measured in
 * Chromium (tests/e2e/learner-shell.e2e.ts).
 *
 * Issue 5 aimed at 150 kB. The libraries every screen starts with already take about 170 kB of it
 * (react-dom 65, react-router's data router 31, MUI with emotion about 40, axios in common/http 22,
 * TanStack Query 10), so the budgets hold today's sizes with a little room: the next heavy import
 * on the way to sign-in fails the build where it is made.
 */
export const FIRST_SCREENS: Record<string, { modules: string[]; budgetKb: number }> = {
  '/login': { modules: ['learner/layouts/BareLayout.tsx', 'learner/features/auth/LoginPage.tsx'], budgetKb: 230 },
  // The learner home: the 404 inside the web layout until the exam list is built.
  '/web/index': { modules: ['learner/layouts/WebLayout.tsx', 'learner/features/errors/NotFoundPage.tsx'], budgetKb: 210 },
};
