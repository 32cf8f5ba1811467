import { Link } from 'react-router-dom';
import { EnvironmentIcon, MailIcon, PhoneIcon } from '../ui/icons';
import { SHOP_EMAIL, SHOP_PHONE, SHOP_PHONE_HREF } from '../shop-info';
import { LogoMark } from './Logo';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <div className="footer-logo">
            <LogoMark size={40} />
            <span>Bottega di Famiglia</span>
          </div>
          <p>
            Olive oil, aged balsamic vinegar, bruschetta spreads and pasta, made the way our nonna taught us and sold at
            the farmers' markets every week.
          </p>
        </div>
        <div className="footer-col">
          <h2>Shop</h2>
          <ul>
            <li>
              <Link to="/site/shop">All products</Link>
            </li>
            <li>
              <Link to="/site/recipes">Recipes</Link>
            </li>
            <li>
              <Link to="/site/tracking">Track your order</Link>
            </li>
            <li>
              <Link to="/site/cart">Your cart</Link>
            </li>
          </ul>
        </div>
        <div className="footer-col">
          <h2>The family</h2>
          <ul>
            <li>
              <Link to="/site/about">Our story</Link>
            </li>
            <li>
              <Link to="/site/contact">Contact us</Link>
            </li>
            <li>
              <Link to="/site/terms">Terms and Conditions</Link>
            </li>
          </ul>
        </div>
        <div className="footer-col">
          <h2>Say ciao</h2>
          <ul className="footer-contact">
            <li>
              <PhoneIcon /> <a href={SHOP_PHONE_HREF}>{SHOP_PHONE}</a>
            </li>
            <li>
              <MailIcon /> <a href={`mailto:${SHOP_EMAIL}`}>{SHOP_EMAIL}</a>
            </li>
            <li>
              <EnvironmentIcon /> Saturday and Sunday at the farmers' markets
            </li>
          </ul>
        </div>
      </div>
      <div className="footer-bottom">
        <span data-testid="footer-copyright" suppressHydrationWarning>
          © {year} Bottega di Famiglia
        </span>
        <span>Shipped with care by postal carrier</span>
      </div>
    </footer>
  );
}
