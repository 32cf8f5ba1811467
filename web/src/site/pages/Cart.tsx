import {
  cartTotalsWithCoupon,
  formatMoney,
  formatQuantity,
  joinNames,
  lineTotal,
  shippingDestinations,
  summaryLines,
  type PickupDay,
  type PublicConfig,
  type PublicCoupon,
} from '@shop/shared';
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useShopState } from '../../app/shop-state';
import { ButtonLink } from '../../components/ButtonLink';
import { useHydrated } from '../../lib/use-hydrated';
import { useCartProducts } from '../api/products';
import { cartIds, MAX_QUANTITY } from '../cart/cart';
import { QuantityStepper } from '../cart/QuantityStepper';
import { CouponField } from '../cart/CouponField';
import { useAppliedCoupon } from '../cart/use-applied-coupon';
import { applicableCoupon, cartRows, isOnlinePaymentOff, payableLines, type CartRow } from '../checkout/checkout';
import { CHECKOUT_MESSAGES } from '../checkout/messages';
import { PickupChoice } from '../checkout/PickupChoice';
import { offeredPickupDay, usePickupDays } from '../checkout/pickup-days';
import { AssetImage } from '../components/AssetImage';
import { Price } from '../components/Price';
import { TotalsList } from '../components/TotalsList';
import { useDocumentMeta } from '../lib/use-document-meta';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { Skeleton } from '../ui/Skeleton';
import {
  ArrowLeftIcon,
  ClockCircleIcon,
  DeleteIcon,
  EnvironmentIcon,
  ExclamationCircleFilledIcon,
  LockIcon,
  ReloadIcon,
  ShopIcon,
} from '../ui/icons';
import { Notice } from '../ui/Notice';
import { Spinner } from '../ui/Spinner';
import { Tag } from '../ui/Tag';
import '../checkout/checkout.css';
import './cart.css';

// PayPal's React bindings (and the SDK they load) are only ever needed here.
const PayPalCheckout = lazy(() => import('../checkout/PayPalCheckout'));

const UNAVAILABLE_TEXT = { missing: 'No longer available', outOfStock: 'Not available' } as const;

function CartHeader() {
  return (
    <header className="cart-header">
      <span className="eyebrow">Your basket</span>
      <h1 className="page-title">Order Review</h1>
      <p className="page-lead">Check your products and quantities, then pay securely with PayPal or a card.</p>
    </header>
  );
}

function CartLinesHead() {
  return (
    <div className="cart-lines-head" aria-hidden="true">
      <span>Product</span>
      <span>Quantity</span>
      <span>Total</span>
      <span />
    </div>
  );
}

/**
 * How many lines the server's drawing keeps room for. The server never knows the cart (it lives in the
 * shopper's session storage), so it reserves what a small cart takes; the browser knows the number once the
 * page is live, and reserves exactly that while the products are on their way.
 */
const RESERVED_LINES = 2;
/** A long cart's placeholder stops here: the rest of its lines are below the fold anyway. */
const MOST_PLACEHOLDER_LINES = 5;

/** A line's cells in grey, each the height the real line's cell takes (cart.css), so the lines land in place. */
function LinePlaceholder() {
  return (
    <li className="cart-line cart-line--waiting">
      <div className="cart-line-media" />
      <div className="cart-line-info">
        <span className="ui-skeleton-line cart-waiting-category" />
        <span className="ui-skeleton-line cart-line-name cart-waiting-name" />
        <span className="ui-skeleton-line cart-waiting-meta" />
      </div>
      <div className="cart-line-qty">
        <span className="ui-skeleton-line cart-waiting-qty" />
      </div>
      <div className="cart-line-total">
        <span className="ui-skeleton-line cart-waiting-total" />
      </div>
      <span className="ui-skeleton-line cart-line-remove cart-waiting-remove" />
    </li>
  );
}

/**
 * The cart before its lines are known: its title, the lines' card holding their room, and the summary's
 * frame. The server draws this (there is no shopper on the server), the browser's first drawing matches it,
 * and it stays until the cart's products have arrived; nothing drawn here moves when the lines replace it.
 */
