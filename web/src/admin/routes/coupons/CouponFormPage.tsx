import { type AdminCoupon, currencySymbol, MAX_COUPON_AMOUNT, MAX_COUPON_USES } from '@shop/shared/admin';
import { Card, DatePicker, Form, Input, InputNumber, Radio, Typography } from 'antd';
import dayjs from 'dayjs';
import { useParams } from 'react-router-dom';
import { useAdminConfig } from '../../api/config';
import {
  createCoupon,
  deleteCoupon,
  refreshCouponLists,
  reloadCoupon,
  updateCoupon,
  useAdminCoupon,
} from '../../api/coupons';
import { PageHeader } from '../../components/PageHeader';
import { fieldStatus } from '../../components/form-errors';
import { FormLoading, Toggle } from '../../components/form-fields';
import { useLeaveOnLoadError, useRecordForm } from '../../components/record-form';
import { COUPON_FIELDS, COUPONS_PATH, draftFromCoupon, newCouponDraft, validateCoupon } from './coupon-form';
import './coupons.css';

/** SPEC §9: the admin's dates are month/day/year on a 12-hour clock. */
const DATE_FORMAT = 'MM/DD/YYYY hh:mm A';
const timesText = (n: number) => `${n} ${n === 1 ? 'time' : 'times'}`;

interface DateFieldProps {
  id: string;
  label: string;
  value: string | null;
  error?: string;
  help: string;
  onChange: (value: string | null) => void;
}

function DateField({ id, label, value, error, help, onChange }: DateFieldProps) {
  return (
    <Form.Item htmlFor={id} label={label} validateStatus={error ? 'error' : undefined} help={error ?? help}>
      <DatePicker
        id={id}
        showTime={{ format: 'hh:mm A', use12Hours: true, minuteStep: 5 }}
        format={DATE_FORMAT}
        value={value ? dayjs(value) : null}
        onChange={(date) => onChange(date ? date.second(0).millisecond(0).toISOString() : null)}
        allowClear
        className="catalog-form-date"
        classNames={{ popup: 'catalog-form-date-popup' }}
        data-testid={id}
      />
    </Form.Item>
  );
}

