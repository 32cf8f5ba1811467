import type { RunOptions } from 'axe-core';

/**
 * axe's run options that every spec's check passes first (AxeBuilder's `options()` replaces what was set before
 * it, so it comes before `withTags`/`include`). axe works out a unique selector for every node of every result,
 * passes and inapplicable ones included, before it answers; the specs read only the violations, which keep all
 * their nodes and selectors this way. The rules run and what they find are the same; a full page such as the
 * shop's is checked in about half the time. (admin-refund, admin-timeline and issue31-orders run axe in the page
 * themselves and pass the same option there.)
 */
export const VIOLATIONS_ONLY: RunOptions = { resultTypes: ['violations'] };
