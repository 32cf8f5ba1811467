import type { CategorySales } from '@shop/shared/admin';
import { PieChart } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo } from 'react';
import { useWindowWidth } from '../../lib/viewport';
import { categoriesPieOption, PIE_SMALL_WIDTH } from './analytics-charts';

echarts.use([PieChart, TooltipComponent, CanvasRenderer]);

interface Props {
  items: readonly CategorySales[];
}

/** Units sold per category (SPEC §2 Analytics); labels are cut under 1500 px (SPEC §9). */
export default function CategoriesPieChart({ items }: Props) {
  const windowWidth = useWindowWidth();
  const height = windowWidth < PIE_SMALL_WIDTH ? 300 : 380;
  const option = useMemo(() => categoriesPieOption(items, windowWidth), [items, windowWidth]);
  return <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height, width: '100%' }} />;
}
