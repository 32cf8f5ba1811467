import { describe, expect, it } from 'vitest';
import { estimateSecretBits, secretWeakness } from './secret-strength';

// Each hex digit exactly four times, in four different orders: 64 characters × log2(16) = 256 bits.
const EVEN_HEX = '0123456789abcdef' + 'fedcba9876543210' + '02468ace13579bdf' + '13579bdf02468ace';

describe('estimateSecretBits', () => {
  it('when the secret is empty, then it carries 0 bits', () => {
    expect(estimateSecretBits('')).toBe(0);
  });

  it('when one character repeats, then it carries 0 bits', () => {
    expect(estimateSecretBits('aaaaaaaa')).toBe(0);
  });

  it('when two characters alternate, then each carries 1 bit', () => {
    expect(estimateSecretBits('abab')).toBe(4);
  });

  it('when 16 characters are used equally often, then each carries 4 bits', () => {
    expect(estimateSecretBits('abcdefghijklmnop')).toBe(64);
    expect(estimateSecretBits(EVEN_HEX)).toBe(256);
  });

  it('when a character lies outside the basic plane, then it counts once, not as two halves', () => {
    expect(estimateSecretBits('🫒🫒')).toBe(0);
  });
});

describe('secretWeakness', () => {
  it('when the secret is 32 times the same letter, then it names the one character', () => {
    expect(secretWeakness('a'.repeat(32))).toBe('uses only 1 different character (at least 10 needed)');
  });

  it('when the secret uses 9 different characters, then it is refused for that', () => {
    expect(secretWeakness('abcdefghi'.repeat(4))).toBe('uses only 9 different characters (at least 10 needed)');
  });

  it('when the secret is a word of 10 letters said four times, then it names the word', () => {
    expect(secretWeakness('abcdefghij'.repeat(4))).toBe('repeats "abcdefghij"');
  });

  it('when 20 characters use 10 letters twice each, then it reports 66 bits', () => {
    // 20 × log2(10) = 66.4
    expect(secretWeakness('aabbccddeeffgghhiijj')).toBe('carries about 66 bits of entropy (at least 128 needed)');
  });

  it('when 32 different characters are used once each, then 160 bits pass', () => {
    expect(secretWeakness('abcdefghijklmnopqrstuvwxyz012345')).toBeNull();
  });

  it('when 16 different characters are used twice each in two orders, then 128 bits pass exactly', () => {
    // 32 × log2(16) = 128: the floor of the threshold itself.
    expect(secretWeakness('0123456789abcdef' + 'fedcba9876543210')).toBeNull();
  });

  it('when 31 characters use 16 digits (just under 128 bits), then it is refused', () => {
    // 15 digits twice and one once: 31 × H = 123.07 bits.
    expect(secretWeakness('0123456789abcdef' + 'edcba9876543210')).toBe(
      'carries about 123 bits of entropy (at least 128 needed)',
    );
  });

  it('when the secret is what openssl rand -hex 32 looks like, then it passes', () => {
    expect(secretWeakness(EVEN_HEX)).toBeNull();
  });
});
