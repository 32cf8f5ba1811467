import { formatCents, formatMoney, type MarketProduct } from '@shop/shared/admin';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { isApiError } from '../../../../lib/api';
import { readStorage, writeStorage } from '../../../../lib/storage';
import { postMarketSale, refreshStall, useMarketCatalogue, useMarketDay } from '../../../api/market-stall';
import { endSession } from '../../../api/auth';
import { keepPictures, useOnline, useStallManifest, useStallWorker } from './offline';
import { PickupList } from './PickupList';
import { ProductTiles } from './ProductTiles';
import { QueueList } from './QueueList';
import { SalePanel, type SaleForm } from './SalePanel';
import { keepSale, salesOnPhone, updateSale } from './sale-queue';
import { createSaleSender, type SaleSender } from './sale-sender';
import {
  addToBasket,
  basketUnits,
  parseAmount,
  priceList,
  runningTotals,
  saleFigures,
  saleInput,
  setQuantity,
  unitsLeft,
  waitingText,
  type Basket,
  type QueuedSale,
} from './stall-logic';
import './stall.css';

/** The day this phone last sold on: the installed app opens /admin/market/today and lands there. */
const LAST_DAY_KEY = 'market-stall-day';

const EMPTY_FORM: SaleForm = { discountUnit: '%', discountText: '', payment: 'cash', cashText: '', email: '' };

/**
 * /admin/market/{day} (issue 32 §2): the stall screen, full screen and phone first. Every sale is kept on the
 * phone before anything is sent, so a tap is recorded with or without signal; the sender delivers them in
 * order and the screen always says how many are not on the server yet.
 */
export default function StallPage() {
  const { day = '' } = useParams();
  useStallWorker();
  useStallManifest();

  if (day === 'today') {
    const last = readStorage('local', LAST_DAY_KEY);
    return last ? <Navigate to={`/admin/market/${encodeURIComponent(last)}`} replace /> : <NoDay />;
  }
  return <Stall key={day} dayId={day} />;
}

function NoDay() {
  return (
    <main className="stall stall-message">
      <h1>No market day on this phone yet</h1>
      <p>Open a market day in the control centre with signal once; the stall then opens here, even without signal.</p>
      <Link className="stall-button stall-button-primary" to="/admin/market">
        Market days
      </Link>
    </main>
  );
}

