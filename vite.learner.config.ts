import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Learner SPA: learner/ -> dist/learner, served at /. Dev: `vite --config vite.learner.config.ts` with the API on :8080.
export default defineConfig({
  root: path.resolve(__dirname, 'learner'),
  base: '/',
  plugins: [react()],
  build: { outDir: path.resolve(__dirname, 'dist/learner'), emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:8080', '/admin': 'http://127.0.0.1:8080' } },
});