function CartWaiting({ lines = RESERVED_LINES }: { lines?: number }) {
  const count = Math.min(Math.max(lines, 1), MOST_PLACEHOLDER_LINES);
  return (
    <div className="page cart" data-testid="cart-waiting">
      <CartHeader />
      <div className="cart-layout">
        <section className="cart-lines-card" aria-label="Products in your cart" aria-busy="true">
          <CartLinesHead />
          <p className="visually-hidden" role="status">
            Loading your cart…
          </p>
          <ul className="cart-lines" data-testid="cart-lines" aria-hidden="true">
            {Array.from({ length: count }, (_, index) => (
              <LinePlaceholder key={index} />
            ))}
          </ul>
        </section>
        {/* Beside the lines only: where the summary sits below them (a narrow screen), its place depends on how
            tall the lines turn out, so it appears with them rather than moving when they arrive. */}
        <aside className="cart-summary cart-summary--waiting" aria-label="Order summary" aria-busy="true">
          <h2 className="cart-summary-title">Order summary</h2>
          <Skeleton rows={5} titleWidth="50%" lastRowWidth="70%" />
        </aside>
      </div>
    </div>
  );
}

interface StatusProps {
  icon: ReactNode;
  title: string;
  text?: string;
  action: ReactNode;
}

/** A whole-page outcome in the cart's card: a big icon, a heading, a line of text and what to do next. */
function CartStatus({ icon, title, text, action }: StatusProps) {
  return (
    <div className="cart-result">
      <div className="cart-result-icon">{icon}</div>
      <h2 className="cart-result-title">{title}</h2>
      {text && <p className="cart-result-text">{text}</p>}
      <div className="cart-result-action">{action}</div>
    </div>
  );
}

function EmptyCart() {
  return (
    <div className="page cart">
      <CartHeader />
      <div className="cart-empty" data-testid="cart-empty">
        <EmptyState description={<span className="cart-empty-text">Your cart is empty</span>}>
          <p className="cart-empty-hint">Our oils, vinegars and pasta are waiting for you in the pantry.</p>
          <ButtonLink to="/site/shop" variant="primary" size="large" icon={<ShopIcon />} data-testid="cart-go-shop">
            Go to shop
          </ButtonLink>
        </EmptyState>
      </div>
    </div>
  );
}

function PaymentPending() {
  return (
    <div className="page cart">
      <div className="cart-status" data-testid="cart-pending">
        <CartStatus
          icon={<ClockCircleIcon />}
          title={CHECKOUT_MESSAGES.paymentPending.title}
          text={CHECKOUT_MESSAGES.paymentPending.description}
          action={
            <ButtonLink to="/site/shop" variant="primary" size="large" icon={<ShopIcon />}>
              Continue shopping
            </ButtonLink>
          }
        />
      </div>
    </div>
  );
}

interface LineProps {
  row: CartRow;
  currency: string;
  onQuantity: (id: string, quantity: number) => void;
  onQuantityValidity: (id: string, valid: boolean, tooMany: boolean) => void;
  onRemove: (id: string, name: string) => void;
}

