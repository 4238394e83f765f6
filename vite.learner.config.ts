import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import type { OutputBundle, OutputChunk } from 'rollup';
import { FIRST_SCREENS } from './learner/build/firstScreens';

/**
 * Prints the first-load JS of each first screen after Vite's chunk table, and fails the build when
 * one is over budget (so a heavy import on the way to sign-in is caught where it is made).
 */
function firstLoadBudget(screens: typeof FIRST_SCREENS): Plugin {
  let report: string[] = [];
  return {
    name: 'examhall:first-load-budget',
    apply: 'build',
    generateBundle(_options, bundle: OutputBundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const gzip = new Map(chunks.map((c) => [c.fileName, gzipSync(c.code).length]));
      report = [];
      const over: string[] = [];
      for (const [screen, { modules, budgetKb }] of Object.entries(screens)) {
        const loaded = new Set<string>();
        const visit = (chunk: OutputChunk) => {
          if (loaded.has(chunk.fileName)) return;
          loaded.add(chunk.fileName);
          chunk.imports.forEach((file) => visit(bundle[file] as OutputChunk));
        };
        visit(entry);
        for (const module of modules) {
          const chunk = chunks.find((c) => c.moduleIds.includes(path.resolve(__dirname, module)));
          if (!chunk) this.error(`first-load budget: no chunk for ${module} (${screen}); update FIRST_SCREENS in vite.learner.config.ts`);
          visit(chunk);
        }
        const kb = [...loaded].reduce((sum, file) => sum + (gzip.get(file) ?? 0), 0) / 1000;
        report.push(`  ${screen.padEnd(12)} ${kb.toFixed(2).padStart(7)} kB gzip in ${loaded.size} chunks (budget ${budgetKb} kB)`);
        if (kb > budgetKb) over.push(`${screen} ${kb.toFixed(2)} kB > ${budgetKb} kB`);
      }
      if (over.length) this.error(`first-load JS over budget: ${over.join(', ')} (see FIRST_SCREENS in vite.learner.config.ts)`);
    },
    closeBundle() {
      if (report.length) console.log(`\nFirst-load JS of the learner's first screens:\n${report.join('\n')}\n`);
    },
  };
}

// Learner SPA: learner/ -> dist/learner, served at /. Dev: `vite --config vite.learner.config.ts` with the API on :8080.
export default defineConfig({
  root: path.resolve(__dirname, 'learner'),
  base: '/',
  plugins: [react(), firstLoadBudget(FIRST_SCREENS)],
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
      // common/api and common/codes define every endpoint and code table of both apps at import
      // time; these builders have no side effects, so what the learner never reads is left out.
      treeshake: { manualPureFunctions: ['Type', 'defineApi', 'codeTable'] },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:8080', '/admin': 'http://127.0.0.1:8080' } },
});
