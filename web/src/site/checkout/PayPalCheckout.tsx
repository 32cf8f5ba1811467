/**
 * The PayPal buttons of the cart page (SPEC §4 Payment, DESIGN "Payments"). Loaded lazily by the cart page
 * only, so no other page downloads react-paypal-js or PayPal's SDK.
 *
 * createOrder → POST payments/create with ids and quantities (the server prices the cart);
 * onApprove   → POST payments/capture with the created payment plus the approved orderId;
 * COMPLETED   → the cart leaves session storage and the shopper goes to /site/orders/{id}.
 */
import {
  FUNDING,
  PayPalButtons,
  PayPalScriptProvider,
  usePayPalScriptReducer,
  type PayPalButtonsComponentProps,
  type ScriptContextState,
} from '@paypal/react-paypal-js';
import { type CartItem, MESSAGES, type PaymentReply, type PublicConfig } from '@shop/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../lib/notify';
import { capturePayment, createPayment } from '../api/payments';
import { cartStore } from '../cart/store';
import { Button } from '../ui/Button';
import { Notice } from '../ui/Notice';
import { Spinner } from '../ui/Spinner';
import {
  captureWithRetries,
  couponRefusalOf,
  createdPayment,
  fundingSources,
  paymentItems,
  paypalScriptOptions,
  pickupRefusalOf,
  refusedIds,
  shortProduct,
  type ShortProduct,
} from './checkout';
import { CHECKOUT_MESSAGES } from './messages';
import './checkout.css';

export interface PayPalCheckoutProps {
  config: PublicConfig;
  cart: readonly CartItem[];
  /** SPEC §5: the buttons stay disabled until the terms are ticked. */
  termsAccepted: boolean;
  /** payments/create refused these ids (unpublished, out of stock or deleted since the page loaded). */
  onRefused: (ids: string[]) => void;
  /** PayPal holds the payment: the order is completed later by the webhook. */
  onPending: () => void;
  /** The discount code the cart applies (issue 24 §3), priced again by the server; null: none. */
  couponCode?: string | null;
  /** The server refused the code (expired, used up…): the cart drops it and says why. */
  onCouponRefused?: (message: string) => void;
  /** Collected at this market day instead of shipped (issue 32 §4); null: shipped. */
  pickupDayId?: string | null;
  /** The server refused the day (past, closed meanwhile): the cart goes back to shipping and says why. */
  onPickupRefused?: (message: string) => void;
}

/** The "Please accept the terms" toast: ticking the box closes it, and it never follows to the order page. */
const TERMS_TOAST_KEY = 'checkout-terms-required';

/** An error whose toast was already shown: onError must not show a second one. */
class ReportedError extends Error {}

const BUTTON_STYLE: PayPalButtonsComponentProps['style'] = {
  layout: 'vertical',
  shape: 'rect',
  height: 46,
  borderRadius: 10,
};

