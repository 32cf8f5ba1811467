import { describe, expect, it } from 'vitest';
import {
  categoriesPieOption,
  compactMoney,
  hasMonthlySales,
  hasYearlySales,
  monthlySalesOption,
  monthName,
  pieLabel,
  yearlySalesOption,
} from './analytics-charts';

describe('pieLabel (SPEC §9)', () => {
  it('when the window is 1499 px wide and the name has 13 characters, then it keeps 6 plus an ellipsis', () => {
    expect(pieLabel('Extra virgin!', 1499)).toBe('Extra …');
  });
  it('when the window is exactly 1500 px wide, then the name stays whole', () => {
    expect(pieLabel('Extra virgin!', 1500)).toBe('Extra virgin!');
  });
  it('when the name has exactly 6 characters, then it stays whole on a phone', () => {
    expect(pieLabel('Sauces', 390)).toBe('Sauces');
  });
  it('when the name has 7 characters, then the seventh gives way to the ellipsis', () => {
    expect(pieLabel('Cheeses', 390)).toBe('Cheese…');
  });
  it('when the sixth character is an emoji, then it is kept whole rather than split', () => {
    expect(pieLabel('Dolce🍰 e torte', 800)).toBe('Dolce🍰…');
  });
});

describe('hasMonthlySales / hasYearlySales', () => {
  const row = (id: string, gross: number, net = gross) => ({
    id,
    gross_amount: gross,
    refunded_amount: 0,
    fee_amount: gross - net,
    sales_amount: gross,
    net_amount: net,
  });
  it('when every month is 0, then the monthly chart is hidden', () => {
    expect(hasMonthlySales([row('1', 0), row('2', 0)])).toBe(false);
  });
  it('when one month has 0.01 gross, then the monthly chart shows', () => {
    expect(hasMonthlySales([row('1', 0), row('2', 0.01)])).toBe(true);
  });
  it('when no year sold anything, then the yearly chart gives way to "No data"', () => {
    expect(hasYearlySales([row('2022', 0), row('2023', 0)])).toBe(false);
    expect(hasYearlySales([row('2022', 0), row('2023', 5)])).toBe(true);
  });
});

describe('monthName and compactMoney', () => {
  it('when the id is "1" or "12", then the label is Jan or Dec', () => {
    expect(monthName('1')).toBe('Jan');
    expect(monthName('12')).toBe('Dec');
  });
  it('when the id is not a month, then it is shown as sent', () => {
    expect(monthName('13')).toBe('13');
  });
  it('when an axis value is 12500, 40000 or 750, then it reads $12.5k, $40k or $750', () => {
    expect(compactMoney(12500)).toBe('$12.5k');
    expect(compactMoney(40000)).toBe('$40k');
    expect(compactMoney(750)).toBe('$750');
  });
});

describe('chart options', () => {
  it('when two years are given, then gross, refunds, fees, sales and net bars carry their amounts under the year ids', () => {
    const option = yearlySalesOption([
      { id: '2022', gross_amount: 120.5, refunded_amount: 10, fee_amount: 0.5, sales_amount: 110.5, net_amount: 110 },
      { id: '2023', gross_amount: 300, refunded_amount: 0, fee_amount: 19.75, sales_amount: 300, net_amount: 280.25 },
    ]);
    expect(option.xAxis).toMatchObject({ data: ['2022', '2023'] });
    expect(option.series).toMatchObject([
      { name: 'Gross', type: 'bar', data: [120.5, 300] },
      { name: 'Refunds', type: 'bar', data: [10, 0] },
      { name: 'Fees', type: 'bar', data: [0.5, 19.75] },
      { name: 'Sales', type: 'bar', data: [110.5, 300] },
      { name: 'Net', type: 'bar', data: [110, 280.25] },
    ]);
    // The highest bar (300) tops a five-value axis in four steps of 75.
    expect(option.yAxis).toMatchObject({ min: 0, max: 300, interval: 75 });
  });

  it('when twelve months are given, then the x axis names them and five lines follow them', () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({
      id: String(i + 1),
      gross_amount: i,
      refunded_amount: i / 4,
      fee_amount: i / 4,
      sales_amount: (i * 3) / 4,
      net_amount: i / 2,
    }));
    const option = monthlySalesOption(rows);
    expect(option.xAxis).toMatchObject({
      data: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
    });
    expect(option.series).toMatchObject([
      { name: 'Gross', type: 'line', data: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] },
      { name: 'Refunds', type: 'line', data: [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 2.75] },
      { name: 'Fees', type: 'line', data: [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 2.75] },
      { name: 'Sales', type: 'line', data: [0, 0.75, 1.5, 2.25, 3, 3.75, 4.5, 5.25, 6, 6.75, 7.5, 8.25] },
      { name: 'Net', type: 'line', data: [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 5.5] },
    ]);
  });

  it('when a month was refunded in full and its net is the fee lost, then the axis is not cut at 0', () => {
    const option = monthlySalesOption([
      { id: '1', gross_amount: 32.9, refunded_amount: 32.9, fee_amount: 1.64, sales_amount: 0, net_amount: -1.64 },
    ]);
    expect(option.yAxis).not.toHaveProperty('min');
  });

  it('when the window is narrow, then the pie labels are cut but the slices keep their full names', () => {
    const option = categoriesPieOption(
      [
        { id: 'c1', name: 'Olive oils', value: 12, sales_amount: 120 },
        { id: 'c2', name: 'Pasta', value: 5, sales_amount: 25 },
      ],
      1024,
    );
    const series = (Array.isArray(option.series) ? option.series[0] : option.series) as {
      data: Array<{ name: string; value: number }>;
      label: { formatter: (params: { name: string }) => string };
    };
    expect(series.data).toEqual([
      { name: 'Olive oils', value: 12 },
      { name: 'Pasta', value: 5 },
    ]);
    expect(series.label.formatter({ name: 'Olive oils' })).toBe('Olive …');
    expect(series.label.formatter({ name: 'Pasta' })).toBe('Pasta');
  });
});
