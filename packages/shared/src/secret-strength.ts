/**
 * How hard a configured secret (PAYLOAD_SECRET, an S3 secret key, a Redis password) is to guess. A length
 * rule alone lets `aaaa…` through; this estimates the entropy from the characters actually used, which is
 * what a placeholder, a repeated word or a keyboard run lacks. It cannot prove a secret random; it catches
 * the ones that are plainly not.
 */

/** What `openssl rand -hex 32` gives (256 bits, estimated at about 240) clears this with room to spare. */
export const MIN_SECRET_BITS = 128;
/** A random 64-character hex string uses 16 digits, almost never fewer than 12; a word uses a handful. */
export const MIN_SECRET_DISTINCT_CHARACTERS = 10;

/**
 * Bits of entropy estimated as the length times the Shannon entropy of the secret's own character
 * frequencies: `aaaa` scores 0, `abab` 1 bit a character.
 */
export function estimateSecretBits(secret: string): number {
  const characters = [...secret];
  if (characters.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const c of characters) counts.set(c, (counts.get(c) ?? 0) + 1);
  let perCharacter = 0;
  for (const count of counts.values()) {
    const p = count / characters.length;
    perCharacter -= p * Math.log2(p);
  }
  return characters.length * perCharacter;
}

/**
 * Why the secret is too easy to guess, as the end of a sentence ("has only 1 different character"), or null
 * when it is acceptable.
 */
export function secretWeakness(secret: string): string | null {
  const characters = [...secret];
  const distinct = new Set(characters).size;
  if (distinct < MIN_SECRET_DISTINCT_CHARACTERS) {
    return `uses only ${distinct} different character${distinct === 1 ? '' : 's'} (at least ${MIN_SECRET_DISTINCT_CHARACTERS} needed)`;
  }
  const unit = /^([\s\S]+?)\1+$/.exec(secret);
  if (unit) return `repeats "${unit[1]}"`;
  const bits = Math.floor(estimateSecretBits(secret));
  if (bits < MIN_SECRET_BITS) return `carries about ${bits} bits of entropy (at least ${MIN_SECRET_BITS} needed)`;
  return null;
}
