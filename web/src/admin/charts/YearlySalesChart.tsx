import type { SalesRow } from '@shop/shared/admin';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
// The ESM build: the CommonJS lib/core hands Vite a module object instead of the component.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo } from 'react';
import { yearlySalesOption } from './analytics-charts';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

interface Props {
  rows: readonly SalesRow[];
  height?: number;
}

/** Gross and net sales per year, side by side (SPEC §2 Analytics). */
export default function YearlySalesChart({ rows, height = 300 }: Props) {
  const option = useMemo(() => yearlySalesOption(rows), [rows]);
  return <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height, width: '100%' }} />;
}
