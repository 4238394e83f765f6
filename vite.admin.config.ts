import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Admin SPA: admin/ -> dist/admin, served at /admin/. Dev: `vite --config vite.admin.config.ts` with the API on :8080.
export default defineConfig({
  root: path.resolve(__dirname, 'admin'),
  base: '/admin/',
  plugins: [react()],
  build: { outDir: path.resolve(__dirname, 'dist/admin'), emptyOutDir: true, chunkSizeWarningLimit: 3000 },
  server: { port: 5174, proxy: { '/api': 'http://127.0.0.1:8080' } },
});
