import { formatMoney, roundToCents, type DashboardCounts } from '@shop/shared/admin';

export interface SalesDelta {
  direction: 'up' | 'down' | 'flat';
  /** "+$30.00", "−$12.50" or "$0.00" (negative money as formatMoney writes it everywhere). */
  amount: string;
  /** "+25.0%" against last month; null when last month sold nothing (no base to compare with). */
  percent: string | null;
}

/** The sales tile's comparison with last month (SPEC §2 Dashboard): up green, down red. */
export function describeSalesDelta(sell: DashboardCounts['sell'], currencyCode?: string | null): SalesDelta {
  const delta = roundToCents(sell.delta);
  const direction = delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat';
  const sign = direction === 'up' ? '+' : direction === 'down' ? '−' : '';
  const amount = direction === 'up' ? `+${formatMoney(delta, currencyCode)}` : formatMoney(delta, currencyCode);
  if (!(sell.previous > 0)) return { direction, amount, percent: null };
  const ratio = Math.abs((delta / sell.previous) * 100).toFixed(1);
  return { direction, amount, percent: `${ratio === '0.0' ? '' : sign}${ratio}%` };
}
