import { SearchOutlined } from '@ant-design/icons';
import type { AdminCustomer, AdminOrderListItem, AdminProduct } from '@shop/shared/admin';
import { Button, Input, type InputRef, Modal, Tag } from 'antd';
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { apiGet, withQuery } from '../../lib/api';
import { searchCustomersKey } from '../api/customers';
import { MAIN_ENTRIES, SECONDARY_ENTRIES } from '../layout/nav-entries';
import './command-palette.css';

type Kind = 'screen' | 'order' | 'customer' | 'product';

interface Target {
  key: string;
  kind: Kind;
  label: string;
  /** Shown after the label: an order's payer, a customer's email. */
  detail?: string;
  to: string;
}

const KIND_LABEL: Record<Kind, string> = { screen: 'Screen', order: 'Order', customer: 'Customer', product: 'Product' };

/** Every screen of the drawer, plus the forms and tabs one would otherwise reach in two clicks. */
const SCREENS: readonly (Target & { words: string })[] = [
  ...[...MAIN_ENTRIES, ...SECONDARY_ENTRIES].map((entry) => ({
    key: `screen-${entry.key}`,
    kind: 'screen' as const,
    label: entry.label,
    to: entry.to,
    words: entry.key === 'dashboard' ? 'home' : entry.key === 'notifications' ? 'messages contact' : '',
  })),
  { key: 'screen-categories', kind: 'screen', label: 'Categories', to: '/admin/products/category', words: '' },
  { key: 'screen-new-product', kind: 'screen', label: 'New product', to: '/admin/products/add', words: 'add create' },
  { key: 'screen-new-category', kind: 'screen', label: 'New category', to: '/admin/categories/add', words: 'add' },
  { key: 'screen-new-user', kind: 'screen', label: 'New user', to: '/admin/users/add', words: 'add invite' },
];

/** Order numbers are 8 letters and digits; searching starts from 3 of them. */
const looksLikeOrderNumber = (q: string) => /^#?[a-z0-9]{3,8}$/i.test(q);
const ORDERS_PER_LIST = 5;
const PRODUCTS_SHOWN = 6;
const CUSTOMERS_SHOWN = 5;
const SEARCH_DELAY_MS = 200;

const matchesScreen = (q: string, screen: (typeof SCREENS)[number]) =>
  q === '' || `${screen.label} ${screen.words}`.toLowerCase().includes(q.toLowerCase());

/**
 * Orders whose number contains `q` (open and archived), customers whose name or email holds it, and products
 * whose name contains it, from the server.
 */
