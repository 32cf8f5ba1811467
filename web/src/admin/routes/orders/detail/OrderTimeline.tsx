import {
  ExclamationCircleOutlined,
  FileTextOutlined,
  InboxOutlined,
  MailOutlined,
  RollbackOutlined,
  SwapOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import {
  formatAdminDate,
  formatMoney,
  ORDER_STATUS_DISPLAY,
  orderNoteSchema,
  type OrderEvent,
  type OrderStatus,
} from '@shop/shared/admin';
import { Button, Card, Input, Spin, Tag, Timeline, Typography, type ButtonProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { handleResult, notify } from '../../../../lib/notify';
import { addOrderNote, useOrderEvents } from '../../../api/order-events';
import './order-timeline.css';

// antd's ButtonProps type has no data-* attributes, though they reach the DOM.
const testId = (id: string) => ({ 'data-testid': id }) as ButtonProps;

const NOTE_MAX = 2000;

function StatusText({ status }: { status: OrderStatus }) {
  const display = ORDER_STATUS_DISPLAY[status] ?? { text: status, color: 'default' };
  return (
    <Tag color={display.color} className="order-detail-status-tag">
      {display.text}
    </Tag>
  );
}

interface ItemView {
  dot: ReactNode;
  color: string;
  body: ReactNode;
}

function viewOf(event: OrderEvent): ItemView {
  switch (event.type) {
    case 'paid':
      // A stall sale's payment comes with its own words (issue 32): cash or card at the market.
      return { dot: <WalletOutlined />, color: 'green', body: <strong>{event.note ?? 'Paid with PayPal'}</strong> };
    case 'status':
      return {
        dot: <SwapOutlined />,
        color: event.to === 'CANCELLED' ? 'red' : 'blue',
        body: (
          <>
            <div className="order-timeline-change">
              {event.from ? (
                <>
                  <StatusText status={event.from} />
                  <span className="order-detail-history-arrow" aria-label="to">
                    →
                  </span>
                </>
              ) : null}
              {event.to ? <StatusText status={event.to} /> : null}
            </div>
            {event.tracking_number ? (
              <div className="order-timeline-tracking">
                Tracking number{' '}
                <Typography.Text copyable code data-testid="order-event-tracking">
                  {event.tracking_number}
                </Typography.Text>
              </div>
            ) : null}
            {/* Said with the change, e.g. "Picked up at Piazza Grande" (issue 32 §4). */}
            {event.note ? <div className="order-timeline-note">{event.note}</div> : null}
          </>
        ),
      };
    case 'note':
      return {
        dot: <FileTextOutlined />,
        color: 'gray',
        body: (
          <div className="order-timeline-note" data-testid="order-event-note">
            {event.note}
          </div>
        ),
      };
    case 'mail_resent':
      return { dot: <MailOutlined />, color: 'gray', body: <strong>Confirmation mail sent again</strong> };
    case 'mail_sent':
      return {
        dot: <MailOutlined />,
        color: 'gray',
        body: <strong>{event.note ?? 'Mail sent to the shopper'}</strong>,
      };
    case 'refund':
      return {
        dot: <RollbackOutlined />,
        color: 'orange',
        body: (
          <div data-testid="order-event-refund">
            <strong>Refunded {formatMoney(event.amount)}</strong>
            {event.note ? <div className="order-timeline-note">{event.note}</div> : null}
          </div>
        ),
      };
    case 'restock':
      return {
        dot: <InboxOutlined />,
        color: 'gray',
        body: <strong data-testid="order-event-restock">{event.note ?? 'Units back in stock'}</strong>,
      };
    case 'payment':
      // What PayPal held, denied, reversed or released (issue 30 §2); the entry's author line says "PayPal".
      return {
        dot: <ExclamationCircleOutlined />,
        color: 'red',
        body: <strong data-testid="order-event-payment">{event.note ?? 'PayPal changed the payment'}</strong>,
      };
  }
}

function NoteBox({ orderId, onAdded }: { orderId: string; onAdded: () => Promise<unknown> }) {
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const parsed = orderNoteSchema.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'The note cannot be saved');
      return;
    }
    setError(null);
    setSaving(true);
    const envelope = await addOrderNote(orderId, parsed.data.text);
    if (handleResult(envelope, { method: 'post', success: { title: 'Note added' } }) === 'success') {
      setText('');
      await onAdded();
    }
    setSaving(false);
  };

  return (
    <div className="order-timeline-notebox">
      <label htmlFor="order-note-input" className="order-timeline-notebox-label">
        Internal note (never shown to the customer)
      </label>
      <Input.TextArea
        id="order-note-input"
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={NOTE_MAX}
        showCount
        autoSize={{ minRows: 2, maxRows: 8 }}
        placeholder="e.g. Customer asked to leave the parcel with the neighbour"
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'order-note-error' : undefined}
        data-testid="order-note-input"
      />
      {error ? (
        <Typography.Text type="danger" id="order-note-error" role="alert">
          {error}
        </Typography.Text>
      ) : null}
      <div className="order-timeline-notebox-actions">
        <Button
          type="primary"
          onClick={() => void submit()}
          loading={saving}
          disabled={saving || text.trim() === ''}
          {...testId('order-note-add')}
        >
          Add note
        </Button>
      </div>
    </div>
  );
}

/**
 * The order's timeline (issue 14): payment, every status change with who and when (and the tracking number),
 * resent mails and the admins' notes, oldest first, with the note box under it.
 */
export function OrderTimelineCard({ orderId }: { orderId: string }) {
  const { data: events, error, mutate } = useOrderEvents(orderId);

  let content: ReactNode;
  if (error) {
    content = <Typography.Text type="secondary">The timeline could not be loaded</Typography.Text>;
  } else if (!events) {
    content = <Spin />;
  } else {
    content = (
      <Timeline
        items={events.map((event) => {
          const view = viewOf(event);
          return {
            key: event.id,
            color: view.color,
            icon: view.dot,
            content: (
              <div className="order-timeline-item" data-testid="order-event" data-type={event.type}>
                {view.body}
                <Typography.Text type="secondary" className="order-detail-history-meta">
                  {event.by || 'System'} · {formatAdminDate(event.at)}
                </Typography.Text>
              </div>
            ),
          };
        })}
      />
    );
  }

  return (
    // "order-history": the card keeps the test id of the status history it replaces.
    <Card title="Timeline" className="order-detail-card order-detail-wide" data-testid="order-history">
      {content}
      <NoteBox
        orderId={orderId}
        onAdded={async () => {
          await mutate();
          notify.closeLoading();
        }}
      />
    </Card>
  );
}
