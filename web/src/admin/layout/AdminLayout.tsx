import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Layout } from 'antd';
import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useWindowWidth } from '../../lib/viewport';
import { LogoMark } from '../../site/layout/Logo';
import { useLiveEvents } from '../api/live-events';
import { CommandPalette, CommandPaletteButton } from '../components/CommandPalette';
import { AdminNav } from './AdminNav';
import { isAdminMobileWidth } from './nav-entries';
import './admin-layout.css';

function Brand() {
  return (
    // Named by its visible text (WCAG 2.5.3: the name contains the label), then where it leads.
    <Link to="/admin/home" className="admin-brand">
      <LogoMark size={34} />
      <span className="admin-brand-text">
        <span className="admin-brand-name">Bottega di Famiglia</span>
        <span className="admin-brand-tag">Control centre</span>
        <span className="admin-sr-only">, dashboard</span>
      </span>
    </Link>
  );
}

function Copyright({ testId }: { testId?: string }) {
  return (
    <p className="admin-copyright" data-testid={testId}>
      © {new Date().getFullYear()} Bottega di Famiglia
    </p>
  );
}

/** The frame of every signed-in admin screen (SPEC §2 Sidebar): sider on wide screens, top bar and menu on phones. */
export function AdminLayout() {
  const mobile = isAdminMobileWidth(useWindowWidth());
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on: choosing any entry (or the logo) closes it, and so does
  // growing past the breakpoint, without an effect to keep the two in step.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const [menuFor, setMenuFor] = useState(mobile);
  if (menuFor !== mobile) {
    // Crossing the breakpoint either way forgets an open menu, so it never pops up again on the way back.
    setMenuFor(mobile);
    setMenuOpenOn(null);
  }
  const menuOpen = mobile && menuOpenOn === pathname;
  const closeMenu = () => setMenuOpenOn(null);
  useLiveEvents();

  // Each screen starts at its top, as a full page load would.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <Layout className="admin-shell">
      {mobile ? (
        <header className="admin-topbar">
          <Button
            type="text"
            size="large"
            icon={<MenuOutlined />}
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls="admin-mobile-menu"
            data-testid="admin-menu-button"
            onClick={() => setMenuOpenOn(pathname)}
          />
          <Brand />
          <span className="admin-topbar-search">
            <CommandPaletteButton compact />
          </span>
        </header>
      ) : (
        <Layout.Sider className="admin-sider" width={244} theme="light">
          <div className="admin-sider-inner">
            <Brand />
            <CommandPaletteButton />
            <nav className="admin-sider-nav" aria-label="Control centre">
              <AdminNav />
            </nav>
            <Copyright />
          </div>
        </Layout.Sider>
      )}

      <CommandPalette />
      <Layout.Content className="admin-content">
        <div className="admin-content-inner">
          <Outlet />
        </div>
      </Layout.Content>

      {mobile ? (
        <Drawer
          open={menuOpen}
          onClose={closeMenu}
          placement="left"
          size={300}
          title={<Brand />}
          rootClassName="admin-mobile-drawer"
        >
          <nav
            id="admin-mobile-menu"
            className="admin-mobile-menu"
            data-testid="admin-mobile-menu"
            aria-label="Control centre"
          >
            <AdminNav onNavigate={closeMenu} />
            <Copyright testId="admin-copyright" />
          </nav>
        </Drawer>
      ) : null}
    </Layout>
  );
}