function CartLineItem({ row, currency, onQuantity, onQuantityValidity, onRemove }: LineProps) {
  const { item, product, status } = row;
  const available = status === 'ok' && product !== null;
  const name = product?.name ?? 'Product no longer available';
  const href = `/site/shop/${encodeURIComponent(item.id)}`;

  return (
    <li
      className={available ? 'cart-line' : 'cart-line cart-line--unavailable'}
      data-testid="cart-line"
      data-product-id={item.id}
      data-status={status}
    >
      <div className="cart-line-media">
        {product ? (
          <Link to={href} tabIndex={-1} aria-hidden="true">
            <AssetImage
              id={product.img?.id ?? product.img_id}
              alt={product.name}
              size="thumbnail"
              className="cart-line-img"
            />
          </Link>
        ) : (
          <AssetImage id={null} alt="" size="thumbnail" className="cart-line-img" />
        )}
      </div>

      <div className="cart-line-info">
        {product?.categories[0] && <span className="cart-line-category">{product.categories[0].name}</span>}
        {product ? (
          <Link to={href} className="cart-line-name" data-testid="cart-line-name">
            {name}
          </Link>
        ) : (
          <span className="cart-line-name" data-testid="cart-line-name">
            {name}
          </span>
        )}
        <div className="cart-line-meta">
          {product && <Price product={product} currency={currency} />}
          {product && product.quantity_amount > 0 && (
            <span className="cart-line-size">{formatQuantity(product.quantity_amount, product.quantity_unit)}</span>
          )}
        </div>
        {status !== 'ok' && (
          <Tag tone="red" filled className="cart-line-flag" data-testid="cart-unavailable">
            {UNAVAILABLE_TEXT[status]}
          </Tag>
        )}
      </div>

      <div className="cart-line-qty">
        <QuantityStepper
          value={item.quantity}
          disabled={!available}
          // A counted product near its end says how many are left; the cart holds no more (issue 24).
          {...(product?.stock_left != null && product.stock_left < MAX_QUANTITY
            ? { max: Math.max(1, product.stock_left), tooMany: `Only ${product.stock_left} left` }
            : {})}
          label={`Quantity of ${name}`}
          testId="cart-line-qty"
          // Steppers and the box stop at 1 (SPEC §5 minimum): removing is the bin's job.
          onChange={(quantity) => onQuantity(item.id, quantity)}
          onValidityChange={(valid, tooMany) => onQuantityValidity(item.id, valid, tooMany)}
        />
      </div>

      <div className="cart-line-total" data-testid="cart-line-total">
        {available ? formatMoney(lineTotal({ ...product, quantity: item.quantity }), currency) : '—'}
      </div>

      <Button
        className="cart-line-remove"
        variant="text"
        circle
        danger
        icon={<DeleteIcon />}
        aria-label={`Remove ${name} from cart`}
        data-testid="cart-line-remove"
        onClick={() => onRemove(item.id, product?.name ?? 'The product')}
      />
    </li>
  );
}

/**
 * Where the shop ships, before the payment buttons (issue 23): a shopper elsewhere learns it here rather than
 * after approving the payment at PayPal ("EU" in the settings is named as the European Union, its members
 * one click away).
 */
function ShipsTo({ countries }: { countries: readonly string[] }) {
  const places = useMemo(() => shippingDestinations(countries), [countries]);
  if (places.length === 0) return null;
  const union = places.find((place) => place.members);
  return (
    <div className="cart-ships-to" data-testid="cart-ships-to">
      <EnvironmentIcon className="cart-ships-to-icon" />
      <div>
        <p className="cart-ships-to-text">We ship to {joinNames(places.map((place) => place.name))} only.</p>
        {union?.members && (
          <details className="cart-ships-to-members">
            <summary>Countries of the European Union</summary>
            <p data-testid="cart-ships-to-eu">{joinNames(union.members)}.</p>
          </details>
        )}
      </div>
    </div>
  );
}

interface SummaryProps {
  rows: readonly CartRow[];
  config: PublicConfig;
  currency: string;
  payment: ReactNode;
  terms: boolean;
  onTerms: (checked: boolean) => void;
  coupon: PublicCoupon | null;
  onCoupon: (coupon: PublicCoupon | null) => void;
  couponProblem: string | null;
  onCouponProblem: (message: string | null) => void;
  /** The coming market days open for pickup (issue 32 §4), and the one chosen (null: shipped). */
  pickupDays: readonly PickupDay[];
  pickupDay: PickupDay | null;
  onPickupDay: (dayId: string | null) => void;
}

