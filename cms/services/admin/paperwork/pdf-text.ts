/**
 * PDF's standard fonts (Helvetica, which needs no font file) encode text as WinAnsi: Latin-1 plus the
 * Windows-1252 extras (€, curly quotes, dashes, Œ, Š, Ž…). pdfkit writes any other character as a wrong glyph
 * without complaint, so a Polish "Łódź" would print as garbage. Text is brought into that set first: accents
 * outside it are dropped from their letter ("Ś" → "S"), a few letters without a decomposition are spelt the
 * way their own languages do in ASCII, and anything else (scripts, emoji, controls) becomes "?".
 */

const WINDOWS_1252_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const SPELLED: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  Ŧ: 'T',
  ŧ: 't',
  ſ: 's',
  '\u2212': '-', // minus sign
  '\u2010': '-',
  '\u2011': '-',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
};

const encodable = (ch: string): boolean => {
  const code = ch.codePointAt(0) ?? 0;
  return (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WINDOWS_1252_EXTRAS.has(ch);
};

const COMBINING_MARKS = /\p{M}/gu;

/** `value` in the characters Helvetica can print; line breaks and tabs become spaces. */
export function pdfText(value: string): string {
  let out = '';
  for (const ch of value.normalize('NFC')) {
    if (encodable(ch)) out += ch;
    else if (ch === '\n' || ch === '\r' || ch === '\t') out += ' ';
    else if (SPELLED[ch] !== undefined) out += SPELLED[ch];
    else {
      const base = ch.normalize('NFD').replace(COMBINING_MARKS, '');
      out += base !== ch && [...base].every(encodable) ? base : '?';
    }
  }
  return out;
}
