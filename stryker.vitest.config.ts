import { defineConfig } from 'vitest/config';

/** The unit tests Stryker runs against each mutant: only those of the code it mutates (stryker.config.mjs). */
export default defineConfig({
  test: {
    include: ['packages/shared/src/**/*.test.ts'],
    environment: 'node',
  },
});