function CartSummary({
  rows,
  config,
  currency,
  payment,
  terms,
  onTerms,
  coupon,
  onCoupon,
  couponProblem,
  onCouponProblem,
  pickupDays,
  pickupDay,
  onPickupDay,
}: SummaryProps) {
  const lines = payableLines(rows);
  const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);
  // Collected at the market: nothing to ship, no fee (the server prices it the same way).
  const shipmentAmount = pickupDay ? 0 : config.shipment_amount;
  const plain = cartTotalsWithCoupon(lines, shipmentAmount, null);
  const applied = applicableCoupon(coupon, plain.subtotal, currency);
  const totals = cartTotalsWithCoupon(lines, shipmentAmount, applied.coupon);
  const shipped = lines.some((line) => line.apply_shipping);
  const shippingCost = cartTotalsWithCoupon(lines, config.shipment_amount, null).shipping;

  return (
    <aside className="cart-summary" aria-label="Order summary" data-testid="cart-summary">
      <h2 className="cart-summary-title">Order summary</h2>
      <div className="cart-totals">
        <TotalsList
          lines={summaryLines(totals, {
            couponCode: applied.coupon?.code,
            shipped,
            shippingMethod: config.shipment_method,
            pickup: pickupDay !== null,
          })}
          currency={currency}
          itemCount={itemCount}
          testIdPrefix="cart"
        />
      </div>

      <CouponField
        coupon={coupon}
        onApply={onCoupon}
        problem={couponProblem ?? applied.problem}
        onProblem={onCouponProblem}
        currency={currency}
      />

      <PickupChoice
        days={pickupDays}
        value={pickupDay?.id ?? null}
        onChange={onPickupDay}
        shippingCost={shippingCost}
        shippingMethod={config.shipment_method}
        currency={currency}
      />

      {!pickupDay && <ShipsTo countries={config.payment_country} />}

      <label className="cart-terms">
        <input
          type="checkbox"
          className="cart-terms-box"
          checked={terms}
          onChange={(e) => onTerms(e.target.checked)}
          data-testid="cart-terms"
        />
        <span>
          I have read and agree to the{' '}
          <Link to="/site/terms" target="_blank" rel="noopener">
            Terms and Conditions
          </Link>
        </span>
      </label>

      <div className="cart-payment">{payment}</div>

      <p className="cart-secure">
        <LockIcon /> Payments are processed securely by PayPal. We never see your card details.
      </p>
    </aside>
  );
}

export default function Cart() {
  useDocumentMeta({ title: 'Your cart' }, { path: '/site/cart', noindex: true });
  // The cart is the shopper's session storage, which the server cannot see: it draws the cart's frame, the
  // browser's first drawing (hydration) draws the same, and the lines are read from storage right after.
  return useHydrated() ? <CartContents /> : <CartWaiting />;
}

