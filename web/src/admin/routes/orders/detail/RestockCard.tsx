import { InboxOutlined } from '@ant-design/icons';
import { type AdminOrder, mayRestock, type RestockLine } from '@shop/shared/admin';
import { Button, Card, Form, InputNumber, Modal, Typography } from 'antd';
import { useState } from 'react';
import { handleResult, notify } from '../../../../lib/notify';
import { restockOrder } from '../../../api/orders';
import './refund-card.css';

export const unitsText = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;

/** What is still to go back: the counted lines not put back yet. */
export const linesToRestock = (order: AdminOrder): RestockLine[] =>
  (order.restock ?? []).filter((line) => line.restocked === null);

/**
 * Puts units back (all of each line unless told otherwise) and says so; answers whether it worked. Used by
 * the restock dialog and by "Cancel" with its "put back in stock" box.
 */
export async function runRestock(
  order: AdminOrder,
  lines: Array<{ product_id: string; quantity: number }>,
): Promise<boolean> {
  if (lines.length === 0) return true;
  notify.loading();
  const envelope = await restockOrder(order.id, { lines });
  const total = lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    handleResult(envelope, { method: 'post', success: { title: `${unitsText(total)} back in stock` } }) === 'success'
  );
}

function RestockDialog({
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
  const lines = linesToRestock(order);
  const [quantities, setQuantities] = useState<Record<string, number | null>>(() =>
    Object.fromEntries(lines.map((line) => [line.product_id, line.quantity])),
  );
  const [busy, setBusy] = useState(false);
  const chosen = lines
    .map((line) => ({ product_id: line.product_id, quantity: quantities[line.product_id] ?? 0 }))
    .filter((line) => line.quantity > 0);
  const send = async () => {
    setBusy(true);
    const done = await runRestock(order, chosen);
    setBusy(false);
    if (done) {
      onClose();
      await onDone();
    }
  };
  return (
    <Modal
      open={open}
      title="Put units back in stock"
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button
          key="send"
          type="primary"
          loading={busy}
          disabled={chosen.length === 0}
          onClick={() => void send()}
          data-testid="restock-confirm"
        >
          Put back {unitsText(chosen.reduce((sum, line) => sum + line.quantity, 0))}
        </Button>,
      ]}
    >
      <p>Only what can be sold again: a broken bottle stays out (0).</p>
      <Form layout="vertical">
        {lines.map((line) => (
          <Form.Item
            key={line.product_id}
            label={`${line.product} (${line.quantity} ordered)`}
            htmlFor={`restock-${line.product_id}`}
          >
            <InputNumber<number>
              id={`restock-${line.product_id}`}
              min={0}
              max={line.quantity}
              step={1}
              precision={0}
              value={quantities[line.product_id] ?? null}
              onChange={(value) => setQuantities((q) => ({ ...q, [line.product_id]: value }))}
              data-testid={`restock-quantity-${line.product_id}`}
            />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

/** The order's counted products, what went back to stock, and the way to put units back (issue 24). */
export function RestockCard({ order, onChanged }: { order: AdminOrder; onChanged: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const lines = order.restock ?? [];
  if (lines.length === 0) return null;
  const offer = mayRestock(order) && linesToRestock(order).length > 0;
  return (
    <Card
      title="Stock"
      className="order-detail-card order-detail-wide"
      data-testid="order-restock"
      extra={
        offer ? (
          <Button icon={<InboxOutlined />} onClick={() => setOpen(true)} data-testid="order-restock-open">
            Put back in stock
          </Button>
        ) : null
      }
    >
      <ul className="order-refund-list" aria-label="Counted products of this order">
        {lines.map((line) => (
          <li key={line.product_id} className="order-refund" data-testid="order-restock-row">
            <strong>
              {line.quantity} × {line.product}
            </strong>
            <div className="order-refund-when">
              {line.restocked === null ? 'Sold from stock' : `${unitsText(line.restocked)} back in stock`}
            </div>
          </li>
        ))}
      </ul>
      {mayRestock(order) ? null : (
        <Typography.Paragraph className="order-refund-when">
          Units can go back to stock once the order is cancelled or refunded.
        </Typography.Paragraph>
      )}
      {open ? <RestockDialog order={order} open onClose={() => setOpen(false)} onDone={onChanged} /> : null}
    </Card>
  );
}
