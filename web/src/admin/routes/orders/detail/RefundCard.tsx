import { RollbackOutlined } from '@ant-design/icons';
import {
  type AdminOrder,
  amountCents,
  cancelledWithoutRefund,
  formatAdminDate,
  formatMoney,
  paymentStatusText,
  type Refund,
  refundCreateSchema,
} from '@shop/shared/admin';
import { Alert, Button, Card, Form, Input, type InputRef, Modal, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { handleResult, notify } from '../../../../lib/notify';
import { createRefund } from '../../../api/orders';
import './refund-card.css';

/** The server's words for an amount of nothing (refundCreateSchema, services/refunds.ts). */
const REFUND_AMOUNT_ZERO = 'The amount must be more than 0';

/** Solid tags with white text: antd's pale presets (green text on pale green) fall short of 4.5:1. */
const STATUS_COLORS: Record<Refund['status'], string> = {
  REQUESTED: '#ad6800',
  PENDING: '#ad6800',
  COMPLETED: '#237804',
  FAILED: '#a8071a',
  CANCELLED: '#595959',
};
const SOURCE_TEXT: Record<Refund['source'], string> = {
  shop: 'From the control centre',
  paypal: "In PayPal's dashboard",
  automatic: 'Automatic (payment mismatch)',
};

/**
 * Asks PayPal to give money back: the amount (what is left by default) and a reason, then a confirmation
 * naming the amount. Answers whether a refund was made (or handed to the reconciler).
 */
export async function runRefund(
  order: AdminOrder,
  amount: string,
  reason: string,
  internalNote = '',
): Promise<boolean> {
  const parsed = refundCreateSchema.safeParse({
    amount,
    reason,
    ...(internalNote.trim() ? { internal_note: internalNote } : {}),
  });
  if (!parsed.success) {
    notify.error({ title: 'Cannot send request!', description: parsed.error.issues[0]?.message });
    return false;
  }
  notify.loading();
  const envelope = await createRefund(order.id, parsed.data);
  if (envelope.status === 202) {
    notify.closeLoading();
    notify.warning({
      title: 'PayPal did not answer yet',
      description: 'The refund is stored and is sent again automatically until PayPal confirms it.',
    });
    return true;
  }
  if (envelope.status === 409 || envelope.status === 422) {
    notify.closeLoading();
    notify.error({ title: 'Refund not made', description: String(envelope.result) });
    return false;
  }
  const kind = handleResult(envelope, {
    method: 'post',
    success: { title: `Refunded ${formatMoney(parsed.data.amount ?? order.refundable_amount, order.currency_code)}` },
  });
  return kind === 'success';
}

function RefundDialog({
  order,
  open,
  onClose,
  onDone,
}: {
  order: AdminOrder;
  open: boolean;
  onClose: () => void;
  onDone: () => Promise<unknown>;
}) {
  const [amount, setAmount] = useState(order.refundable_amount);
  const [reason, setReason] = useState('');
  const [internalNote, setInternalNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const amountRef = useRef<InputRef>(null);
  const money = (value: string) => formatMoney(value, order.currency_code);
  const check = refundCreateSchema.safeParse({ amount, reason, internal_note: internalNote });
  const over = amountCents(amount) > amountCents(order.refundable_amount);
  // The amount's own problem, in the server's words (issue 31 §15): an empty field is no amount, as 0 is none.
  const amountIssue = check.success ? undefined : check.error.issues.find((issue) => issue.path[0] === 'amount');
  const amountError = over
    ? `At most ${money(order.refundable_amount)} is left to refund`
    : amount.trim() === '' || (amountIssue && /^\d{1,7}(\.\d{1,2})?$/.test(amount.trim()))
      ? REFUND_AMOUNT_ZERO
      : (amountIssue?.message ?? null);
  const error = amountError ?? (check.success ? null : check.error.issues[0]?.message);

  const close = () => {
    setConfirming(false);
    onClose();
  };
  const send = async () => {
    setBusy(true);
    const done = await runRefund(order, amount, reason, internalNote);
    setBusy(false);
    if (done) {
      setReason('');
      close();
      await onDone();
    }
  };

  return (
    <Modal
      open={open}
      title={confirming ? `Refund ${money(amount)}?` : 'Refund'}
      onCancel={close}
      destroyOnHidden
      // The dialog opens on its first field (issue 31 §14).
      afterOpenChange={(visible) => {
        if (visible) amountRef.current?.focus();
      }}
      footer={
        confirming
          ? [
              <Button key="back" onClick={() => setConfirming(false)} disabled={busy}>
                Back
              </Button>,
              <Button
                key="send"
                type="primary"
                danger
                loading={busy}
                onClick={() => void send()}
                data-testid="refund-confirm"
              >
                Refund {money(amount)}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={close}>
                Cancel
              </Button>,
              <Button
                key="next"
                type="primary"
                disabled={Boolean(error)}
                onClick={() => setConfirming(true)}
                data-testid="refund-next"
              >
                Continue
              </Button>,
            ]
      }
    >
      {confirming ? (
        <p data-testid="refund-question">
          {money(amount)} goes back to {order.payer_full_name || 'the payer'} through PayPal. This cannot be undone.
        </p>
      ) : (
        <Form layout="vertical" requiredMark>
          <Form.Item
            label={`Amount (${money(order.refundable_amount)} left)`}
            htmlFor="refund-amount"
            required
            validateStatus={amountError ? 'error' : undefined}
            help={amountError ? <span data-testid="refund-amount-error">{amountError}</span> : undefined}
          >
            <Input
              id="refund-amount"
              ref={amountRef}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              prefix={order.currency_code === 'EUR' ? '€' : '$'}
              data-testid="refund-amount"
            />
          </Form.Item>
          <Form.Item
            label="Reason"
            htmlFor="refund-reason"
            required
            extra={<span data-testid="refund-reason-mailed">The reason is mailed to the shopper with the refund.</span>}
          >
            <Input.TextArea
              id="refund-reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={500}
              autoSize={{ minRows: 2, maxRows: 5 }}
              data-testid="refund-reason"
            />
          </Form.Item>
          <Form.Item
            label="Internal note (optional)"
            htmlFor="refund-internal-note"
            extra="For the family only: kept with the refund and on the timeline, never mailed or shown to the shopper."
          >
            <Input.TextArea
              id="refund-internal-note"
              value={internalNote}
              onChange={(e) => setInternalNote(e.target.value)}
              maxLength={500}
              autoSize={{ minRows: 2, maxRows: 5 }}
              data-testid="refund-internal-note"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** The order's refunds, what is left, and the Refund button (issue 22). */
export function RefundCard({ order, onChanged }: { order: AdminOrder; onChanged: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const refundButton = useRef<HTMLButtonElement>(null);
  // The dialog is unmounted on close, so it cannot give focus back itself: the Refund button takes it back
  // (issue 31 §14), after Esc as after Cancel.
  const closeDialog = () => {
    setOpen(false);
    window.setTimeout(() => refundButton.current?.focus(), 0);
  };
  const left = amountCents(order.refundable_amount) > 0;
  return (
    <Card
      title="Refunds"
      className="order-detail-card order-detail-wide"
      data-testid="order-refunds"
      extra={
        left ? (
          <Button
            ref={refundButton}
            icon={<RollbackOutlined />}
            onClick={() => setOpen(true)}
            data-testid="order-refund"
          >
            Refund
          </Button>
        ) : null
      }
    >
      {cancelledWithoutRefund(order) ? (
        <Alert
          type="warning"
          showIcon
          className="order-detail-refund-alert"
          data-testid="order-not-refunded"
          message={`Cancelled, and ${formatMoney(order.refundable_amount, order.currency_code)} of the payment has not been refunded`}
        />
      ) : null}
      <Typography.Paragraph data-testid="order-refunded-total">
        Refunded {formatMoney(order.transaction_refunded_amount, order.currency_code)} of{' '}
        {formatMoney(order.transaction_gross_amount, order.currency_code)}
        {/* A card issuer's reversal is money gone too: without it the card would read as if all were still paid. */}
        {amountCents(order.transaction_reversed_amount) > 0
          ? `; PayPal reversed ${formatMoney(order.transaction_reversed_amount, order.currency_code)} (a dispute)`
          : null}
      </Typography.Paragraph>
      {order.refunds.length > 0 ? (
        // A list rather than a table: it wraps at phone width instead of scrolling sideways.
        <ul className="order-refund-list" aria-label="Refunds of this order">
          {order.refunds.map((refund) => (
            <li key={refund.id} className="order-refund" data-testid="order-refund-row">
              <div className="order-refund-head">
                <strong>{formatMoney(refund.amount, order.currency_code)}</strong>
                <Tag color={STATUS_COLORS[refund.status]}>{paymentStatusText(refund.status)}</Tag>
                <span className="order-refund-when">
                  {formatAdminDate(refund.created_at)} · {SOURCE_TEXT[refund.source]}
                </span>
              </div>
              {refund.reason ? <div className="order-refund-reason">{refund.reason}</div> : null}
              {refund.internal_note ? (
                <div className="order-refund-reason" data-testid="order-refund-internal-note">
                  Internal note: {refund.internal_note}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {open ? <RefundDialog order={order} open={open} onClose={closeDialog} onDone={onChanged} /> : null}
    </Card>
  );
}
