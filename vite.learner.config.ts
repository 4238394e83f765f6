import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { firstLoadBudget } from './learner/build/firstLoadBudget';
import { muiWithoutCssVars } from './learner/build/muiWithoutCssVars';

// Learner SPA: learner/ -> dist/learner, served at /. Dev: `vite --config vite.learner.config.ts` with the API on :8080.
export default defineConfig({
  root: path.resolve(__dirname, 'learner'),
  base: '/',
  // Prints each first screen's JS with its budget and fails the build when one is over (learner/build/).
  plugins: [react(), muiWithoutCssVars(), firstLoadBudget(__dirname)],
  resolve: {
    alias: [
      // Schemas are the server's business: the browser build gets a placeholder (see the stub's comment).
      { find: '@sinclair/typebox', replacement: path.resolve(__dirname, 'learner/build/typebox-stub.ts') },
      // The learner app runs on preact/compat (about 11 kB gzip) instead of react-dom (about 60 kB):
      // MUI, TanStack Query, react-hook-form and react-router use only what compat provides; the unit
      // tests keep React, the end-to-end tests run this build. The admin app (react-admin) keeps React.
      // Learner code must not use React-19-only APIs (use(), useActionState, useOptimistic, ref as a
      // plain prop of a function component): compat reports React 18.3.1.
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  build: {
    outDir: path.resolve(__dirname, 'dist/learner'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // A re-export cycle split over two chunks can run modules out of order in the browser: it
      // fails the build (and CI) rather than scrolling past in the log.
      onwarn(warning, warn) {
        if (warning.code === 'CYCLIC_CROSS_CHUNK_REEXPORT') throw new Error(`learner build: ${warning.message}`);
        warn(warning);
      },
      // common/api and common/codes define every endpoint and code table of both apps at import
      // time; these builders have no side effects, so what the learner never reads is left out.
      treeshake: { manualPureFunctions: ['Type', 'defineApi', 'codeTable'] },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:8080', '/admin': 'http://127.0.0.1:8080' } },
});
