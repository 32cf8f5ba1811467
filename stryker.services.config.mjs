// @ts-check
/**
 * Mutation testing of the payment and order services (`npm run mutate:services`, part of `npm run mutate`,
 * not of `npm test`). The cms integration tests drive the server in a child process, which Stryker cannot
 * instrument; these services are judged by the in-process tests in cms/test/inprocess instead, which start
 * Payload and the app inside the vitest worker (cms/test/inprocess/setup.ts).
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  // Only the in-process tests: none of the others can see the mutated code.
  vitest: { configFile: 'stryker.services.vitest.config.ts', related: false },
  coverageAnalysis: 'perTest',
  mutate: [
    'cms/services/payments.ts',
    'cms/services/orders.ts',
    'cms/services/order-notices.ts',
    'cms/services/payment-reconciler.ts',
    'cms/services/paypal-webhook.ts',
    'cms/lib/conditional-update.ts',
  ],
  // The sandbox needs the cms sources and tests, the shared package and the root configs.
  ignorePatterns: [
    'web',
    'cms/.next',
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
  htmlReporter: { fileName: 'reports/mutation-services/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation-services/mutation.json' },
  // Two cores on the build machine; every test run starts Payload on a fresh SQLite file (~3 s).
  concurrency: 2,
  timeoutMS: 20_000,
  thresholds: { high: 85, low: 70, break: null },
};
