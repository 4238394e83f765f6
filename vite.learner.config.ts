import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { firstLoadBudget } from './learner/build/firstLoadBudget';
import { muiWithoutCssVars } from './learner/build/muiWithoutCssVars';

// Learner SPA: learner/ -> dist/learner, served at /. Dev: `vite --config vite.learner.config.ts` with the API on :8080.
export default defineConfig(({ command }) => ({
  root: path.resolve(__dirname, 'learner'),
  base: '/',
  // Prints each first screen's JS with its budget and fails the build when one is over (learner/build/).
  plugins: [react(), muiWithoutCssVars(), firstLoadBudget(__dirname)],
  // React 19 itself, as in the admin app and the unit and component tests: no alias to preact/compat,
  // so what the tests run is what learners get (issue 26 §6; the budget check forbids preact).
  resolve: {
    alias: [
      // Schemas are the server's business: the browser build gets a placeholder (see the stub's comment).
      { find: '@sinclair/typebox', replacement: path.resolve(__dirname, 'learner/build/typebox-stub.ts') },
      // react-router 7's package exports name only its development build (remix-run/react-router#14102),
      // so without this a production build ships its dev warnings (about 1.7 kB gzip). Its production
      // build differs only in ENABLE_DEV_WARNINGS = false; `vite` dev and the tests keep the warnings.
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.resolve(__dirname, 'node_modules/react-router/dist/production/dom-export.mjs') },
          ]
        : []),
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
  // The face worker (learner/features/face) is an ES module worker, its own chunk.
  worker: { format: 'es' },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:8080', '/admin': 'http://127.0.0.1:8080', '/models': 'http://127.0.0.1:8080' } },
}));
