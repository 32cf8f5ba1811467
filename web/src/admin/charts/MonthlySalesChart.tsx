import type { SalesRow } from '@shop/shared/admin';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo } from 'react';
import { monthlySalesOption } from './analytics-charts';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

interface Props {
  rows: readonly SalesRow[];
  height?: number;
}

/** Gross and net sales per month of one year as two lines (SPEC §2 Analytics). */
export default function MonthlySalesChart({ rows, height = 300 }: Props) {
  const option = useMemo(() => monthlySalesOption(rows), [rows]);
  return <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height, width: '100%' }} />;
}
