import { describe, expect, it } from 'vitest';
import { safeCell } from './csv-stream';

describe('safeCell', () => {
  it('when a text starts with =, then it is written after an apostrophe', () => {
    expect(safeCell('=HYPERLINK("http://evil.example","x")')).toBe('\'=HYPERLINK("http://evil.example","x")');
  });

  it('when a text starts with +, then it is written after an apostrophe', () => {
    expect(safeCell('+39 055 123456')).toBe("'+39 055 123456");
  });

  it('when a text starts with -, then it is written after an apostrophe', () => {
    expect(safeCell('-2+3+cmd|" /C calc"!A0')).toBe('\'-2+3+cmd|" /C calc"!A0');
  });

  it('when a text starts with @, then it is written after an apostrophe', () => {
    expect(safeCell('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
  });

  it('when a text starts with a tab, then it is written after an apostrophe', () => {
    expect(safeCell('\t=1+1')).toBe("'\t=1+1");
  });

  it('when a text starts with a carriage return, then it is written after an apostrophe', () => {
    expect(safeCell('\r=1+1')).toBe("'\r=1+1");
  });

  it('when a text is only one of those characters, then it still gets the apostrophe', () => {
    expect(safeCell('=')).toBe("'=");
    expect(safeCell('-')).toBe("'-");
  });

  it('when a text holds = + - @ tab or carriage return only after its first character, then it is left alone', () => {
    expect(safeCell('Rossi = Bianchi')).toBe('Rossi = Bianchi');
    expect(safeCell('Olio+Aceto')).toBe('Olio+Aceto');
    expect(safeCell('Anna-Maria')).toBe('Anna-Maria');
    expect(safeCell('anna@example.com')).toBe('anna@example.com');
    expect(safeCell('a\tb')).toBe('a\tb');
    expect(safeCell('line one\r\nline two')).toBe('line one\r\nline two');
  });

  it('when a text starts with an ordinary character or is empty, then it is left alone', () => {
    expect(safeCell('Maria Rossi')).toBe('Maria Rossi');
    expect(safeCell('')).toBe('');
  });

  it('when a text is a plain negative amount, then it stays a number to the spreadsheet', () => {
    expect(safeCell('-5.00')).toBe('-5.00');
    expect(safeCell('-1.64')).toBe('-1.64');
    expect(safeCell('-7')).toBe('-7');
  });

  it('when a text starts with - but is more than an amount, then it is neutralised', () => {
    expect(safeCell('-5.00+cmd')).toBe("'-5.00+cmd");
    expect(safeCell('-2+3')).toBe("'-2+3");
    expect(safeCell('-1.2.3')).toBe("'-1.2.3");
    expect(safeCell('--5')).toBe("'--5");
    expect(safeCell('-')).toBe("'-");
  });

  it('when the value is a number, negative or not, then it is written as that number', () => {
    expect(safeCell(-12.5)).toBe(-12.5);
    expect(safeCell(0)).toBe(0);
    expect(safeCell(42)).toBe(42);
  });
});