function CheckoutButtons({
  config,
  cart,
  termsAccepted,
  onRefused,
  onPending,
  couponCode = null,
  onCouponRefused,
  pickupDayId = null,
  onPickupRefused,
}: PayPalCheckoutProps) {
  const [script] = usePayPalScriptReducer();
  const { isInitial, isPending, isRejected } = script;
  // The derived state spreads the whole script context, whose type has the loader's error message.
  const loadError = (script as Partial<ScriptContextState>).loadingStatusErrorMessage;
  const navigate = useNavigate();
  const created = useRef<PaymentReply | null>(null);
  // PayPal's own SDK hands onError a copy of what createOrder threw, so instanceof alone cannot tell.
  const reported = useRef(false);
  const [capturing, setCapturing] = useState(false);
  const [retrying, setRetrying] = useState<{ attempt: number; attempts: number } | null>(null);
  /** The PayPal order whose capture got no answer after every retry. */
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const sources = useMemo(() => fundingSources(config.payment_method, Object.values(FUNDING)), [config.payment_method]);

  // Issue 23: the warning has done its job once the box is ticked, and it has no place on the next page.
  useEffect(() => {
    if (termsAccepted) notify.dismiss(TERMS_TOAST_KEY);
  }, [termsAccepted]);
  useEffect(() => () => notify.dismiss(TERMS_TOAST_KEY), []);

  // SPEC §8: a payment script that fails to load is logged, and the state becomes rejected.
  useEffect(() => {
    if (isRejected) console.error('PayPal SDK failed to load', loadError ?? '');
  }, [isRejected, loadError]);

  if (isInitial || isPending) {
    return (
      <div className="checkout-loading" data-testid="checkout-loading" aria-busy="true">
        <Spinner label="Loading payment options…" showLabel />
      </div>
    );
  }
  if (isRejected) {
    return (
      <Notice
        tone="error"
        title={CHECKOUT_MESSAGES.paymentScriptFailed.title}
        description={CHECKOUT_MESSAGES.paymentScriptFailed.description}
        data-testid="checkout-script-error"
      />
    );
  }

  if (sources.length === 0) {
    // No configured method is one PayPal offers: there is nothing to click.
    return (
      <Notice
        tone="info"
        title={CHECKOUT_MESSAGES.paymentOff.title}
        description={CHECKOUT_MESSAGES.paymentOff.description}
        data-testid="cart-payment-off"
      />
    );
  }

  const onClick: PayPalButtonsComponentProps['onClick'] = (_data, actions) => {
    // PayPal runs onClick even on disabled buttons, which is where the shopper learns why nothing happens.
    if (!termsAccepted) {
      notify.warning(CHECKOUT_MESSAGES.termsRequired, { key: TERMS_TOAST_KEY });
      return actions.reject();
    }
    return actions.resolve();
  };

  /**
   * Fewer left than the cart asked, but some: the cart holds what is left (issue 24: it never holds more)
   * and the shopper is told so; answers whether it did. Sold out: the caller marks the line instead.
   */
  const lowerToWhatIsLeft = (short: ShortProduct, beforePaying: boolean): boolean => {
    if (short.available === null || short.available < 1) return false;
    cartStore.setQuantity(short.id, short.available);
    notify.error(CHECKOUT_MESSAGES.lowered(short.message, short.available, beforePaying));
    return true;
  };

  const createOrder: PayPalButtonsComponentProps['createOrder'] = async () => {
    created.current = null;
    reported.current = false;
    const envelope = await createPayment({
      products: paymentItems(cart),
      coupon_code: couponCode,
      ...(pickupDayId ? { pickup_day_id: pickupDayId } : {}),
    });
    const payment = createdPayment(envelope);
    if (payment) {
      created.current = payment;
      return payment.id;
    }
    const pickupRefused = pickupRefusalOf(envelope);
    if (pickupRefused) {
      notify.error({ title: 'Pick-up day not available', description: pickupRefused });
      reported.current = true;
      onPickupRefused?.(pickupRefused);
      throw new ReportedError(`payments/create refused the pickup day: ${pickupRefused}`);
    }
    const couponRefused = couponRefusalOf(envelope);
    if (couponRefused) {
      notify.error({ title: 'Discount code not applied', description: couponRefused });
      reported.current = true;
      onCouponRefused?.(couponRefused);
      throw new ReportedError(`payments/create refused the code: ${couponRefused}`);
    }
    const short = shortProduct(envelope);
    reported.current = true;
    if (short && lowerToWhatIsLeft(short, true)) throw new ReportedError('payments/create: fewer left than asked');
    notify.error(short ? CHECKOUT_MESSAGES.notEnoughLeft(short.message) : MESSAGES.paymentCreateFailed);
    if (short) onRefused([short.id]);
    const refused = refusedIds(envelope);
    if (refused.length > 0) onRefused(refused);
    // Throwing is how PayPal learns there is no order to approve.
    throw new ReportedError(`payments/create answered ${envelope.status}`);
  };

  const finishCapture = async (orderID: string) => {
    setCapturing(true);
    setUnconfirmed(null);
    // The created payment goes back as it came (SPEC §7), but only when it is this very PayPal order.
    const payment = created.current?.id === orderID ? created.current : null;
    const body = { ...(payment ?? {}), orderId: orderID, secret: payment?.secret ?? '' };
    // Repeats on a lost answer: same PayPal order, same request id at PayPal, so never a double charge.
    const outcome = await captureWithRetries(
      () => capturePayment(body),
      (attempt, attempts) => setRetrying({ attempt, attempts }),
    );
    setRetrying(null);
    switch (outcome.kind) {
      case 'completed':
        // SPEC §4: after a successful capture the cart leaves session storage.
        cartStore.clear();
        notify.dismiss(TERMS_TOAST_KEY);
        navigate(`/site/orders/${encodeURIComponent(outcome.orderId)}`);
        return;
      case 'pending':
        // The money is promised: keeping the cart would only invite paying twice. The webhook completes the order.
        setCapturing(false);
        created.current = null;
        cartStore.clear();
        notify.info(CHECKOUT_MESSAGES.paymentPending);
        onPending();
        return;
      case 'soldOut':
        setCapturing(false);
        created.current = null;
        if (lowerToWhatIsLeft(outcome.product, false)) return;
        notify.error(CHECKOUT_MESSAGES.soldOutWhilePaying(outcome.product.message));
        onRefused([outcome.product.id]);
        return;
      case 'couponRefused':
        setCapturing(false);
        created.current = null;
        notify.error({ title: 'Discount code not applied', description: outcome.message });
        onCouponRefused?.(outcome.message);
        return;
      case 'countryRefused':
        setCapturing(false);
        notify.error(MESSAGES.paymentCountryRefused);
        return;
      case 'retry':
        // Not a dead end: the shopper may try again, and the server finishes a taken payment on its own.
        setCapturing(false);
        setUnconfirmed(orderID);
        return;
      case 'failed':
        setCapturing(false);
        notify.error(MESSAGES.paymentCaptureFailed);
    }
  };

  const onApprove: PayPalButtonsComponentProps['onApprove'] = ({ orderID }) => finishCapture(orderID);

  const onError: PayPalButtonsComponentProps['onError'] = (err) => {
    setCapturing(false);
    const alreadyShown = reported.current || err instanceof ReportedError;
    reported.current = false;
    if (alreadyShown) return;
    console.error('PayPal checkout failed', err);
    // Before an order exists the creation failed; afterwards the approval or capture did.
    notify.error(created.current ? MESSAGES.paymentCaptureFailed : MESSAGES.paymentCreateFailed);
  };

  return (
    <div className="checkout-buttons" data-testid="checkout-buttons">
      {retrying && (
        <Notice
          tone="info"
          className="checkout-notice"
          title={CHECKOUT_MESSAGES.captureRetrying(retrying.attempt, retrying.attempts).title}
          description={CHECKOUT_MESSAGES.captureRetrying(retrying.attempt, retrying.attempts).description}
          data-testid="capture-retrying"
        />
      )}
      {unconfirmed && !capturing && (
        <Notice
          tone="warning"
          className="checkout-notice"
          title={CHECKOUT_MESSAGES.captureUnconfirmed.title}
          description={
            <>
              <p className="checkout-notice-text">{CHECKOUT_MESSAGES.captureUnconfirmed.description}</p>
              <Button variant="primary" onClick={() => void finishCapture(unconfirmed)} data-testid="capture-try-again">
                Try again
              </Button>
            </>
          }
          data-testid="capture-unconfirmed"
        />
      )}
      <div className="ui-busy" aria-busy={capturing}>
        {capturing && (
          <div className="ui-busy-cover">
            <Spinner label="Completing your payment…" showLabel />
          </div>
        )}
        {sources.map((fundingSource) => (
          <PayPalButtons
            key={fundingSource}
            fundingSource={fundingSource}
            style={BUTTON_STYLE}
            disabled={!termsAccepted}
            forceReRender={[config.currency_code, couponCode, pickupDayId]}
            onClick={onClick}
            createOrder={createOrder}
            onApprove={onApprove}
            onCancel={() => {
              created.current = null;
            }}
            onError={onError}
          />
        ))}
      </div>
    </div>
  );
}

export default function PayPalCheckout(props: PayPalCheckoutProps) {
  const { config } = props;
  const options = useMemo(() => paypalScriptOptions(config), [config]);
  return (
    // The provider reads its options once: a new client id or currency needs a fresh provider.
    <PayPalScriptProvider key={`${options.clientId}|${options.currency}`} options={options}>
      <CheckoutButtons {...props} />
    </PayPalScriptProvider>
  );
}
