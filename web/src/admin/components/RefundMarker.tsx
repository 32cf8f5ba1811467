import { REFUND_STATE_TEXT, type RefundState } from '@shop/shared/admin';
import { Tag } from 'antd';

/**
 * Issue 30 §1: "Partly refunded" / "Fully refunded" beside an order's status wherever orders are listed (the
 * orders list, the archive, a customer's orders) and on the order page, so an order whose money went back never
 * reads like one that was paid and kept. Nothing for an order with no refund.
 */
export function RefundMarker({
  state,
  className,
  testId,
}: {
  state: RefundState;
  className?: string;
  testId?: string;
}) {
  // A reply from before the field existed (a cached page) has none: no marker rather than a broken one.
  if (state !== 'PARTLY' && state !== 'FULLY') return null;
  return (
    // Dark text on the tag's light fill keeps WCAG AA contrast, as the status tags beside it do.
    <Tag
      color={state === 'FULLY' ? 'magenta' : 'orange'}
      className={className}
      style={{ color: '#262626' }}
      data-testid={testId}
      data-refund-state={state}
    >
      {REFUND_STATE_TEXT[state]}
    </Tag>
  );
}
