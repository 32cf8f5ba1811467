import { describe, expect, it } from 'vitest';
import { formatQuantity, parseQuantityInput, quantityUnitText } from './quantity';

describe('quantityUnitText', () => {
  it('when the stored unit is one of the enum, then the shopper sees its symbol', () => {
    expect(quantityUnitText('Ml')).toBe('ml');
    expect(quantityUnitText('L')).toBe('L');
    expect(quantityUnitText('Oz')).toBe('oz');
    expect(quantityUnitText('g')).toBe('g');
    expect(quantityUnitText('Kg')).toBe('kg');
    expect(quantityUnitText('Lb')).toBe('lb');
    expect(quantityUnitText('Pcs')).toBe('pcs');
  });

  it('when the unit is unknown (or an inherited property name), then it is shown as stored', () => {
    expect(quantityUnitText('jar')).toBe('jar');
    expect(quantityUnitText('toString')).toBe('toString');
    expect(quantityUnitText('')).toBe('');
  });
});

describe('formatQuantity', () => {
  it('when a product has an amount, then it reads amount, space, unit symbol', () => {
    expect(formatQuantity(500, 'Ml')).toBe('500 ml');
    expect(formatQuantity(0.75, 'L')).toBe('0.75 L');
    expect(formatQuantity(12, 'Pcs')).toBe('12 pcs');
  });

  it('when the amount is zero or missing, then nothing is shown', () => {
    expect(formatQuantity(0, 'Ml')).toBe('');
    expect(formatQuantity(Number.NaN, 'Kg')).toBe('');
  });

  it('when there is an amount but no unit, then the number stands alone', () => {
    expect(formatQuantity(3, '')).toBe('3');
  });
});

describe('parseQuantityInput', () => {
  it('when the text is a whole number from 1 to 999, then that number', () => {
    expect(parseQuantityInput('1')).toEqual({ ok: true, quantity: 1 });
    expect(parseQuantityInput(' 12 ')).toEqual({ ok: true, quantity: 12 });
    expect(parseQuantityInput('007')).toEqual({ ok: true, quantity: 7 });
    expect(parseQuantityInput('999')).toEqual({ ok: true, quantity: 999 });
  });

  it('when the text is a decimal, a sign or has other characters, then it is refused, not read as digits', () => {
    for (const text of ['2.5', '2,5', '-3', '+3', '1e2', '3 4', 'abc', '٣', '0x1']) {
      expect(parseQuantityInput(text), text).toEqual({ ok: false, message: 'Enter a whole number from 1 to 999' });
    }
  });

  it('when the text is empty, zero or above the limit, then it says which', () => {
    expect(parseQuantityInput('  ')).toEqual({ ok: false, message: 'Enter a quantity' });
    expect(parseQuantityInput('0')).toEqual({ ok: false, message: 'The quantity is at least 1' });
    expect(parseQuantityInput('1000')).toEqual({ ok: false, message: 'The quantity is at most 999', tooMany: true });
    expect(parseQuantityInput('12', 10)).toEqual({ ok: false, message: 'The quantity is at most 10', tooMany: true });
  });

  it('when only 3 are left and 4 are typed, then it says how many are left; 3 is taken', () => {
    expect(parseQuantityInput('4', 3, 'Only 3 left')).toEqual({ ok: false, message: 'Only 3 left', tooMany: true });
    expect(parseQuantityInput('3', 3, 'Only 3 left')).toEqual({ ok: true, quantity: 3 });
  });
});
