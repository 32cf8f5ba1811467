import { describe, expect, it } from 'vitest';
import { stripControlCharacters } from './control-characters';

describe('stripControlCharacters', () => {
  it('when a string holds NUL and the other C0 controls, then they go and tab, newline and CR stay', () => {
    expect(stripControlCharacters('a\u0000b\u0001c\u001Fd\u007Fe\tf\ng\rh')).toBe('abcde\tf\ng\rh');
  });

  it('when a string holds bidirectional overrides and isolates, then every one of them goes', () => {
    const overrides = '\u202A\u202B\u202C\u202D\u202E';
    const isolates = '\u2066\u2067\u2068\u2069';
    expect(stripControlCharacters(`Gift${overrides}card${isolates}.pdf`)).toBe('Giftcard.pdf');
  });

  it('when a string holds left-to-right and right-to-left marks, then they are kept', () => {
    expect(stripControlCharacters('\u200Fשלום\u200E 1')).toBe('\u200Fשלום\u200E 1');
  });

  it('when the data is nested (groups, array rows), then every string in it is cleaned', () => {
    const data = {
      name: 'Olio\u0000',
      count: 3,
      published: true,
      none: null,
      rows: [{ item: '\u202Esalt' }, 'pep\u2066per'],
      group: { deeper: { text: 'x\u0000y' } },
    };
    expect(stripControlCharacters(data)).toEqual({
      name: 'Olio',
      count: 3,
      published: true,
      none: null,
      rows: [{ item: 'salt' }, 'pepper'],
      group: { deeper: { text: 'xy' } },
    });
  });

  it('when a value is not a string, array or plain object, then it is returned as it is', () => {
    const when = new Date(0);
    const bytes = Buffer.from([0, 1, 2]);
    expect(stripControlCharacters({ when, bytes }).when).toBe(when);
    expect(stripControlCharacters({ when, bytes }).bytes).toBe(bytes);
  });

  it('when clean text is given, then it comes back unchanged', () => {
    expect(stripControlCharacters('Caffè «Napoli» — 50% off_now')).toBe('Caffè «Napoli» — 50% off_now');
  });
});
