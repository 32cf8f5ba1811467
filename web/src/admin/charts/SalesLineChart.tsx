import type { SalesPoint } from '@shop/shared/admin';
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
// The ESM build: the CommonJS lib/core hands Vite a module object instead of the component.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo } from 'react';
import { palette } from '../../app/theme';
import { salesChartOption } from './sales-chart';

// Only what this chart draws is registered, so the chunk carries a fraction of echarts.
echarts.use([LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

interface Props {
  points: readonly SalesPoint[];
  height?: number;
}

/** Monthly sales as a smooth monotone line (SPEC §2 Orders list); lazily loaded with echarts. */
export default function SalesLineChart({ points, height = 280 }: Props) {
  const option = useMemo(
    () => salesChartOption(points, { line: palette.olive, area: 'rgba(90, 110, 44, 0.12)' }),
    [points],
  );
  return <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height, width: '100%' }} />;
}
