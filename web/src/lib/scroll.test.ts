import { describe, expect, it } from 'vitest';
import { easeInOutCubic, isNearBottom, scrollPositionAt } from './scroll';

describe('easeInOutCubic', () => {
  it('when the animation starts, is halfway or ends, then it is at 0, 0.5 and 1', () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(0.5)).toBe(0.5);
    expect(easeInOutCubic(1)).toBe(1);
  });
  it('when time runs, then the progress never goes backwards', () => {
    let last = -1;
    for (let t = 0; t <= 1; t += 0.05) {
      const v = easeInOutCubic(t);
      expect(v).toBeGreaterThanOrEqual(last);
      last = v;
    }
  });
  it('when time is outside 0…1, then it is clamped', () => {
    expect(easeInOutCubic(-1)).toBe(0);
    expect(easeInOutCubic(2)).toBe(1);
  });
});

describe('scrollPositionAt', () => {
  it('when no time has passed, then the page is where it started', () => {
    expect(scrollPositionAt(1000, 0, 0, 250)).toBe(1000);
  });
  it('when half the duration has passed, then the page is halfway', () => {
    expect(scrollPositionAt(1000, 0, 125, 250)).toBe(500);
  });
  it('when the duration is over, then the page is at the target', () => {
    expect(scrollPositionAt(1000, 0, 300, 250)).toBe(0);
    expect(scrollPositionAt(1000, 0, 10, 0)).toBe(0);
  });
});

describe('isNearBottom', () => {
  it('when the viewport bottom is within 200 px of the page bottom, then more may load', () => {
    expect(isNearBottom({ scrollY: 1600, viewportHeight: 800, pageHeight: 2600 })).toBe(true);
    expect(isNearBottom({ scrollY: 1600, viewportHeight: 800, pageHeight: 2601 })).toBe(false);
  });
  it('when the page is shorter than the viewport, then it counts as near the bottom', () => {
    expect(isNearBottom({ scrollY: 0, viewportHeight: 900, pageHeight: 700 })).toBe(true);
  });
});