function CartContents() {
  const { cart, config, currency, removeFromCart, setCartQuantity } = useShopState();
  const ids = useMemo(() => cartIds(cart), [cart]);
  const { data: products, error, isLoading, mutate } = useCartProducts(ids);
  const [refused, setRefused] = useState<ReadonlySet<string>>(() => new Set());
  const [terms, setTerms] = useState(false);
  const [pending, setPending] = useState(false);
  const { coupon, setCoupon, problem: couponProblem, setProblem: setCouponProblem } = useAppliedCoupon();
  const { data: pickupDays, mutate: reloadPickupDays } = usePickupDays();
  const [pickupDayId, setPickupDayId] = useState<string | null>(null);
  const pickupDay = offeredPickupDay(pickupDays, pickupDayId);
  const onPickupRefused = useCallback(() => {
    setPickupDayId(null);
    void reloadPickupDays();
  }, [reloadPickupDays]);
  const onCouponRefused = useCallback(
    (message: string) => {
      setCoupon(null);
      setCouponProblem(message);
    },
    [setCoupon, setCouponProblem],
  );

  const onRefused = useCallback(
    (refusedNow: string[]) => {
      setRefused((current) => new Set([...current, ...refusedNow]));
      // Whatever changed on the server (unpublished, out of stock, deleted) shows on the lines.
      void mutate();
    },
    [mutate],
  );
  // Lines whose quantity box holds something that is not a whole number from 1 to 999 (issue 23), each with
  // whether it is a whole number above the units left (issue 31 §3: then the stock is the reason to name).
  const [badQuantities, setBadQuantities] = useState<ReadonlyMap<string, boolean>>(() => new Map());
  const onQuantityValidity = useCallback((id: string, valid: boolean, tooMany: boolean) => {
    setBadQuantities((current) => {
      if (valid ? !current.has(id) : current.get(id) === tooMany) return current;
      const next = new Map(current);
      if (valid) next.delete(id);
      else next.set(id, tooMany);
      return next;
    });
  }, []);
  const onRemove = useCallback(
    (id: string, name: string) => {
      onQuantityValidity(id, true, false);
      removeFromCart({ id, name });
    },
    [removeFromCart, onQuantityValidity],
  );

  if (pending) return <PaymentPending />;
  if (cart.length === 0) return <EmptyCart />;
  if (!config || (!products && isLoading)) return <CartWaiting lines={cart.length} />;
  if (!products) {
    return (
      <div className="page cart">
        <CartHeader />
        <div className="cart-status" data-testid="cart-error">
          <CartStatus
            icon={<ExclamationCircleFilledIcon />}
            title="Your cart could not be loaded"
            text={error ? 'Please check your connection and try again.' : undefined}
            action={
              <Button variant="primary" size="large" icon={<ReloadIcon />} onClick={() => void mutate()}>
                Try again
              </Button>
            }
          />
        </div>
      </div>
    );
  }

  const rows = cartRows(cart, products, refused);
  const blocked = rows.some((row) => row.status !== 'ok');

  let payment: ReactNode;
  if (isOnlinePaymentOff(config)) {
    payment = (
      <Notice
        tone="info"
        title={CHECKOUT_MESSAGES.paymentOff.title}
        description={CHECKOUT_MESSAGES.paymentOff.description}
        data-testid="cart-payment-off"
      />
    );
  } else if (cart.some((item) => badQuantities.has(item.id))) {
    const unreadable = cart.some((item) => badQuantities.get(item.id) === false);
    // Every refused box holds a whole number: the stock is what stands in the way, so that is what is said.
    const short = unreadable ? undefined : rows.find((row) => badQuantities.has(row.item.id) && row.product);
    const message =
      short?.product && short.product.stock_left != null
        ? CHECKOUT_MESSAGES.notEnoughLeft(`Only ${short.product.stock_left} of ${short.product.name} left`)
        : CHECKOUT_MESSAGES.quantityInvalid;
    payment = (
      <Notice
        tone="warning"
        title={message.title}
        description={message.description}
        data-testid="cart-payment-quantity"
      />
    );
  } else if (blocked) {
    payment = (
      <Notice
        tone="warning"
        title={CHECKOUT_MESSAGES.unavailable.title}
        description={CHECKOUT_MESSAGES.unavailable.description}
        data-testid="cart-payment-blocked"
      />
    );
  } else {
    payment = (
      <Suspense
        fallback={
          <div className="checkout-loading" aria-busy="true">
            <Spinner label="Loading payment options…" showLabel />
          </div>
        }
      >
        <PayPalCheckout
          config={config}
          cart={cart}
          termsAccepted={terms}
          onRefused={onRefused}
          onPending={() => setPending(true)}
          couponCode={
            applicableCoupon(
              coupon,
              cartTotalsWithCoupon(payableLines(rows), config.shipment_amount, null).subtotal,
              currency,
            ).coupon?.code ?? null
          }
          onCouponRefused={onCouponRefused}
          pickupDayId={pickupDay?.id ?? null}
          onPickupRefused={onPickupRefused}
        />
      </Suspense>
    );
  }

  return (
    <div className="page cart">
      <CartHeader />
      <div className="cart-layout">
        <section className="cart-lines-card" aria-label="Products in your cart">
          <CartLinesHead />
          <ul className="cart-lines" data-testid="cart-lines">
            {rows.map((row) => (
              <CartLineItem
                key={row.item.id}
                row={row}
                currency={currency}
                onQuantity={setCartQuantity}
                onQuantityValidity={onQuantityValidity}
                onRemove={onRemove}
              />
            ))}
          </ul>
          <div className="cart-lines-foot">
            <Link to="/site/shop" className="cart-continue">
              <ArrowLeftIcon /> Continue shopping
            </Link>
          </div>
        </section>

        <CartSummary
          rows={rows}
          config={config}
          currency={currency}
          payment={payment}
          terms={terms}
          onTerms={setTerms}
          coupon={coupon}
          onCoupon={setCoupon}
          couponProblem={couponProblem}
          onCouponProblem={setCouponProblem}
          pickupDays={pickupDays ?? []}
          pickupDay={pickupDay}
          onPickupDay={setPickupDayId}
        />
      </div>
    </div>
  );
}
