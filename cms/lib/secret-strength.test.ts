import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { weakSecrets } from './secret-strength';

/** Made with `openssl rand -hex 32` (three), `openssl rand -hex 16` (32 digits, the shortest production takes) and `openssl rand -base64 32`. */
const OPENSSL_SECRETS = [
  '912ea95b5b4bb2b3bff638979c9712db08292c82c4c6f6af5ee85d45cdab163a',
  '59b749cc2b7df86b00542bdcff09304689ae90ef4b651dadb4e9162158c1991d',
  '3067e64ed1d740b1fd0158639792726cd50f0a0de9bfa99120fba8cc709da0f2',
  '3adeb2c7d214ae4c3ffed9fcde52dd21',
  'nGQoxAgpraRonAC//g6xOXWUd/S4/oKpvFxnKQLwjbQ=',
];

const judge = (...values: string[]) =>
  Object.fromEntries(weakSecrets(values.map((value, i) => ({ name: `SECRET_${i}`, value }))));

describe('weakSecrets', () => {
  it('when the secrets are what openssl rand makes, then every one passes', () => {
    expect(judge(...OPENSSL_SECRETS)).toEqual({});
  });

  it('when a secret is the alphabet and digits in a row (32 different characters), then it is refused as a sequence', () => {
    expect(judge('abcdefghijklmnopqrstuvwxyz012345')).toEqual({
      SECRET_0:
        'could be found in about 10^4 guesses (Common character sequences like "abc" are easy to guess), ' +
        'where a random secret takes at least 10^25',
    });
  });

  it('when a secret is a keyboard walk, a repeated word or a repeated run, then each is refused', () => {
    const weak = judge(
      'qwertyuiopasdfghjklzxcvbnm123456',
      'passwordpasswordpasswordpassword',
      'oliveoliveoliveoliveoliveoliveolive',
      '0123456789abcdef0123456789abcdef',
      'p4ssw0rdp4ssw0rdp4ssw0rdp4ssw0rd',
      'zyxwvutsrqponmlkjihgfedcba987654',
    );
    expect(Object.keys(weak)).toEqual(['SECRET_0', 'SECRET_1', 'SECRET_2', 'SECRET_3', 'SECRET_4', 'SECRET_5']);
    // A keyboard walk made of dictionary runs: no warning of zxcvbn's own, the estimate says it.
    expect(weak.SECRET_0).toBe('could be found in about 10^12 guesses, where a random secret takes at least 10^25');
    expect(weak.SECRET_1).toBe(
      'could be found in about 10^1 guesses (Repeated character patterns like "abcabcabc" are easy to guess), ' +
        'where a random secret takes at least 10^25',
    );
  });

  it('when strong and weak secrets are judged together, then only the weak ones are named', () => {
    expect(Object.keys(judge(OPENSSL_SECRETS[0], 'minioadmin', OPENSSL_SECRETS[1], 'olive-oil'))).toEqual([
      'SECRET_1',
      'SECRET_3',
    ]);
  });

  it('when the check is done, then no zxcvbn module stays loaded (its dictionaries can be collected)', () => {
    judge(OPENSSL_SECRETS[0]);
    const cache = createRequire(import.meta.url).cache;
    expect(Object.keys(cache).filter((file) => /[\\/](@zxcvbn-ts|fastest-levenshtein)[\\/]/.test(file))).toEqual([]);
  });

  it('when there is nothing to judge, then nothing is loaded', () => {
    expect(weakSecrets([]).size).toBe(0);
  });
});
