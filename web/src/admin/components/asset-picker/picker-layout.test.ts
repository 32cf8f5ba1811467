import { describe, expect, it } from 'vitest';
import { pickerModalWidth } from './picker-layout';

describe('pickerModalWidth', () => {
  it('when the window is wider than 950 px, then the picker takes 65% of it', () => {
    expect(pickerModalWidth(951)).toBe('65%');
    expect(pickerModalWidth(1280)).toBe('65%');
  });

  it('when the window is 950 px or narrower, then the picker takes 95% of it', () => {
    expect(pickerModalWidth(950)).toBe('95%');
    expect(pickerModalWidth(390)).toBe('95%');
  });
});
