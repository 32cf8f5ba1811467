import { CloseOutlined, MenuOutlined, ShoppingOutlined } from '@ant-design/icons';
import { formatMoney } from '@shop/shared';
import { Badge, Button } from 'antd';
import { useEffect } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useShopState } from '../../app/shop-state';
import { isMobileWidth, useScrollY, useWindowWidth } from '../../lib/viewport';
import { LogoMark } from './Logo';
import { NAV_ITEMS, STICKY_OFFSET } from './nav-links';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav-link nav-link--active' : 'nav-link');

function CartButton({ count }: { count: number }) {
  return (
    <Link to="/site/cart" className="nav-cart" aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}>
      <Badge
        // A plain element rather than antd's animated digits, so the text is always exactly the count.
        count={
          <span
            className={count > 0 ? 'nav-cart-count' : 'nav-cart-count nav-cart-count--empty'}
            data-testid="nav-cart-badge"
          >
            {count}
          </span>
        }
        offset={[-2, 4]}
      >
        <ShoppingOutlined className="nav-cart-icon" />
      </Badge>
    </Link>
  );
}

export function Navbar() {
  const { cartCount, menuState, setMenuState, config } = useShopState();
  const width = useWindowWidth();
  const scrollY = useScrollY();
  const mobile = isMobileWidth(width);
  const fixed = mobile && scrollY > STICKY_OFFSET;

  // SPEC §2: the mobile menu closes as soon as the window is 728 px wide or more.
  useEffect(() => {
    if (!mobile && menuState) setMenuState(false);
  }, [mobile, menuState, setMenuState]);

  return (
    <header className="site-header">
      <div className="announce">
        <span>Family recipes, made in small batches</span>
        {config && config.shipment_amount > 0 && (
          <span className="announce-shipping">
            {config.shipment_method ? `${config.shipment_method} · ` : ''}
            flat {formatMoney(config.shipment_amount, config.currency_code)} shipping per order
          </span>
        )}
      </div>
      <div className="navbar-slot">
        <nav className={fixed ? 'navbar navbar--fixed' : 'navbar'} aria-label="Main">
          <div className="navbar-inner">
            <Link to="/site" className="brand" aria-label="Bottega di Famiglia, home">
              <LogoMark />
              <span className="brand-text">
                <span className="brand-name">Bottega di Famiglia</span>
                <span className="brand-tag">Family-made Italian food</span>
              </span>
            </Link>

            <ul className="nav-links">
              {NAV_ITEMS.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} className={linkClass}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>

            <div className="nav-actions">
              <CartButton count={cartCount} />
              <Button
                className="nav-burger"
                type="text"
                size="large"
                icon={menuState ? <CloseOutlined /> : <MenuOutlined />}
                aria-label={menuState ? 'Close menu' : 'Open menu'}
                aria-expanded={menuState}
                aria-controls="mobile-menu"
                data-testid="mobile-menu-button"
                onClick={() => setMenuState(!menuState)}
              />
            </div>
          </div>

          {menuState && (
            <div id="mobile-menu" className="mobile-menu" data-testid="mobile-menu">
              <ul>
                {NAV_ITEMS.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} end={item.end} className={linkClass} onClick={() => setMenuState(false)}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
                <li>
                  <NavLink to="/site/cart" className={linkClass} onClick={() => setMenuState(false)}>
                    Cart ({cartCount})
                  </NavLink>
                </li>
              </ul>
            </div>
          )}
        </nav>
      </div>
    </header>
  );
}
