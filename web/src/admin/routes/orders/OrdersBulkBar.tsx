import { CheckOutlined, CloseOutlined, DownloadOutlined, SendOutlined } from '@ant-design/icons';
import {
  type AdminOrderListItem,
  BULK_ORDERS_MAX,
  type BulkOrderAction,
  type BulkOrderResult,
  carrierOfMethod,
  carrierOfNumber,
  ORDER_STATUS_DISPLAY,
  type ShippingCarrier,
  trackingNumberSchema,
} from '@shop/shared/admin';
import { Alert, Button, type ButtonProps, Form, Input, List, Modal, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { handleResult, notify } from '../../../lib/notify';
import { useAdminConfig } from '../../api/config';
import { bulkUpdateOrders, ordersExportUrl } from '../../api/orders-bulk';
import type { OrdersListParams } from '../../api/orders';
import { confirmAction } from '../../components/confirm';
import { CarrierChoice, trackingUrlProblem } from './detail/tracking-number';
import { splitSelection } from './order-actions';

// antd's ButtonProps type has no data-* attributes, though they reach the DOM.
const testId = (id: string) => ({ 'data-testid': id }) as ButtonProps;

const QUESTIONS: Record<
  Exclude<BulkOrderAction, 'ship'>,
  { question: string; okText: string; cancelText?: string; danger: boolean }
> = {
  complete: { question: 'Are you sure you want to complete the selected orders?', okText: 'Complete', danger: false },
  cancel: {
    question: 'Are you sure you want to cancel the selected orders?',
    okText: 'Cancel orders',
    cancelText: 'Keep orders',
    danger: true,
  },
};

const ordersWord = (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`;

export interface OrdersBulkBarProps {
  /** The selected rows, in the order they were picked. */
  selected: AdminOrderListItem[];
  /** The list's filters: Export writes the list as filtered, every page of it. */
  filters: OrdersListParams;
  /** After a bulk change: the list is fetched again and the selection cleared. */
  onChanged: () => void;
  onClearSelection: () => void;
  /**
   * More actions on the selection, shown after the bar's own (helper C14's "Print slips" and "Pick list").
   * Rendered only while something is selected.
   */
  extraActions?: ReactNode;
}

/**
 * The orders list's bulk bar (issue 14 part 3): mark shipped (a tracking number per order, optional), complete, cancel,
 * and export. The server applies the order page's status flow to each order and answers per order; the
 * summary shows which orders changed and why the others did not.
 */
export function OrdersBulkBar({ selected, filters, onChanged, onClearSelection, extraActions }: OrdersBulkBarProps) {
  const [busy, setBusy] = useState<BulkOrderAction | null>(null);
  const [shipOpen, setShipOpen] = useState(false);
  const [results, setResults] = useState<{ action: BulkOrderAction; rows: BulkOrderResult[] } | null>(null);
  const [form] = Form.useForm<Record<string, string>>();
  // The shipment's carrier (issue 31 §12): chosen, or else the one every typed number's format names, or else
  // the shop's shipping method's.
  const [chosenCarrier, setChosenCarrier] = useState<ShippingCarrier | null>(null);
  const [carrierUrl, setCarrierUrl] = useState('');
  const [typedNumbers, setTypedNumbers] = useState<string[]>([]);
  const [shipTried, setShipTried] = useState(false);
  const shippingMethod = useAdminConfig().data?.shop.shipment_method ?? '';
  const numberCarriers = new Set(typedNumbers.map(carrierOfNumber));
  const fromNumbers = numberCarriers.size === 1 ? [...numberCarriers][0] : null;
  const fromMethod = carrierOfMethod(shippingMethod);
  const carrier = chosenCarrier ?? fromNumbers ?? fromMethod;
  const carrierHint = chosenCarrier
    ? null
    : fromNumbers
      ? `${fromNumbers}, from the tracking numbers' format.`
      : fromMethod
        ? `${fromMethod}, from the shop's shipping method "${shippingMethod}".`
        : "Choose the carrier: the shoppers' mails link to its tracking page.";
  const carrierUrlError = carrier === 'OTHER' && (shipTried || carrierUrl !== '') ? trackingUrlProblem(carrierUrl) : '';
  const count = selected.length;
  const tooMany = count > BULK_ORDERS_MAX;

  const split = {
    ship: splitSelection(selected, 'ship'),
    complete: splitSelection(selected, 'complete'),
    cancel: splitSelection(selected, 'cancel'),
  } satisfies Record<BulkOrderAction, unknown>;

  async function run(
    action: BulkOrderAction,
    tracking?: Record<string, string>,
    shipment?: { shipping_carrier?: ShippingCarrier; tracking_url?: string },
  ) {
    const { eligible, refused } = split[action];
    setBusy(action);
    notify.loading();
    const envelope = await bulkUpdateOrders({
      ids: eligible.map((o) => o.id),
      action,
      ...(tracking ? { tracking_numbers: tracking } : {}),
      ...shipment,
    });
    setBusy(null);
    if (handleResult(envelope, { method: 'post', success: false }) !== 'success') return false;
    // The summary lists the whole selection in the order it was picked, those held back here included.
    const byId = new Map([...envelope.result, ...refused].map((r) => [r.id, r]));
    setResults({ action, rows: selected.flatMap((o) => byId.get(o.id) ?? []) });
    onChanged();
    return true;
  }

  async function confirmAndRun(action: Exclude<BulkOrderAction, 'ship'>) {
    const { question, okText, cancelText, danger } = QUESTIONS[action];
    const { eligible, refused } = split[action];
    const left = refused.length ? `; ${refused.length} left as ${refused.length === 1 ? 'it is' : 'they are'}` : '';
    const content = `${question} (${ordersWord(eligible.length)}${left})`;
    const ok = await confirmAction({ content, okText, cancelText, danger });
    if (ok) await run(action);
  }

  function closeShipping() {
    setShipOpen(false);
    setChosenCarrier(null);
    setCarrierUrl('');
    setTypedNumbers([]);
    setShipTried(false);
  }

  async function submitShipping() {
    setShipTried(true);
    let values: Record<string, string>;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (carrier === 'OTHER' && trackingUrlProblem(carrierUrl)) return;
    // A tracking number is optional, as on the order page: an order left empty is shipped without one.
    const tracking = Object.fromEntries(
      split.ship.eligible.map((o) => [o.id, (values[o.id] ?? '').trim()]).filter(([, number]) => number !== ''),
    );
    const shipment = {
      ...(carrier ? { shipping_carrier: carrier } : {}),
      ...(carrier === 'OTHER' ? { tracking_url: carrierUrl.trim() } : {}),
    };
    if (await run('ship', tracking, shipment)) {
      closeShipping();
      form.resetFields();
    }
  }

  const disabled = count === 0 || tooMany || busy !== null;
  /** An action none of the selected orders allows is greyed out; one some allow says how many. */
  const actionProps = (action: BulkOrderAction) => {
    const allowed = split[action].eligible.length;
    return {
      disabled: disabled || allowed === 0,
      title: count > 0 && allowed === 0 ? split[action].refused[0]?.error : undefined,
      suffix: count > 0 && allowed < count ? ` (${allowed} of ${count})` : '',
    };
  };
  const ship = actionProps('ship');
  const complete = actionProps('complete');
  const cancel = actionProps('cancel');
  const changed = results?.rows.filter((r) => r.ok) ?? [];
  const refused = results?.rows.filter((r) => !r.ok) ?? [];

  return (
    <div className="orders-bulk-bar" data-testid="orders-bulk-bar">
      {/* A wrapping flex row rather than antd's Space: the extra actions arrive as one fragment, and each of
          its buttons needs the gap too. */}
      <div className="orders-bulk-actions">
        <Typography.Text className="orders-bulk-count" data-testid="orders-bulk-count">
          {count === 0 ? 'Select orders to act on them' : `${count} selected`}
        </Typography.Text>
        <Button
          icon={<SendOutlined />}
          disabled={ship.disabled}
          title={ship.title}
          loading={busy === 'ship'}
          onClick={() => setShipOpen(true)}
          {...testId('bulk-ship')}
        >
          Mark shipped{ship.suffix}
        </Button>
        <Button
          icon={<CheckOutlined />}
          disabled={complete.disabled}
          title={complete.title}
          loading={busy === 'complete'}
          onClick={() => void confirmAndRun('complete')}
          {...testId('bulk-complete')}
        >
          Complete{complete.suffix}
        </Button>
        <Button
          danger
          icon={<CloseOutlined />}
          disabled={cancel.disabled}
          title={cancel.title}
          loading={busy === 'cancel'}
          onClick={() => void confirmAndRun('cancel')}
          {...testId('bulk-cancel')}
        >
          Cancel{cancel.suffix}
        </Button>
        {/* Slot: actions other screens add to the selection (C14: Print slips, Pick list). */}
        {count > 0 && !tooMany && extraActions}
        {count > 0 && (
          <Button type="link" onClick={onClearSelection} {...testId('bulk-clear')}>
            Clear selection
          </Button>
        )}
        <Button
          icon={<DownloadOutlined />}
          href={ordersExportUrl(filters, tooMany ? [] : selected.map((order) => order.id))}
          download
          disabled={tooMany}
          {...testId('orders-export')}
        >
          {count > 0 ? `Export selected (${count})` : 'Export CSV'}
        </Button>
      </div>
      {tooMany && (
        <Alert
          type="warning"
          showIcon
          className="orders-bulk-alert"
          message={`At most ${BULK_ORDERS_MAX} orders at a time: ${count} are selected.`}
        />
      )}

      <Modal
        open={shipOpen}
        title={`Mark ${ordersWord(split.ship.eligible.length)} as shipped`}
        okText="Mark shipped"
        cancelText="Cancel"
        onOk={() => void submitShipping()}
        onCancel={closeShipping}
        confirmLoading={busy === 'ship'}
        okButtonProps={testId('bulk-ship-submit')}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          Enter the carrier&apos;s tracking number of each parcel, if it has one: the shopper&apos;s mail links to it.
          Left empty, the order is shipped without one.
        </Typography.Paragraph>
        {split.ship.refused.length > 0 && (
          <Alert
            type="info"
            showIcon
            className="orders-bulk-alert"
            data-testid="bulk-ship-skipped"
            message={
              split.ship.refused.length === 1
                ? '1 order is left as it is'
                : `${split.ship.refused.length} orders are left as they are`
            }
            description={
              <ul className="orders-bulk-skipped">
                {split.ship.refused.map((r) => (
                  <li key={r.id}>
                    <span className="orders-number">{r.number}</span>: {r.error}
                  </li>
                ))}
              </ul>
            }
          />
        )}
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          className="orders-bulk-ship-form"
          onValuesChange={(_changed, all: Record<string, string>) =>
            setTypedNumbers(Object.values(all).filter((v): v is string => typeof v === 'string' && v.trim() !== ''))
          }
          // Enter in a tracking field ships, as on the order page (issue 31 §14).
          onFinish={() => void submitShipping()}
        >
          {split.ship.eligible.map((order) => (
            <Form.Item
              key={order.id}
              name={order.id}
              label={`${order.number} · ${order.payer_full_name || order.payer_email_address} · tracking number (optional)`}
              rules={[
                {
                  validator: (_rule, value: unknown) => {
                    const text = typeof value === 'string' ? value : '';
                    if (text.trim() === '') return Promise.resolve();
                    const parsed = trackingNumberSchema.safeParse(text);
                    return parsed.success
                      ? Promise.resolve()
                      : Promise.reject(new Error(parsed.error.issues[0]?.message ?? 'Invalid tracking number'));
                  },
                },
              ]}
            >
              <Input
                maxLength={64}
                autoComplete="off"
                autoFocus={order === split.ship.eligible[0]}
                data-testid={`tracking-input-${order.number}`}
              />
            </Form.Item>
          ))}
          {/* Implicit submission needs a submit button in the form; the footer's Mark shipped is the visible one. */}
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </Form>
        <CarrierChoice
          idPrefix="bulk-ship"
          value={carrier}
          onChange={setChosenCarrier}
          url={carrierUrl}
          onUrlChange={setCarrierUrl}
          urlError={carrierUrlError}
          hint={carrierHint}
          urlHelp="{number} in it stands for each parcel's tracking number."
        />
      </Modal>

      <Modal
        open={results !== null}
        title={
          results &&
          `${changed.length} of ${results.rows.length} ${results.rows.length === 1 ? 'order' : 'orders'} changed`
        }
        onCancel={() => setResults(null)}
        footer={
          <Button type="primary" onClick={() => setResults(null)} {...testId('bulk-results-close')}>
            OK
          </Button>
        }
        destroyOnHidden
      >
        <div data-testid="bulk-results">
          {refused.length > 0 && (
            <Alert
              type="warning"
              showIcon
              className="orders-bulk-alert"
              message={`${refused.length} not changed`}
              description={
                <List
                  size="small"
                  dataSource={refused}
                  renderItem={(r) => (
                    <List.Item data-testid={`bulk-result-${r.number || r.id}`}>
                      <span className="orders-number">{r.number || r.id}</span>: {r.error}
                    </List.Item>
                  )}
                />
              }
            />
          )}
          {changed.length > 0 && (
            <List
              size="small"
              dataSource={changed}
              renderItem={(r) => (
                <List.Item data-testid={`bulk-result-${r.number}`}>
                  <span className="orders-number">{r.number}</span>
                  <Tag color={ORDER_STATUS_DISPLAY[r.to].color}>{ORDER_STATUS_DISPLAY[r.to].text}</Tag>
                </List.Item>
              )}
            />
          )}
        </div>
      </Modal>
    </div>
  );
}
