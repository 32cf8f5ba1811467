import type { DashboardCounts } from '@shop/shared/admin';
import useSWR, { mutate } from 'swr';
import { fetchResult } from '../../lib/api';

export const dashboardKey = 'admin/config/dashboard';

/**
 * Tiles of the dashboard and the drawer's two badges (SPEC §2). Screens that change an order's or a
 * notification's status call `refreshDashboard()` so the badges follow at once.
 */
export function useDashboard() {
  return useSWR<DashboardCounts>(dashboardKey, fetchResult, { revalidateOnFocus: true });
}

export const refreshDashboard = () => mutate(dashboardKey);
