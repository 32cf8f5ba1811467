import { PlusOutlined } from '@ant-design/icons';
import { type AdminCoupon, formatLongDate, formatMoney } from '@shop/shared/admin';
import { Button, Card, Grid, Input, Table, Tag, type TableColumnsType } from 'antd';
import { type HTMLAttributes, useCallback, useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAdminConfig } from '../../api/config';
import { type CouponsListParams, useAdminCoupons } from '../../api/coupons';
import { PageHeader } from '../../components/PageHeader';
import { COUPONS_PATH } from './coupon-form';
import { COUPON_PAGE_SIZES, couponsListFromSearchParams, couponsListToSearchParams } from './coupons-list';
import './coupons.css';

/** "10%" or "$5.00" off. */
function couponTerms(coupon: Pick<AdminCoupon, 'kind' | 'amount'>, currency: string | undefined): string {
  return coupon.kind === 'percent' ? `${coupon.amount}%` : formatMoney(coupon.amount, currency);
}

/** Whether a code can be used right now, and if not, why (inactive, not yet, expired, used up). */
function couponState(coupon: AdminCoupon, now = Date.now()): { text: string; color: string } {
  if (!coupon.active) return { text: 'Inactive', color: 'default' };
  if (coupon.starts_at && Date.parse(coupon.starts_at) > now) return { text: 'Scheduled', color: 'blue' };
  if (coupon.ends_at && Date.parse(coupon.ends_at) <= now) return { text: 'Expired', color: 'orange' };
  if (coupon.max_uses !== null && coupon.uses_count >= coupon.max_uses) return { text: 'Used up', color: 'orange' };
  return { text: 'Active', color: 'green' };
}

function validity(coupon: AdminCoupon): string {
  const from = coupon.starts_at ? formatLongDate(coupon.starts_at) : null;
  const until = coupon.ends_at ? formatLongDate(coupon.ends_at) : null;
  if (from && until) return `${from} – ${until}`;
  if (from) return `From ${from}`;
  if (until) return `Until ${until}`;
  return 'Always';
}

/** Discount codes (issue 24 §3): every code with its terms and how often it was used. */
export default function CouponsPage() {
  const navigate = useNavigate();
  // Page, size and search live in the URL: Back from a code's form, a reload or a shared link keep them.
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => couponsListFromSearchParams(searchParams), [searchParams]);
  const setFilters = useCallback(
    (next: CouponsListParams) => setSearchParams(couponsListToSearchParams(next)),
    [setSearchParams],
  );
  const phone = !Grid.useBreakpoint().md;
  const coupons = useAdminCoupons(filters);
  const currency = useAdminConfig().data?.shop.currency_code;

  const columns: TableColumnsType<AdminCoupon> = [
    {
      title: 'Code',
      dataIndex: 'code',
      render: (code: string, coupon) => (
        <Link to={`${COUPONS_PATH}/edit/${coupon.id}`} className="coupons-code" data-testid="coupon-link">
          {code}
        </Link>
      ),
    },
    {
      title: 'Discount',
      key: 'discount',
      render: (_: unknown, coupon) => <span data-testid="coupon-terms">{couponTerms(coupon, currency)}</span>,
    },
    {
      title: 'Minimum',
      dataIndex: 'min_subtotal',
      responsive: ['lg'],
      render: (min: number | null) => (min === null ? '—' : formatMoney(min, currency)),
    },
    { title: 'Valid', key: 'validity', responsive: ['lg'], render: (_: unknown, coupon) => validity(coupon) },
    {
      title: 'Uses',
      key: 'uses',
      align: 'right',
      render: (_: unknown, coupon) => (
        <span data-testid="coupon-uses-cell">
          {coupon.uses_count} / {coupon.max_uses ?? '∞'}
        </span>
      ),
    },
    {
      title: 'Status',
      key: 'status',
      responsive: ['md'],
      render: (_: unknown, coupon) => {
        const state = couponState(coupon);
        return (
          <Tag color={state.color} data-testid="coupon-status">
            {state.text}
          </Tag>
        );
      },
    },
  ];

  return (
    <div className="coupons-page">
      <PageHeader
        title="Discount codes"
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(`${COUPONS_PATH}/add`)}
            data-testid="coupon-add"
          >
            Add discount code
          </Button>
        }
      />
      <Card className="coupons-card" data-testid="coupons-table">
        <Input.Search
          className="coupons-search"
          placeholder="Code"
          aria-label="Search discount codes"
          maxLength={100}
          key={filters.search}
          defaultValue={filters.search}
          enterButton="Search"
          onSearch={(value) => setFilters({ ...filters, page: 1, search: value.trim() })}
          data-testid="coupons-search"
        />
        <Table<AdminCoupon>
          rowKey="id"
          columns={columns}
          dataSource={coupons.data?.items ?? []}
          loading={coupons.isLoading}
          tableLayout={phone ? 'fixed' : undefined}
          locale={{ emptyText: coupons.error ? 'The discount codes could not be loaded' : 'No discount codes yet' }}
          rowClassName="coupons-row"
          onRow={(coupon) => {
            // As in the other lists, the whole row opens the code, by mouse or by Enter (issue 31 §18); the
            // code's own link already does both and is left to itself.
            const open = (event: { target: EventTarget }) => {
              if (!(event.target instanceof Element && event.target.closest('a'))) {
                navigate(`${COUPONS_PATH}/edit/${coupon.id}`);
              }
            };
            return {
              onClick: open,
              onKeyDown: (event) => {
                if (event.key === 'Enter') open(event);
              },
              tabIndex: 0,
              'data-testid': `coupon-row-${coupon.code}`,
            } as HTMLAttributes<HTMLElement>;
          }}
          pagination={{
            current: filters.page,
            pageSize: filters.size,
            total: coupons.data?.count ?? 0,
            showSizeChanger: true,
            size: phone ? 'small' : 'medium',
            pageSizeOptions: COUPON_PAGE_SIZES.map(String),
            onChange: (page, size) => setFilters({ ...filters, page: size === filters.size ? page : 1, size }),
            showTotal: (total) => `${total} ${total === 1 ? 'code' : 'codes'}`,
          }}
        />
      </Card>
    </div>
  );
}
