import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['common/**/*.test.{ts,tsx}', 'learner/**/*.test.{ts,tsx}', 'admin/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/unit.ts'],
          // Whole screens render per test in jsdom: 2–4 s on an idle two-core machine, so the default 5 s
          // fails them when CI runs these beside the API tests. A broken screen still fails at its waits.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts', 'server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
