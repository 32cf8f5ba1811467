import { describe, expect, it } from 'vitest';
import { formatQuantity, quantityUnitText } from './quantity';

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
