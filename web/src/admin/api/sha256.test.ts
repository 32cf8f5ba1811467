import { describe, expect, it, vi } from 'vitest';
import { sha256Hex, sha256HexPure } from './sha256';

// Digests from FIPS 180-4's examples and `printf '%s' … | sha256sum`.
const ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
const EMPTY = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const TWO_BLOCKS = '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1';

describe('sha256HexPure', () => {
  it('when hashing "abc", then it gives the FIPS 180-4 digest', () => {
    expect(sha256HexPure('abc')).toBe(ABC);
  });

  it('when hashing the empty text, then it gives the digest of no bytes', () => {
    expect(sha256HexPure('')).toBe(EMPTY);
  });

  it('when the message needs a second padding block (56 bytes), then the digest is still right', () => {
    expect(sha256HexPure('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(TWO_BLOCKS);
  });

  it('when the message spans many blocks (1000 × "a"), then every block is chained into the digest', () => {
    expect(sha256HexPure('a'.repeat(1000))).toBe('41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3');
  });

  it('when the text has non-ASCII characters, then its UTF-8 bytes are hashed', () => {
    // printf '%s' 'Caffè€' | sha256sum
    expect(sha256HexPure('Caffè€')).toBe('8c22493a5691481f553615673d4d729ed010996082cb65fa9183b01ebce02a4d');
  });
});

describe('sha256Hex', () => {
  it('when Web Crypto is available, then it gives the same digest as the pure version', async () => {
    expect(await sha256Hex('abc')).toBe(ABC);
  });

  it('when Web Crypto is missing (insecure context), then it falls back to the pure version', async () => {
    vi.stubGlobal('crypto', undefined);
    try {
      expect(await sha256Hex('abc')).toBe(ABC);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
