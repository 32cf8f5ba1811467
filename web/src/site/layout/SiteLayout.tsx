import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useShopState } from '../../app/shop-state';
import { PageLoader } from '../../components/PageLoader';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import { ScrollTopButton } from './ScrollTopButton';
import './layout.css';

/** Storefront frame. Pages wait for the first config so prices never flash in the wrong currency. */
export function SiteLayout() {
  const { config } = useShopState();
  return (
    <div className="site">
      <Navbar />
      <main className="site-main">
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
