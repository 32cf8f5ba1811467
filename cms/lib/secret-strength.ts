import { createRequire } from 'node:module';
import type * as ZxcvbnCore from '@zxcvbn-ts/core';
import type * as ZxcvbnCommon from '@zxcvbn-ts/language-common';
import type * as ZxcvbnEnglish from '@zxcvbn-ts/language-en';

/**
 * How hard a configured secret (PAYLOAD_SECRET, an S3 secret key, a Redis password) is to guess, judged by
 * zxcvbn-ts with its common and English dictionaries: it finds what an attacker tries first (words and
 * common passwords, keyboard walks such as `qwertyuiop`, sequences such as `abcdef…`, repeats, dates, l33t
 * spellings) and estimates the guesses the cheapest mix of them needs.
 *
 * zxcvbn's estimate of random text is a lower bound (10 guesses a character): `openssl rand -hex 32` scores
 * about 10^60, and the shortest secret production takes, 32 random hex digits, never scored under 10^27 in
 * 900 draws. What people type as placeholders stays far below: the alphabet run scores 10^4, a keyboard
 * walk 10^12, a repeated word 10^1.
 */
export const MIN_SECRET_GUESSES_LOG10 = 25;

/**
 * zxcvbn tries every l33t reading of a secret; 100 of them (its default) take over a second for 64 hex
 * digits, 10 about 0.1 s and still read `p4ssw0rd`.
 */
const L33T_MAX_SUBSTITUTIONS = 10;

export interface NamedSecret {
  /** How the startup message names it ("PAYLOAD_SECRET", "The password in REDIS_URL"). */
  name: string;
  value: string;
}

/**
 * Why each secret that is too easy to guess is, as the end of a sentence ("could be found in about 10^4
 * guesses …"), keyed by name; empty when all are acceptable.
 *
 * The dictionaries are about 30 MB of heap once loaded, and this runs once, at a production start. They are
 * loaded here rather than imported (so a development start and every other process never load them) and
 * dropped from the module cache afterwards, so the heap they took is given back to a shop that runs within
 * --max-old-space-size=160.
 */
export function weakSecrets(secrets: readonly NamedSecret[]): Map<string, string> {
  const weak = new Map<string, string>();
  if (secrets.length === 0) return weak;
  const require = createRequire(import.meta.url);
  const before = new Set(Object.keys(require.cache));
  try {
    const { ZxcvbnFactory } = require('@zxcvbn-ts/core') as typeof ZxcvbnCore;
    const common = require('@zxcvbn-ts/language-common') as typeof ZxcvbnCommon;
    const english = require('@zxcvbn-ts/language-en') as typeof ZxcvbnEnglish;
    const zxcvbn = new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: english.translations,
      l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
    });
    for (const { name, value } of secrets) {
      const result = zxcvbn.check(value);
      if (result.guessesLog10 >= MIN_SECRET_GUESSES_LOG10) continue;
      const why = result.feedback.warning ? ` (${result.feedback.warning.replace(/\.$/, '')})` : '';
      weak.set(
        name,
        `could be found in about 10^${Math.floor(result.guessesLog10)} guesses${why}, where a random secret ` +
          `takes at least 10^${MIN_SECRET_GUESSES_LOG10}`,
      );
    }
  } finally {
    // Every module this check loaded (zxcvbn's and theirs, such as fastest-levenshtein): one left in the cache
    // keeps the whole chain that first required it, dictionaries included, alive.
    for (const file of Object.keys(require.cache)) if (!before.has(file)) delete require.cache[file];
  }
  return weak;
}
