import { type AdminMarketDay, fromCents, type MarketDayTotals, type MarketSale, toCents } from '@shop/shared/admin';

/**
 * A market day's figures (issue 32 §3), summed in cents. A cash sale's cash is its total: the change went back
 * out of what was received, so the drawer should hold the opening float plus the cash sales' totals. A unit
 * line's amount is its price × quantity, before the per-sale discount (the discounts are summed apart).
 */
export function dayTotals(day: AdminMarketDay, sales: readonly MarketSale[]): MarketDayTotals {
  let cash = 0;
  let card = 0;
  let discount = 0;
  const units = new Map<string, { product_id: string; product: string; quantity: number; cents: number }>();
  for (const sale of sales) {
    const total = toCents(sale.total);
    if (sale.payment === 'cash') cash += total;
    else card += total;
    discount += toCents(sale.discount);
    for (const line of sale.lines) {
      const row = units.get(line.product_id) ?? {
        product_id: line.product_id,
        product: line.product,
        quantity: 0,
        cents: 0,
      };
      row.quantity += line.quantity;
      row.cents += toCents(line.line_total);
      units.set(line.product_id, row);
    }
  }
  const expected = toCents(day.opening_cash ?? 0) + cash;
  return {
    sales_count: sales.length,
    total: fromCents(cash + card),
    cash_total: fromCents(cash),
    card_total: fromCents(card),
    discount_total: fromCents(discount),
    expected_cash: fromCents(expected),
    counted_cash: day.counted_cash,
    difference: day.counted_cash === null ? null : fromCents(toCents(day.counted_cash) - expected),
    units: [...units.values()]
      .sort((a, b) => b.quantity - a.quantity || a.product.localeCompare(b.product))
      .map((u) => ({ product_id: u.product_id, product: u.product, quantity: u.quantity, amount: fromCents(u.cents) })),
  };
}
