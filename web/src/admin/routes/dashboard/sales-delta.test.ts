import { describe, expect, it } from 'vitest';
import { describeSalesDelta } from './sales-delta';

describe('describeSalesDelta', () => {
  it('when this month sold more than last month, then the change is up with amount and percentage', () => {
    // 150 against 120: +30, and 30 / 120 = 25 %.
    expect(describeSalesDelta({ current: 150, previous: 120, delta: 30 }, 'USD')).toEqual({
      direction: 'up',
      amount: '+$30.00',
      percent: '+25.0%',
    });
  });

  it('when this month sold less, then the change is down with a minus sign', () => {
    // 80.25 against 107: -26.75, and 26.75 / 107 = 25 %.
    expect(describeSalesDelta({ current: 80.25, previous: 107, delta: -26.75 }, 'USD')).toEqual({
      direction: 'down',
      amount: '−$26.75',
      percent: '−25.0%',
    });
  });

  it('when last month sold nothing, then there is no percentage', () => {
    expect(describeSalesDelta({ current: 42.5, previous: 0, delta: 42.5 }, 'USD')).toEqual({
      direction: 'up',
      amount: '+$42.50',
      percent: null,
    });
  });

  it('when both months sold the same, then the change is flat and unsigned', () => {
    expect(describeSalesDelta({ current: 99.99, previous: 99.99, delta: 0 }, 'USD')).toEqual({
      direction: 'flat',
      amount: '$0.00',
      percent: '0.0%',
    });
  });

  it('when the difference is below a cent (float noise), then it counts as flat', () => {
    expect(describeSalesDelta({ current: 0.3, previous: 0.1 + 0.2, delta: 0.3 - (0.1 + 0.2) }, 'USD').direction).toBe(
      'flat',
    );
  });

  it('when the percentage is not whole, then it has one decimal', () => {
    // 10 / 30 = 33.333… %.
    expect(describeSalesDelta({ current: 40, previous: 30, delta: 10 }, 'EUR')).toEqual({
      direction: 'up',
      amount: '+€10.00',
      percent: '+33.3%',
    });
  });
});
