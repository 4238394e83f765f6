import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** The most JavaScript (gzip) the first screen (sign-in to the dashboard) may load. */
const FIRST_SCREEN_BUDGET_KB = 400;

/**
 * After Vite's per-chunk table: what the first screen loads (the entry and the chunks it imports
 * statically; every screen past the dashboard is a lazy chunk), against the budget.
 */
function firstScreenSize(): Plugin {
  return {
    name: 'examhall-first-screen-size',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
      const entry = [...chunks.values()].find((c) => c.isEntry);
      if (!entry) return;
      const loaded = new Set<string>();
      const visit = (name: string) => {
        if (loaded.has(name)) return;
        loaded.add(name);
        chunks.get(name)?.imports.forEach(visit);
      };
      visit(entry.fileName);
      const gzip = [...loaded].reduce((sum, name) => sum + gzipSync(chunks.get(name)!.code).length, 0) / 1000;
      const verdict = gzip <= FIRST_SCREEN_BUDGET_KB ? 'within' : 'OVER';
      this.info(`first screen: ${loaded.size} chunk(s), ${gzip.toFixed(1)} kB gzip of JavaScript (${verdict} the ${FIRST_SCREEN_BUDGET_KB} kB budget)`);
      if (gzip > FIRST_SCREEN_BUDGET_KB) this.warn(`the first screen loads ${gzip.toFixed(1)} kB gzip, over the ${FIRST_SCREEN_BUDGET_KB} kB budget`);
    },
  };
}

// Admin SPA: admin/ -> dist/admin, served at /admin/. Dev: `vite --config vite.admin.config.ts` with the API on :8080.
// Each screen past the dashboard is its own chunk (lazy resources); Vite prints every chunk's size.
export default defineConfig({
  root: path.resolve(__dirname, 'admin'),
  base: '/admin/',
  plugins: [react(), firstScreenSize()],
  build: {
    outDir: path.resolve(__dirname, 'dist/admin'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // Such a cycle can run modules out of order in the browser: a new one fails the build (and
      // CI) rather than scrolling past in the log.
      onwarn(warning, warn) {
        if (warning.code === 'CYCLIC_CROSS_CHUNK_REEXPORT') throw new Error(`admin build: ${warning.message}`);
        warn(warning);
      },
      output: {
        // ra-core's util/index.js re-exports FieldTitle, and FieldTitle imports i18n, which imports
        // util/index.js: a module cycle. The first screen uses util/index.js but not FieldTitle, so
        // by default they land in different chunks and Rollup warns, once per lazy importer (the
        // inputs, DataTable, our DeptTreeSelect), of a circular dependency between chunks that
        // could run modules out of order. Keeping the two in one small chunk breaks the chunk cycle;
        // `onlyExplicitManualChunks` keeps their dependencies (React, the rest of ra-core) where
        // Rollup would put them, so the first screen grows by FieldTitle alone (about 0.5 kB).
        onlyExplicitManualChunks: true,
        manualChunks(id) {
          if (/[\\/]ra-core[\\/]dist[\\/]util[\\/](FieldTitle|index)\.js$/.test(id)) return 'ra-field-title';
          // The route search's pinyin dictionary, loaded when the search opens: named for the size table.
          if (/[\\/]node_modules[\\/]pinyin-pro[\\/]/.test(id)) return 'pinyin-pro';
        },
      },
    },
  },
  server: { port: 5174, proxy: { '/api': 'http://127.0.0.1:8080' } },
});
