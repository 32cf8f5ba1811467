import { type SummaryLine, summaryLineAmount } from '@shop/shared';
import './totals.css';

interface TotalsListProps {
  /** From the shared summaryLines: the cart page, the order page, the mails and the invoice read the same rows. */
  lines: readonly SummaryLine[];
  currency: string;
  /** Units in the cart, said under the items row ("3 items"). */
  itemCount?: number;
  /**
   * data-testid prefix: `${prefix}-items`, `-sale`, `-coupon` (and `-coupon-code`), `-shipping`, `-total`, and
   * `-items-count`.
   */
  testIdPrefix: string;
}

/**
 * The summary as a sum read from top to bottom (issue 31 §2): items at full price, each saving with its
 * minus, shipping, and the total under a rule.
 */
export function TotalsList({ lines, currency, itemCount, testIdPrefix }: TotalsListProps) {
  return (
    <dl className="totals">
      {lines.map((line) => {
        const saving = line.cents < 0;
        return (
          <div
            key={line.key}
            className={line.key === 'total' ? 'totals-row totals-row--total' : 'totals-row'}
            data-line={line.key}
          >
            <dt>
              <span className="totals-label">{line.label}</span>
              {line.key === 'items' && itemCount !== undefined && (
                <span className="totals-method" data-testid={`${testIdPrefix}-items-count`}>
                  {itemCount} {itemCount === 1 ? 'item' : 'items'}
                </span>
              )}
              {line.detail && (
                <span
                  className="totals-method"
                  data-testid={line.key === 'coupon' ? `${testIdPrefix}-coupon-code` : undefined}
                >
                  {line.detail}
                </span>
              )}
            </dt>
            <dd className={saving ? 'totals-saving' : undefined} data-testid={`${testIdPrefix}-${line.key}`}>
              {summaryLineAmount(line, currency)}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
