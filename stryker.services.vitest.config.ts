import { defineConfig } from 'vitest/config';

/** The tests Stryker runs against each mutant of the services (stryker.services.config.mjs): the in-process ones. */
export default defineConfig({
  test: {
    include: ['cms/test/inprocess/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
