import { formatMoney } from '@shop/shared';
import type {
  LiveContactCreated,
  LiveEventMap,
  LiveOrderPaid,
  LivePaymentAlert,
  LiveStockLow,
  LiveStockShortfall,
} from '@shop/shared/admin';
import { App } from 'antd';
import { createElement, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { mutate } from 'swr';
import { apiHost, apiUrl } from '../../lib/api';
import { refreshDashboard } from './dashboard';
import { refreshNotificationLists } from './notifications';
import { refreshProductLists } from './products';

/** How long an alert stays up: long enough to be seen by someone packing a parcel, not forever. */
const ALERT_SECONDS = 12;
/** After the browser gave up on the stream (an answer that was not one), open it again this much later. */
const GIVE_UP_RETRY_MS = 10_000;

/** "Maria Rossi" → "Maria R.": enough to recognise a regular, short enough for a phone's toast. */
export function shortName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts[0]} ${parts[parts.length - 1][0].toUpperCase()}.`;
}

/** "New order #1043 — $45.90 from Maria R." */
export function orderAlertTitle(order: LiveOrderPaid): string {
  const from = shortName(order.customer);
  return `New order #${order.number} — ${formatMoney(order.total, order.currency)}${from ? ` from ${from}` : ''}`;
}

/** "PayPal and order ABC123": the sentence itself (paymentNewsText) is the alert's link. */
export const paymentAlertTitle = (news: LivePaymentAlert): string => `PayPal and order ${news.number}`;

export const contactAlertTitle = (contact: LiveContactCreated): string =>
  `New message from ${contact.name || 'a shopper'}`;

/** "Olio Nuovo has sold out" or "Olio Nuovo: only 2 left" (issue 24). */
export const stockAlertTitle = (stock: LiveStockLow): string =>
  stock.stock_quantity === 0 ? `${stock.name} has sold out` : `${stock.name}: only ${stock.stock_quantity} left`;

/** "Count off: Olio Nuovo" (issue 32): the stall sold units the stock count did not have. */
export const shortfallAlertTitle = (shortfall: LiveStockShortfall): string => `Count off: ${shortfall.name}`;

/** Every cached page of the orders lists and the sales graph: a new order belongs on them. */
const refreshOrderLists = () => mutate((key) => typeof key === 'string' && key.startsWith('admin/orders'));

function parse<K extends keyof LiveEventMap>(event: Event): LiveEventMap[K] | null {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as LiveEventMap[K];
  } catch {
    return null;
  }
}

/**
 * The control centre's live alerts (issue 14 part 5), for as long as a signed-in screen is mounted: one
 * EventSource on GET admin/events, which reconnects by itself after a drop (the server's `retry:` hint).
 * A new paid order or contact message revalidates the lists and the sidebar's badges and shows a
 * notification with a link to the record. After a reconnect the lists are revalidated too, since events
 * sent while the connection was down are not replayed.
 */
export function useLiveEvents(): void {
  const { notification } = App.useApp();
  const navigate = useNavigate();
  // The handlers outlive renders; the latest navigate and notification API are read through refs.
  const latest = useRef({ notification, navigate });
  useEffect(() => {
    latest.current = { notification, navigate };
  });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource;
    let opened = false;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const alert = (key: string, title: string, description: string, to: string, testId: string) => {
      const { notification: api, navigate: go } = latest.current;
      api.info({
        key,
        title,
        description: createElement(
          'a',
          {
            href: to,
            'data-testid': `${testId}-link`,
            onClick: (event: MouseEvent) => {
              // A plain click stays in the single-page app; a middle or modified click opens a tab as usual.
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
              event.preventDefault();
              api.destroy(key);
              go(to);
            },
          },
          description,
        ),
        duration: ALERT_SECONDS,
        placement: 'topRight',
        props: { 'data-testid': testId },
      });
    };

    const connect = () => {
      source = new EventSource(`${apiUrl}admin/events`, { withCredentials: apiHost !== '' });
      source.addEventListener('open', () => {
        if (opened) {
          void refreshOrderLists();
          void refreshNotificationLists();
          void refreshDashboard();
        }
        opened = true;
      });
      source.addEventListener('order.paid', (event) => {
        const order = parse<'order.paid'>(event);
        if (!order) return;
        void refreshOrderLists();
        void refreshDashboard();
        alert(`order-${order.id}`, orderAlertTitle(order), 'Open the order', `/admin/orders/${order.id}`, 'live-order');
      });
      source.addEventListener('payment.alert', (event) => {
        const news = parse<'payment.alert'>(event);
        if (!news) return;
        // The order's page, its timeline and the lists show the mark from their next read.
        void refreshOrderLists();
        alert(
          `payment-${news.id}-${news.news}`,
          paymentAlertTitle(news),
          news.text,
          `/admin/orders/${news.id}`,
          'live-payment',
        );
      });
      source.addEventListener('contact.created', (event) => {
        const contact = parse<'contact.created'>(event);
        if (!contact) return;
        void refreshNotificationLists();
        void refreshDashboard();
        alert(
          `contact-${contact.id}`,
          contactAlertTitle(contact),
          contact.subject,
          `/admin/notifications/${contact.id}`,
          'live-contact',
        );
      });
      source.addEventListener('stock.low', (event) => {
        const stock = parse<'stock.low'>(event);
        if (!stock) return;
        void refreshProductLists();
        void refreshDashboard();
        alert(
          `stock-${stock.id}`,
          stockAlertTitle(stock),
          'Open the product',
          `/admin/products/edit/${stock.id}`,
          'live-stock',
        );
      });
      source.addEventListener('stock.shortfall', (event) => {
        const shortfall = parse<'stock.shortfall'>(event);
        if (!shortfall) return;
        void refreshProductLists();
        void refreshDashboard();
        // A later shortfall of the same product replaces the alert still showing, with its own words.
        alert(
          `shortfall-${shortfall.id}`,
          shortfallAlertTitle(shortfall),
          shortfall.text,
          `/admin/products/edit/${shortfall.id}`,
          'live-shortfall',
        );
      });
      source.addEventListener('session.ended', () => {
        // Not reconnecting into a 401 loop: the next call of any screen meets the ended session and signs out.
        stopped = true;
        source.close();
        void refreshDashboard();
      });
      source.addEventListener('error', () => {
        // EventSource reconnects by itself after a dropped stream, but gives up for good on an answer that is
        // not a stream (a proxy's 502 while an instance restarts): then it is opened again a little later.
        if (source.readyState !== EventSource.CLOSED || stopped) return;
        retry = setTimeout(connect, GIVE_UP_RETRY_MS);
      });
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source.close();
    };
  }, []);
}
