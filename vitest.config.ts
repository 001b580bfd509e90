import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // API test files run in parallel (each gets its own database), two at a time.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          // Pure code, and the payment emulators' answers checked against the providers' published shapes.
          include: ['packages/*/src/**/*.test.ts', 'apps/server/test/emulators/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Web code that runs without a browser (the translator); vite's import.meta.glob works here.
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          // One embedded PostgreSQL for the whole run, with a migrated and seeded template.
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['apps/server/test/one-query-per-client.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          // The shop as real processes: start, SIGTERM, SIGKILL and restart, several servers on one database.
          name: 'process',
          include: ['apps/server/test/process/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
