import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'web/src/**/*.test.ts', 'cms/**/*.test.ts'],
          // cms/test holds the integration tests (the project below); the unit tests sit beside the code.
          exclude: ['cms/test/**', 'cms/.next/**', '**/node_modules/**'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['cms/test/**/*.test.ts'],
          environment: 'node',
          // Each file starts its own server on its own SQLite file; two cores run two at a time.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