function Stall({ dayId }: { dayId: string }) {
  const online = useOnline();
  const catalogue = useMarketCatalogue();
  const dayRead = useMarketDay(dayId);
  const [queued, setQueued] = useState<QueuedSale[]>([]);
  const [basket, setBasket] = useState<Basket>([]);
  const [form, setFormState] = useState<SaleForm>(EMPTY_FORM);
  const [announcement, setAnnouncement] = useState('');
  const [signInNeeded, setSignInNeeded] = useState(false);
  const [recording, setRecording] = useState(false);
  const sender = useRef<SaleSender | null>(null);

  useEffect(() => writeStorage('local', LAST_DAY_KEY, dayId), [dayId]);

  const reloadQueue = useCallback(async () => setQueued(await salesOnPhone(dayId)), [dayId]);

  useEffect(() => {
    salesOnPhone(dayId).then(setQueued, () => undefined);
    const instance = createSaleSender({
      dayId,
      post: postMarketSale,
      onChange: (sentAny) => {
        // The server's figures first, then the phone's list: the sales sent are never counted twice between.
        void (sentAny ? refreshStall(dayId) : Promise.resolve()).finally(() => void reloadQueue());
      },
      onSignInNeeded: () => setSignInNeeded(true),
    });
    sender.current = instance;
    instance.kick();
    return () => {
      instance.stop();
      sender.current = null;
    };
  }, [dayId, reloadQueue]);

  const products = useMemo(() => catalogue.data?.data ?? [], [catalogue.data]);
  const byId = useMemo(() => new Map<string, MarketProduct>(products.map((p) => [p.id, p])), [products]);
  const prices = useMemo(() => priceList(products), [products]);

  // Fresh pictures are kept for the afternoon without signal.
  useEffect(() => {
    if (catalogue.data && !catalogue.data.fromPhone) {
      void keepPictures(products.flatMap((p) => (p.img_url ? [p.img_url] : []))).catch(() => undefined);
    }
  }, [catalogue.data, products]);

  const detail = dayRead.data?.data;
  const serverClientIds = useMemo(() => new Set(detail?.sales.map((sale) => sale.client_id) ?? []), [detail]);
  // A sale the server already lists is not counted again while the phone's list catches up.
  const notSent = useMemo(
    () => queued.filter((sale) => !serverClientIds.has(sale.client_id)),
    [queued, serverClientIds],
  );
  const waiting = notSent.filter((sale) => sale.state === 'waiting');
  const totals = runningTotals(detail?.totals ?? null, notSent);
  const left = useMemo(() => new Map(products.map((p) => [p.id, unitsLeft(p, notSent)] as const)), [products, notSent]);

  const discountAmount = parseAmount(form.discountText);
  const discount =
    discountAmount && discountAmount > 0 ? { unit: form.discountUnit, amount: discountAmount } : undefined;
  const cashReceived = form.payment === 'cash' ? parseAmount(form.cashText) : undefined;
  const figures = saleFigures(basket, prices, discount, form.payment, cashReceived);
  const isOpen = detail?.status === 'OPEN';

  let blocker: string | null = null;
  if (basket.length > 0) {
    if (form.discountText.trim() && discountAmount === undefined)
      blocker = 'The discount is a number, e.g. 10 or 2.50.';
    else if (discount?.unit === '%' && discount.amount > 100) blocker = 'A percent discount is at most 100.';
    else if (form.payment === 'cash' && form.cashText.trim() && cashReceived === undefined)
      blocker = 'Cash received is an amount, e.g. 20 or 12.50.';
    else if (figures.cashShortCents > 0) blocker = `The cash received is ${formatCents(figures.cashShortCents)} short.`;
  }
  const canRecord = isOpen && basket.length > 0 && blocker === null && !recording;

  const setForm = (patch: Partial<SaleForm>) => setFormState((current) => ({ ...current, ...patch }));

  const record = async () => {
    setRecording(true);
    try {
      const input = saleInput({
        clientId: crypto.randomUUID(),
        recordedAt: new Date(),
        basket,
        discount,
        payment: form.payment,
        cashReceived,
        receiptEmail: form.email,
      });
      const sale = await keepSale(dayId, input, figures.totalCents);
      setQueued((current) => [...current, sale]);
      setBasket([]);
      setFormState((current) => ({ ...EMPTY_FORM, payment: current.payment, discountUnit: current.discountUnit }));
      setAnnouncement(
        `Sale recorded: ${formatCents(figures.totalCents)}` +
          (figures.changeCents !== null ? `, change ${formatCents(figures.changeCents)}` : ''),
      );
      sender.current?.kick();
    } catch {
      setAnnouncement('The sale could not be kept on this phone (storage full or blocked). Nothing was recorded.');
    } finally {
      setRecording(false);
    }
  };

  const retry = async (sale: QueuedSale) => {
    await updateSale({ ...sale, state: 'waiting', error: null });
    await reloadQueue();
    sender.current?.kick();
  };

  const dayError = dayRead.error;
  if (!detail && dayError) {
    const status = isApiError(dayError) ? dayError.status : 500;
    return (
      <main className="stall stall-message">
        <h1>{status === 404 ? 'No such market day' : 'The market day could not be loaded'}</h1>
        <p>
          {status === 404
            ? 'It may have been deleted. Choose a day in the Market area.'
            : 'Open the stall once with signal: after that it works on this phone without signal.'}
        </p>
        <Link className="stall-button stall-button-primary" to="/admin/market">
          Market days
        </Link>
      </main>
    );
  }

  const dayLabel = detail ? `${detail.place} · ${detail.date}` : 'Market stall';
  const fromPhone = Boolean(catalogue.data?.fromPhone || dayRead.data?.fromPhone);
  // navigator.onLine says "online" with a network that reaches nothing (and after a reload with none at all).
  const hasSignal = online && !fromPhone;

  return (
    <div className="stall">
      <header className="stall-top">
        <div className="stall-top-row">
          <Link className="stall-back" to="/admin/market" aria-label="Back to market days">
            ←
          </Link>
          <h1 className="stall-title">{dayLabel}</h1>
          <span className={`stall-net ${hasSignal ? 'is-online' : 'is-offline'}`}>
            {hasSignal ? 'Online' : 'No signal'}
          </span>
        </div>
        <p
          className={`stall-waiting${waiting.length ? ' has-waiting' : ''}`}
          role="status"
          aria-live="polite"
          data-testid="stall-waiting"
        >
          {waitingText(waiting.length)}
        </p>
        <dl className="stall-totals" aria-label="The day's running totals" data-testid="stall-totals">
          <div>
            <dt>Sales</dt>
            <dd data-testid="total-count">{totals.salesCount}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd data-testid="total-amount">{formatCents(totals.totalCents)}</dd>
          </div>
          <div>
            <dt>Cash</dt>
            <dd data-testid="total-cash">{formatCents(totals.cashCents)}</dd>
          </div>
          <div>
            <dt>Card</dt>
            <dd data-testid="total-card">{formatCents(totals.cardCents)}</dd>
          </div>
        </dl>
      </header>

      {signInNeeded ? (
        <div className="stall-alert" role="alert">
          <p>
            Your session has ended. The {waiting.length} waiting {waiting.length === 1 ? 'sale stays' : 'sales stay'} on
            this phone: sign in again and open the stall to send them.
          </p>
          <button type="button" className="stall-button stall-button-primary" onClick={endSession}>
            Sign in again
          </button>
        </div>
      ) : null}
      {detail && !isOpen ? (
        <p className="stall-alert" role="status">
          {detail.status === 'PLANNED'
            ? 'This day is not open yet: open it in the Market area with the opening cash.'
            : 'This day is closed: no more sales can be recorded for it.'}
        </p>
      ) : null}
      {fromPhone ? (
        <p className="stall-note">
          No answer from the server: showing what this phone kept, and keeping new sales here.
        </p>
      ) : null}

      <main className="stall-main">
        <section className="stall-products" aria-labelledby="stall-products-title">
          <h2 id="stall-products-title" className="stall-section-title">
            Products
          </h2>
          {catalogue.data ? (
            <ProductTiles
              products={products}
              left={left}
              basket={basket}
              disabled={!isOpen}
              onAdd={(id) => setBasket((current) => addToBasket(current, id))}
            />
          ) : catalogue.error ? (
            <p className="stall-empty">The products could not be loaded. Open the stall once with signal.</p>
          ) : (
            <p className="stall-empty" aria-busy="true">
              Loading the products…
            </p>
          )}
        </section>

        <div className="stall-side">
          <section className="stall-sale" id="stall-sale" aria-labelledby="stall-sale-title">
            <h2 id="stall-sale-title" className="stall-section-title">
              Sale{basket.length ? ` · ${basketUnits(basket)} ${basketUnits(basket) === 1 ? 'unit' : 'units'}` : ''}
            </h2>
            <SalePanel
              basket={basket}
              products={byId}
              figures={figures}
              form={form}
              onForm={setForm}
              onQuantity={(id, quantity) => setBasket((current) => setQuantity(current, id, quantity))}
              onRecord={() => void record()}
              onClear={() => setBasket([])}
              canRecord={canRecord}
              blocker={blocker}
            />
            <p className="visually-hidden" role="status" aria-live="polite">
              {announcement}
            </p>
            {announcement ? (
              <p className="stall-recorded" aria-hidden="true" data-testid="stall-recorded">
                {announcement}
              </p>
            ) : null}
          </section>

          {notSent.length ? (
            <section className="stall-queue" aria-labelledby="stall-queue-title">
              <h2 id="stall-queue-title" className="stall-section-title">
                Not yet on the server
              </h2>
              <QueueList sales={notSent} onRetry={(sale) => void retry(sale)} />
            </section>
          ) : null}

          {detail && (detail.pickup || detail.pickups.length > 0) ? (
            <PickupList dayId={dayId} pickups={detail.pickups} />
          ) : null}

          {detail && detail.sales.length ? (
            <section className="stall-history" aria-labelledby="stall-history-title">
              <h2 id="stall-history-title" className="stall-section-title">
                Sales recorded today
              </h2>
              <ul className="stall-history-list">
                {[...detail.sales].reverse().map((sale) => (
                  <li key={sale.id}>
                    <span>
                      {sale.number} · {sale.payment === 'cash' ? 'Cash' : 'Card'}
                    </span>
                    <span>{formatMoney(sale.total)}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </main>

      {basket.length ? (
        <a className="stall-basket-bar" href="#stall-sale">
          <span>
            {basketUnits(basket)} {basketUnits(basket) === 1 ? 'unit' : 'units'} · {formatCents(figures.totalCents)}
          </span>
          <span>Go to the sale ↓</span>
        </a>
      ) : null}
    </div>
  );
}