async function searchRecords(q: string): Promise<Target[]> {
  const number = q.replace(/^#/, '').toUpperCase();
  const orderLists = looksLikeOrderNumber(q)
    ? ['admin/orders', 'admin/orders/completed'].map((path) =>
        apiGet<AdminOrderListItem[]>(withQuery(path, { number, limit: ORDERS_PER_LIST, page: 1 })),
      )
    : [];
  const products =
    q.length >= 2
      ? apiGet<AdminProduct[]>(withQuery('admin/products', { search: q, limit: PRODUCTS_SHOWN, page: 1 }))
      : null;
  const customers = q.length >= 2 ? apiGet<AdminCustomer[]>(searchCustomersKey(q, CUSTOMERS_SHOWN)) : null;
  const [orderReplies, customerReply, productReply] = await Promise.all([Promise.all(orderLists), customers, products]);
  const orders: Target[] = orderReplies
    .flatMap((reply) => (Array.isArray(reply.result) ? reply.result : []))
    .map((order) => ({
      key: `order-${order.id}`,
      kind: 'order',
      label: `#${order.number}`,
      detail: order.payer_full_name,
      to: `/admin/orders/${order.id}`,
    }));
  const found: Target[] = (productReply && Array.isArray(productReply.result) ? productReply.result : []).map(
    (product) => ({
      key: `product-${product.id}`,
      kind: 'product',
      label: product.name,
      to: `/admin/products/edit/${product.id}`,
    }),
  );
  const people: Target[] = (customerReply && Array.isArray(customerReply.result) ? customerReply.result : []).map(
    (customer) => ({
      key: `customer-${customer.id}`,
      kind: 'customer',
      label: customer.name || customer.email,
      detail: customer.email,
      to: `/admin/customers/${customer.id}`,
    }),
  );
  return [...orders, ...people, ...found];
}

/**
 * Whether the palette is open, outside React: the one palette (mounted once by the layout) and the search
 * buttons (one in the sider, one in the phone's top bar, swapped at the breakpoint) share it, so a resize
 * across the breakpoint does not close an open palette.
 */
let paletteOpen = false;
const paletteListeners = new Set<() => void>();
function setPaletteOpen(open: boolean): void {
  if (open === paletteOpen) return;
  paletteOpen = open;
  paletteListeners.forEach((listener) => listener());
}
const subscribePalette = (listener: () => void) => {
  paletteListeners.add(listener);
  return () => paletteListeners.delete(listener);
};
const usePaletteOpen = () =>
  useSyncExternalStore(
    subscribePalette,
    () => paletteOpen,
    () => false,
  );

/** The visible way in, for touch and for whoever does not know the shortcut: the sider's, or the top bar's (compact). */
export function CommandPaletteButton({ compact = false }: { compact?: boolean }) {
  const open = usePaletteOpen();
  return (
    <Button
      type="text"
      size={compact ? 'large' : 'middle'}
      icon={<SearchOutlined />}
      className={compact ? undefined : 'command-palette-trigger'}
      // The sider's button is named by its visible "Search Ctrl K" (WCAG 2.5.3); the top bar's is an icon alone.
      aria-label={compact ? 'Search and go to' : undefined}
      aria-keyshortcuts="Control+K Meta+K"
      aria-haspopup="dialog"
      aria-expanded={open}
      data-testid="command-palette-button"
      onClick={() => setPaletteOpen(true)}
    >
      {compact ? null : (
        <>
          <span>Search</span>
          <kbd className="command-palette-kbd">Ctrl K</kbd>
        </>
      )}
    </Button>
  );
}

/**
 * Ctrl/⌘+K (or the search button, for touch) opens a dialog to jump to any screen, an order by its number, a
 * customer by name or email (issue 24) or a product by its name (issue 14 part 6). The input is a combobox over a listbox of targets: arrows move,
 * Enter goes, Escape closes; antd's Modal keeps the focus inside while it is open and gives it back after.
 */
export function CommandPalette() {
  const navigate = useNavigate();
  const open = usePaletteOpen();
  const [query, setQuery] = useState('');
  const [records, setRecords] = useState<{ query: string; targets: Target[] }>({ query: '', targets: [] });
  const [searching, setSearching] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<InputRef>(null);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setPaletteOpen(!paletteOpen);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const q = query.trim();
  useEffect(() => {
    if (!open || q === '') return;
    let current = true;
    const timer = setTimeout(() => {
      setSearching(true);
      searchRecords(q)
        .then((targets) => current && setRecords({ query: q, targets }))
        .catch(() => current && setRecords({ query: q, targets: [] }))
        .finally(() => current && setSearching(false));
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [open, q]);

  const targets = useMemo(() => {
    const screens = SCREENS.filter((s) => matchesScreen(q, s)).map(({ words: _words, ...target }) => target);
    // Records found for an earlier query stay out: they would flash under a query they do not match.
    return [...screens, ...(q !== '' && records.query === q ? records.targets : [])];
  }, [q, records]);
  const activeIndex = Math.min(active, Math.max(targets.length - 1, 0));

  const close = useCallback(() => {
    setPaletteOpen(false);
    setQuery('');
    setActive(0);
  }, []);
  const go = (target: Target | undefined) => {
    if (!target) return;
    close();
    navigate(target.to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (targets.length === 0) return;
    const moves: Record<string, number> = {
      ArrowDown: (activeIndex + 1) % targets.length,
      ArrowUp: (activeIndex - 1 + targets.length) % targets.length,
      Home: 0,
      End: targets.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]);
      document.getElementById(optionId(moves[event.key]))?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(targets[activeIndex]);
    }
  };

  const status = searching
    ? 'Searching…'
    : targets.length === 0
      ? 'Nothing found'
      : `${targets.length} ${targets.length === 1 ? 'result' : 'results'}`;

  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      title="Go to"
      width={560}
      destroyOnHidden
      afterOpenChange={(visible) => visible && inputRef.current?.focus()}
      rootClassName="command-palette"
    >
      <Input
        ref={inputRef}
        size="large"
        prefix={<SearchOutlined aria-hidden />}
        placeholder="Screen, order number, customer or product"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-label="Screen, order number, customer or product"
        aria-expanded={targets.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={targets.length > 0 ? optionId(activeIndex) : undefined}
        data-testid="command-palette-input"
      />
      <p className="command-palette-status" role="status" aria-live="polite">
        {status}
      </p>
      <ul id={listId} role="listbox" aria-label="Results" className="command-palette-list">
        {targets.map((target, index) => (
          <li
            key={target.key}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            className="command-palette-option"
            data-testid={`command-palette-option-${target.kind}`}
            // Keeps the focus in the input, so the keyboard keeps working after a hover.
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => setActive(index)}
            onClick={() => go(target)}
          >
            <span className="command-palette-label">{target.label}</span>
            {target.detail ? <span className="command-palette-detail">{target.detail}</span> : null}
            <Tag className="command-palette-kind">{KIND_LABEL[target.kind]}</Tag>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
