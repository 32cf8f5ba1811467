// @ts-check
/**
 * Mutation testing (`npm run mutate`, not part of `npm test`): how many planted bugs the unit tests catch.
 * Only code that runs inside the vitest process can be judged; the cms integration tests drive the server
 * in a child process, which Stryker cannot instrument, so the services are left out until they have
 * in-process tests. Every source file of packages/shared is mutated, the zod contracts and the enum and
 * message catalogues included: their tests state the expected texts, limits and error messages as literals.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'stryker.vitest.config.ts' },
  coverageAnalysis: 'perTest',
  mutate: ['packages/shared/src/**/*.ts', '!packages/shared/src/**/*.test.ts'],
  // The sandbox needs the shared package and the root configs only; copying the app and its data is slow.
  ignorePatterns: [
    'cms',
    'web',
    'bench',
    'data',
    'scripts',
    'test-results',
    'playwright-report',
    'artifacts',
    'reports',
  ],
  tempDirName: '.stryker-tmp',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // Two cores on the build machine.
  concurrency: 2,
  thresholds: { high: 85, low: 70, break: null },
};
