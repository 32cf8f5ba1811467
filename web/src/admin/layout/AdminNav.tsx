import {
  AppstoreOutlined,
  BarChartOutlined,
  BellOutlined,
  DashboardOutlined,
  LogoutOutlined,
  PictureOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  AuditOutlined,
  ReadOutlined,
  ContactsOutlined,
  TagsOutlined,
  ShopOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useDashboard } from '../api/dashboard';
import { useLogout } from '../session';
import { activeNavEntry, MAIN_ENTRIES, SECONDARY_ENTRIES, type NavEntry, type NavEntryKey } from './nav-entries';

const ICONS: Record<NavEntryKey, ReactNode> = {
  dashboard: <DashboardOutlined />,
  orders: <ShoppingCartOutlined />,
  customers: <ContactsOutlined />,
  market: <ShopOutlined />,
  products: <AppstoreOutlined />,
  coupons: <TagsOutlined />,
  recipes: <ReadOutlined />,
  users: <TeamOutlined />,
  images: <PictureOutlined />,
  analytics: <BarChartOutlined />,
  notifications: <BellOutlined />,
  audit: <AuditOutlined />,
  settings: <SettingOutlined />,
};

const LOGOUT_KEY = 'logout';

/** A plain pill rather than antd's animated Badge digits, so the text is always exactly the count. */
function CountBadge({ kind, count }: { kind: 'orders' | 'notifications'; count: number }) {
  return (
    <span
      className={`admin-nav-badge admin-nav-badge--${kind}${count === 0 ? ' admin-nav-badge--zero' : ''}`}
      data-testid={`badge-${kind}`}
      aria-label={`${count} ${kind === 'orders' ? 'new orders' : 'unread notifications'}`}
    >
      {count}
    </span>
  );
}

interface Props {
  /** Called after an entry was chosen (the mobile menu closes then). */
  onNavigate?: () => void;
}

/** The entries of SPEC §2's drawer with the two badges and Logout; used by the sider and the mobile menu. */
export function AdminNav({ onNavigate }: Props) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { data: counts } = useDashboard();
  const { logout, loggingOut } = useLogout();
  const active = activeNavEntry(pathname);

  const item = (entry: NavEntry) => ({
    key: entry.key,
    icon: ICONS[entry.key],
    label: (
      // A real link, so the entries open in a new tab with a middle click like any link.
      <Link to={entry.to} className="admin-nav-link" data-testid={`admin-nav-${entry.key}`}>
        <span className="admin-nav-label">{entry.label}</span>
        {entry.badge && counts ? <CountBadge kind={entry.badge} count={counts[entry.badge]} /> : null}
      </Link>
    ),
  });

  const items: MenuProps['items'] = [
    ...MAIN_ENTRIES.map(item),
    { type: 'divider' },
    ...SECONDARY_ENTRIES.map(item),
    { type: 'divider' },
    {
      key: LOGOUT_KEY,
      icon: <LogoutOutlined />,
      disabled: loggingOut,
      label: (
        <span className="admin-nav-link" data-testid="admin-nav-logout">
          Logout
        </span>
      ),
    },
  ];

  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    onNavigate?.();
    if (key === LOGOUT_KEY) {
      void logout();
      return;
    }
    // A click on the link itself has navigated already; one on the icon or the item's padding has not.
    if ((domEvent.target as Element).closest('a')) return;
    const entry = [...MAIN_ENTRIES, ...SECONDARY_ENTRIES].find((e) => e.key === key);
    if (entry) navigate(entry.to);
  };

  return (
    <Menu className="admin-nav" mode="inline" items={items} selectedKeys={active ? [active] : []} onClick={onClick} />
  );
}
