/** The Open tab's sales line chart as an echarts option (SPEC §2 Orders list, §9), kept free of React. */
import { formatMoney, type SalesPoint } from '@shop/shared/admin';
import type { LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

export type SalesChartOption = ComposeOption<LineSeriesOption | GridComponentOption | TooltipComponentOption>;

/** "Nov 2026" → "Nov\n2026": the x labels are drawn on two lines, split at the first space. */
export function twoLineLabel(label: string): string {
  const space = label.indexOf(' ');
  return space < 0 ? label : `${label.slice(0, space)}\n${label.slice(space + 1)}`;
}

// Steps that read well on a money axis; each decade of magnitude is scaled from these.
const NICE_STEPS = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5, 8, 10];
const GRID_INTERVALS = 4;

/**
 * A y axis of exactly 5 values (SPEC §9 "5-value y grid"): 0 and four equal, round steps whose top is at or
 * above the highest point. echarts' splitNumber is only a hint and may draw 4 or 6 lines, so the scale is
 * fixed here instead.
 */
export function fiveValueScale(values: readonly number[]): { min: number; max: number; interval: number } {
  const highest = Math.max(0, ...values.filter((v) => Number.isFinite(v)));
  if (highest === 0) return { min: 0, max: GRID_INTERVALS, interval: 1 };
  const rawStep = highest / GRID_INTERVALS;
  const magnitude = 10 ** Math.floor(Math.log10(rawStep));
  // The small tolerance keeps 400 / 100 = 4.000000001 from jumping to the next step.
  const step = NICE_STEPS.find((s) => s * magnitude >= rawStep - magnitude * 1e-9) ?? 10;
  const interval = step * magnitude;
  return { min: 0, max: interval * GRID_INTERVALS, interval };
}

/** The whole echarts option for the given months, colours from the shop's olive theme. */
export function salesChartOption(points: readonly SalesPoint[], colors: { line: string; area: string }) {
  const scale = fiveValueScale(points.map((p) => p.y));
  const option: SalesChartOption = {
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value) => formatMoney(typeof value === 'number' ? value : Number(value)),
    },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: points.map((p) => twoLineLabel(p.x)),
      axisLabel: { lineHeight: 16 },
    },
    yAxis: {
      type: 'value',
      ...scale,
      axisLabel: { formatter: (value: number) => formatMoney(value) },
    },
    series: [
      {
        name: 'Sales',
        type: 'line',
        data: points.map((p) => p.y),
        smooth: true,
        smoothMonotone: 'x',
        symbol: 'circle',
        symbolSize: 10,
        lineStyle: { width: 3, color: colors.line },
        itemStyle: { color: colors.line },
        areaStyle: { color: colors.area },
      },
    ],
  };
  return option;
}
