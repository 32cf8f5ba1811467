import { Suspense, useEffect, type MouseEvent } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { setToastNavigator } from '../../lib/notify';
import { useShopState } from '../../app/shop-state';
import { PageLoader } from '../../components/PageLoader';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import { ScrollTopButton } from './ScrollTopButton';
import './layout.css';

/** The id of the page's <main>, the target of the skip link. */
export const MAIN_ID = 'main-content';

/**
 * Moves focus itself rather than following "#main-content": the router would treat the hash as a
 * navigation, and focus, not just the scroll position, is what a keyboard user needs to land there.
 */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView({ block: 'start' });
}

/** Storefront frame. Pages wait for the first config so prices never flash in the wrong currency. */
export function SiteLayout() {
  const { config } = useShopState();
  const navigate = useNavigate();
  // A toast's action ("View cart") moves within the app instead of loading the page again.
  useEffect(() => {
    setToastNavigator((href) => void navigate(href));
    return () => setToastNavigator(null);
  }, [navigate]);
  return (
    <div className="site">
      {/* First in the tab order, visible only when focused (WCAG 2.4.1, bypass blocks). */}
      <a href={`#${MAIN_ID}`} className="skip-link" onClick={skipToContent} data-testid="skip-link">
        Skip to content
      </a>
      <Navbar />
      <main className="site-main" id={MAIN_ID} tabIndex={-1}>
        {config ? (
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        ) : (
          <PageLoader />
        )}
      </main>
      <Footer />
      <ScrollTopButton />
    </div>
  );
}

export default SiteLayout;
