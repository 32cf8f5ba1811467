import { ErrorPage } from '../components/ErrorPage';
import { SiteLayout } from '../site/layout/SiteLayout';
import { ShopStateProvider, useShopState } from './shop-state';

/** SPEC §2: when the public config cannot be loaded the storefront is replaced by the full-page error. */
function ConfigGate() {
  const { error } = useShopState();
  return error ? <ErrorPage /> : <SiteLayout />;
}

/** The /site area: shop state (config, cart, menu) around the storefront layout. */
export default function SiteShell() {
  return (
    <ShopStateProvider>
      <ConfigGate />
    </ShopStateProvider>
  );
}
