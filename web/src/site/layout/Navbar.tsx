import { formatMoney } from '@shop/shared';
import { useEffect } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useShopState } from '../../app/shop-state';
import { isMobileWidth, useScrollY, useWindowWidth } from '../../lib/viewport';
import { Button } from '../ui/Button';
import { CloseIcon, MenuIcon, ShoppingIcon } from '../ui/icons';
import { LogoMark } from './Logo';
import { NAV_ITEMS, STICKY_OFFSET } from './nav-links';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav-link nav-link--active' : 'nav-link');

function CartButton({ count }: { count: number }) {
  return (
    <Link to="/site/cart" className="nav-cart" aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}>
      <span className="nav-cart-badge">
        <ShoppingIcon className="nav-cart-icon" />
        <span
          className={count > 0 ? 'nav-cart-count' : 'nav-cart-count nav-cart-count--empty'}
          data-testid="nav-cart-badge"
        >
          {count}
        </span>
      </span>
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
            {/* Named by its visible words (WCAG 2.5.3, label in name), plus where it goes. */}
            <Link to="/site" className="brand">
              <LogoMark />
              <span className="brand-text">
                <span className="brand-name">Bottega di Famiglia</span>
                <span className="brand-tag">Family-made Italian food</span>
              </span>
              <span className="visually-hidden">, home</span>
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
                variant="text"
                size="large"
                circle
                icon={menuState ? <CloseIcon /> : <MenuIcon />}
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
