/**
 * The analytics screen's echarts options (SPEC §2 Analytics, §9), kept free of React: the yearly bars, the
 * monthly lines and the categories pie. Colours are fixed (SPEC §9) and come from the shop's palette.
 */
import { type CategorySales, formatMoney, type SalesRow } from '@shop/shared/admin';
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { palette } from '../../app/theme';
import { fiveValueScale } from './sales-chart';

export type SalesBarsOption = ComposeOption<
  BarSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption
>;
export type SalesLinesOption = ComposeOption<
  LineSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption
>;
export type CategoriesPieOption = ComposeOption<PieSeriesOption | TooltipComponentOption>;

/** The ledger's five figures (ledger.ts), each in its own colour on every sales chart; gross olive, net terracotta. */
export const SALES_COLORS = {
  gross: palette.olive,
  refunds: palette.honey,
  fees: palette.muted,
  sales: palette.oliveDark,
  net: palette.terracotta,
} as const;

/** The figures in the order the charts and tables show them: Gross − Refunds − Fees = Net, Sales between. */
export const SALES_FIGURES = [
  { key: 'gross', name: 'Gross', field: 'gross_amount' },
  { key: 'refunds', name: 'Refunds', field: 'refunded_amount' },
  { key: 'fees', name: 'Fees', field: 'fee_amount' },
  { key: 'sales', name: 'Sales', field: 'sales_amount' },
  { key: 'net', name: 'Net', field: 'net_amount' },
] as const satisfies ReadonlyArray<{ key: keyof typeof SALES_COLORS; name: string; field: keyof SalesRow }>;

/** Slices take these in turn; a thirteenth category starts over. */
export const PIE_COLORS = [
  palette.olive,
  palette.terracotta,
  palette.honey,
  palette.oliveDark,
  '#8a9a5b',
  palette.terracottaDark,
  '#e3b26b',
  '#6f6556',
  '#b7c48a',
  '#d98b5f',
  '#4f6b6a',
  '#a89880',
] as const;

/** Under this window width the pie's labels are cut (SPEC §9). */
export const PIE_LABEL_FULL_WIDTH = 1500;
/** On a phone a smaller pie with shorter label lines leaves the labels room inside the card. */
export const PIE_SMALL_WIDTH = 600;
const PIE_LABEL_LENGTH = 6;

/**
 * SPEC §9: under 1500 px a slice's label keeps its first 6 characters plus "…"; a label of 6 or fewer stays
 * whole. Characters, not UTF-16 units, so "Caffè" or an emoji is never split in half.
 */
export function pieLabel(name: string, windowWidth: number): string {
  if (windowWidth >= PIE_LABEL_FULL_WIDTH) return name;
  const chars = Array.from(name);
  return chars.length > PIE_LABEL_LENGTH ? `${chars.slice(0, PIE_LABEL_LENGTH).join('')}…` : name;
}

/** SPEC §2: the monthly chart shows only when some month's gross is above 0. */
export const hasMonthlySales = (rows: readonly SalesRow[]) => rows.some((row) => row.gross_amount > 0);

/** "No data" for the yearly chart too when not one year sold anything. */
export const hasYearlySales = (rows: readonly SalesRow[]) =>
  rows.some((row) => row.gross_amount > 0 || row.net_amount > 0);

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** "1" → "Jan"; anything else is shown as sent. */
export const monthName = (id: string) => MONTH_NAMES[Number(id) - 1] ?? id;

const moneyTooltip: TooltipComponentOption = {
  trigger: 'axis',
  valueFormatter: (value) => formatMoney(typeof value === 'number' ? value : Number(value)),
};

const legend: LegendComponentOption = { bottom: 0, icon: 'roundRect', itemWidth: 14, itemHeight: 10 };

/** Money axes: compact labels ("$12.5k") so six-figure years fit a phone's width. */
export function compactMoney(value: number): string {
  if (Math.abs(value) >= 1000) {
    const thousands = value / 1000;
    return `$${Number.isInteger(thousands) ? thousands : thousands.toFixed(1)}k`;
  }
  return `$${value}`;
}

/**
 * The five-value scale from 0 (sales-chart.ts); a month whose fees outweigh what was kept has a negative net,
 * which a scale from 0 would cut off, so then echarts picks the scale.
 */
const moneyScale = (values: number[]) => (values.some((v) => v < 0) ? {} : fiveValueScale(values));

/** Each figure's values, in SALES_FIGURES order; refunds and fees as the amounts taken off (positive). */
const figureSeries = (rows: readonly SalesRow[]) =>
  SALES_FIGURES.map((figure) => ({ ...figure, data: rows.map((row) => row[figure.field]) }));

/** Five bars per year: gross, refunds, fees, sales, net. */
export function yearlySalesOption(rows: readonly SalesRow[]): SalesBarsOption {
  const series = figureSeries(rows);
  return {
    grid: { left: 8, right: 16, top: 16, bottom: 36, containLabel: true },
    tooltip: { ...moneyTooltip, axisPointer: { type: 'shadow' } },
    legend,
    xAxis: { type: 'category', data: rows.map((row) => row.id) },
    yAxis: {
      type: 'value',
      ...moneyScale(series.flatMap((s) => s.data)),
      axisLabel: { formatter: compactMoney },
    },
    series: series.map(({ name, key, data }) => ({
      name,
      type: 'bar',
      data,
      itemStyle: { color: SALES_COLORS[key], borderRadius: [4, 4, 0, 0] },
    })),
  };
}

/** The five figures per month as lines. */
export function monthlySalesOption(rows: readonly SalesRow[]): SalesLinesOption {
  const series = figureSeries(rows);
  const line = (name: string, data: number[], color: string): LineSeriesOption => ({
    name,
    type: 'line',
    data,
    smooth: true,
    smoothMonotone: 'x',
    symbol: 'circle',
    symbolSize: 8,
    lineStyle: { width: 3, color },
    itemStyle: { color },
  });
  return {
    grid: { left: 8, right: 16, top: 16, bottom: 36, containLabel: true },
    tooltip: moneyTooltip,
    legend,
    xAxis: { type: 'category', boundaryGap: false, data: rows.map((row) => monthName(row.id)) },
    yAxis: {
      type: 'value',
      ...moneyScale(series.flatMap((s) => s.data)),
      axisLabel: { formatter: compactMoney },
    },
    series: series.map(({ name, key, data }) => line(name, data, SALES_COLORS[key])),
  };
}

/** Units per category; the tooltip keeps the full name whatever the label shows. */
export function categoriesPieOption(items: readonly CategorySales[], windowWidth: number): CategoriesPieOption {
  const small = windowWidth < PIE_SMALL_WIDTH;
  return {
    color: [...PIE_COLORS],
    tooltip: { trigger: 'item', formatter: '{b}: {c} units ({d}%)' },
    series: [
      {
        name: 'Units sold',
        type: 'pie',
        radius: small ? '40%' : '64%',
        center: ['50%', '50%'],
        avoidLabelOverlap: true,
        itemStyle: { borderColor: '#ffffff', borderWidth: 2 },
        label: { formatter: ({ name }) => pieLabel(name, windowWidth), color: palette.ink },
        labelLine: small ? { length: 8, length2: 6 } : { length: 15, length2: 12 },
        data: items.map((item) => ({ name: item.name, value: item.value })),
      },
    ],
  };
}