/** The one form of the add and edit pages of a discount code (issue 24 §3). */
function CouponForm({ coupon }: { coupon?: AdminCoupon }) {
  const config = useAdminConfig();
  const symbol = currencySymbol(config.data?.shop.currency_code);
  const { draft, errors, edit, actions } = useRecordForm({
    record: coupon,
    newDraft: newCouponDraft,
    draftFrom: draftFromCoupon,
    validate: validateCoupon,
    fields: COUPON_FIELDS,
    create: createCoupon,
    update: updateCoupon,
    reload: reloadCoupon,
    destroy: deleteCoupon,
    refreshLists: () => void refreshCouponLists(),
    listPath: COUPONS_PATH,
    testIdPrefix: 'coupon',
  });
  const editing = coupon !== undefined;
  const percent = draft.kind === 'percent';

  return (
    <div className="catalog-form-page">
      <PageHeader title={editing ? 'Edit discount code' : 'Add discount code'} extra={actions} />
      <Form layout="vertical" component="div" className="catalog-form" data-testid="coupon-form">
        <Card className="catalog-form-card catalog-form-main" title="Discount code">
          <Form.Item
            htmlFor="coupon-code"
            label="Code"
            required
            {...fieldStatus(errors, 'code')}
            help={errors.code ?? 'What shoppers type in the cart; upper and lower case are the same code.'}
          >
            <Input
              value={draft.code}
              onChange={(event) => edit('code', event.target.value.toUpperCase())}
              maxLength={32}
              placeholder="e.g. SUMMER10"
              id="coupon-code"
              data-testid="coupon-code"
            />
          </Form.Item>
          <Form.Item label="Discount" required {...fieldStatus(errors, 'kind')}>
            <Radio.Group
              value={draft.kind}
              onChange={(event) => edit('kind', event.target.value as 'percent' | 'cash')}
              optionType="button"
              aria-label="Kind of discount"
              data-testid="coupon-kind"
              options={[
                { value: 'percent', label: 'Percent off' },
                { value: 'cash', label: `${symbol} off` },
              ]}
            />
          </Form.Item>
          <Form.Item
            htmlFor="coupon-amount"
            label={percent ? 'Percent' : 'Amount'}
            required
            {...fieldStatus(errors, 'amount')}
            help={errors.amount ?? 'Taken off the products, after their own discounts; never off the shipping.'}
          >
            <InputNumber<number>
              value={draft.amount}
              onChange={(value) => edit('amount', typeof value === 'number' ? value : null)}
              min={0}
              max={percent ? 100 : MAX_COUPON_AMOUNT}
              step={percent ? 1 : 0.01}
              precision={2}
              prefix={percent ? undefined : symbol}
              suffix={percent ? '%' : undefined}
              className="catalog-form-number"
              id="coupon-amount"
              data-testid="coupon-amount"
            />
          </Form.Item>
          <Form.Item
            htmlFor="coupon-min-subtotal"
            label="Minimum for the products"
            {...fieldStatus(errors, 'min_subtotal')}
            help={errors.min_subtotal ?? 'Leave empty for no minimum.'}
          >
            <InputNumber<number>
              value={draft.min_subtotal}
              onChange={(value) => edit('min_subtotal', typeof value === 'number' ? value : null)}
              min={0}
              max={MAX_COUPON_AMOUNT}
              step={0.01}
              precision={2}
              prefix={symbol}
              className="catalog-form-number"
              id="coupon-min-subtotal"
              data-testid="coupon-min-subtotal"
            />
          </Form.Item>
        </Card>
        <div className="catalog-form-side">
          <Card className="catalog-form-card" title="When and how often">
            <DateField
              id="coupon-starts-at"
              label="Valid from"
              value={draft.starts_at}
              error={errors.starts_at}
              help="Leave empty: valid at once."
              onChange={(value) => edit('starts_at', value)}
            />
            <DateField
              id="coupon-ends-at"
              label="Valid until"
              value={draft.ends_at}
              error={errors.ends_at}
              help="Leave empty: no end."
              onChange={(value) => edit('ends_at', value)}
            />
            <Form.Item
              htmlFor="coupon-max-uses"
              label="Number of uses"
              {...fieldStatus(errors, 'max_uses')}
              help={errors.max_uses ?? 'Paid orders that may use it, all shoppers together; empty: no limit.'}
            >
              <InputNumber<number>
                value={draft.max_uses}
                onChange={(value) => edit('max_uses', typeof value === 'number' ? value : null)}
                min={1}
                max={MAX_COUPON_USES}
                step={1}
                precision={0}
                className="catalog-form-number"
                id="coupon-max-uses"
                data-testid="coupon-max-uses"
              />
            </Form.Item>
            {coupon && (
              <Typography.Paragraph data-testid="coupon-uses">
                Used{' '}
                {coupon.max_uses === null
                  ? timesText(coupon.uses_count)
                  : `${coupon.uses_count} of ${timesText(coupon.max_uses)}`}
                .
              </Typography.Paragraph>
            )}
            <Toggle
              label="Active"
              hint="Only an active code can be used in the cart."
              checked={draft.active}
              onChange={(checked) => edit('active', checked)}
              testId="coupon-active"
            />
          </Card>
        </div>
      </Form>
    </div>
  );
}

/** /admin/coupons/add and /admin/coupons/edit/{id}. */
export default function CouponFormPage() {
  const { id } = useParams();
  const coupon = useAdminCoupon(id);
  useLeaveOnLoadError(coupon.error, COUPONS_PATH);

  if (id && !coupon.data) return <FormLoading title="Edit discount code" />;
  return <CouponForm key={coupon.data?.id ?? 'new'} coupon={coupon.data} />;
}
