import { describe, expect, it } from 'vitest';
import { fiveValueScale, salesChartOption, twoLineLabel } from './sales-chart';

describe('twoLineLabel', () => {
  it('when a label has a month and a year, then they are drawn on two lines', () => {
    expect(twoLineLabel('Nov 2026')).toBe('Nov\n2026');
  });
  it('when a label has no space, then it stays on one line', () => {
    expect(twoLineLabel('2026')).toBe('2026');
  });
});

describe('fiveValueScale', () => {
  it('when the highest month is 1234.5, then the axis runs 0 to 1600 in steps of 400', () => {
    expect(fiveValueScale([100, 1234.5, 900])).toEqual({ min: 0, max: 1600, interval: 400 });
  });
  it('when the highest month is exactly 400, then the steps are 100 and the top is 400', () => {
    expect(fiveValueScale([400, 12])).toEqual({ min: 0, max: 400, interval: 100 });
  });
  it('when the highest month is 98000, then the axis runs 0 to 100000 in steps of 25000', () => {
    expect(fiveValueScale([98000])).toEqual({ min: 0, max: 100000, interval: 25000 });
  });
  it('when every month is 0, then the axis still shows five values 0 to 4', () => {
    expect(fiveValueScale([0, 0])).toEqual({ min: 0, max: 4, interval: 1 });
  });
});

describe('salesChartOption', () => {
  it('when points are given, then the line is monotone, its points are 10 wide and labels are split', () => {
    const option = salesChartOption(
      [
        { x: 'Oct 2026', y: 10 },
        { x: 'Nov 2026', y: 30.5 },
      ],
      { line: '#000', area: '#fff' },
    );
    const series = Array.isArray(option.series) ? option.series[0] : option.series;
    expect(series).toMatchObject({ type: 'line', smooth: true, smoothMonotone: 'x', symbolSize: 10, data: [10, 30.5] });
    expect(option.xAxis).toMatchObject({ data: ['Oct\n2026', 'Nov\n2026'] });
    expect(option.yAxis).toMatchObject({ min: 0, max: 32, interval: 8 });
  });
});
