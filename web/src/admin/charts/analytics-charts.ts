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

/** Gross in olive, net in terracotta, on every sales chart. */
export const SALES_COLORS = { gross: palette.olive, net: palette.terracotta } as const;

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

const sales = (rows: readonly SalesRow[]) => ({
  gross: rows.map((row) => row.gross_amount),
  net: rows.map((row) => row.net_amount),
});

/** One pair of bars (gross, net) per year. */
export function yearlySalesOption(rows: readonly SalesRow[]): SalesBarsOption {
  const { gross, net } = sales(rows);
  return {
    grid: { left: 8, right: 16, top: 16, bottom: 36, containLabel: true },
    tooltip: { ...moneyTooltip, axisPointer: { type: 'shadow' } },
    legend,
    xAxis: { type: 'category', data: rows.map((row) => row.id) },
    yAxis: { type: 'value', ...fiveValueScale([...gross, ...net]), axisLabel: { formatter: compactMoney } },
    series: [
      { name: 'Gross', type: 'bar', data: gross, itemStyle: { color: SALES_COLORS.gross, borderRadius: [4, 4, 0, 0] } },
      { name: 'Net', type: 'bar', data: net, itemStyle: { color: SALES_COLORS.net, borderRadius: [4, 4, 0, 0] } },
    ],
  };
}

/** Gross and net per month as two lines. */
export function monthlySalesOption(rows: readonly SalesRow[]): SalesLinesOption {
  const { gross, net } = sales(rows);
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
    yAxis: { type: 'value', ...fiveValueScale([...gross, ...net]), axisLabel: { formatter: compactMoney } },
    series: [line('Gross', gross, SALES_COLORS.gross), line('Net', net, SALES_COLORS.net)],
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
