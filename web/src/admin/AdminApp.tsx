import { App } from 'antd';
import { lazy, Suspense, useLayoutEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PageLoader } from '../components/PageLoader';
import { bindModalApi } from './components/confirm';
import { LoadingOverlay } from './components/LoadingOverlay';
import { AdminLayout } from './layout/AdminLayout';
import { RequireSession } from './session';

// Each screen is its own chunk; the whole area is one lazy import away from the storefront (router.tsx).
const LoginPage = lazy(() => import('./routes/login/LoginPage'));
const DashboardPage = lazy(() => import('./routes/dashboard/DashboardPage'));
const OrdersPage = lazy(() => import('./routes/orders/OrdersPage'));
const OrderDetailPage = lazy(() => import('./routes/orders/OrderDetailPage'));
const CustomersPage = lazy(() => import('./routes/customers/CustomersPage'));
const CustomerDetailPage = lazy(() => import('./routes/customers/CustomerDetailPage'));
const NotificationsPage = lazy(() => import('./routes/notifications/NotificationsPage'));
const NotificationDetailPage = lazy(() => import('./routes/notifications/NotificationDetailPage'));
const SettingsPage = lazy(() => import('./routes/settings/SettingsPage'));
const ProductsPage = lazy(() => import('./routes/products/ProductsPage'));
const ProductFormPage = lazy(() => import('./routes/products/ProductFormPage'));
const CategoryFormPage = lazy(() => import('./routes/categories/CategoryFormPage'));
const UsersPage = lazy(() => import('./routes/users/UsersPage'));
const UserFormPage = lazy(() => import('./routes/users/UserFormPage'));
const AnalyticsPage = lazy(() => import('./routes/analytics/AnalyticsPage'));
const AssetsPage = lazy(() => import('./routes/assets/AssetsPage'));
const AuditLogPage = lazy(() => import('./routes/audit-log/AuditLogPage'));
const RecipesPage = lazy(() => import('./routes/recipes/RecipesPage'));
const CouponsPage = lazy(() => import('./routes/coupons/CouponsPage'));
const CouponFormPage = lazy(() => import('./routes/coupons/CouponFormPage'));
const MarketDaysPage = lazy(() => import('./routes/market/MarketDaysPage'));
const MarketDayFormPage = lazy(() => import('./routes/market/MarketDayFormPage'));
const MarketDayPage = lazy(() => import('./routes/market/MarketDayPage'));
const StallPage = lazy(() => import('./routes/market/stall/StallPage'));

/** Confirmations use antd's App-scoped modal API, so they get the theme like the toasts do. */
function ModalBridge() {
  const { modal } = App.useApp();
  useLayoutEffect(() => {
    bindModalApi(modal);
    return () => bindModalApi(null);
  }, [modal]);
  return null;
}

/** The control centre (SPEC §2 Admin area), mounted at /admin/*. */
export default function AdminApp() {
  return (
    <Suspense fallback={<PageLoader />}>
      <ModalBridge />
      <LoadingOverlay />
      <Routes>
        <Route index element={<LoginPage />} />
        <Route path="reset/:token" element={<LoginPage />} />
        <Route
          element={
            <RequireSession>
              <AdminLayout />
            </RequireSession>
          }
        >
          <Route path="home" element={<DashboardPage />} />
          <Route path="orders" element={<OrdersPage />} />
          <Route path="orders/:id" element={<OrderDetailPage />} />
          <Route path="customers" element={<CustomersPage />} />
          <Route path="customers/:id" element={<CustomerDetailPage />} />
          <Route path="notifications" element={<NotificationsPage />} />
          <Route path="notifications/:id" element={<NotificationDetailPage />} />
          <Route path="settings" element={<SettingsPage />} />
          {/* The list tabs (SPEC §2: step is product or category); add/edit come first so they are not steps. */}
          <Route path="products/add" element={<ProductFormPage />} />
          <Route path="products/edit/:id" element={<ProductFormPage />} />
          <Route path="products/:step" element={<ProductsPage />} />
          <Route path="products" element={<Navigate to="/admin/products/product" replace />} />
          <Route path="categories/add" element={<CategoryFormPage />} />
          <Route path="categories/edit/:id" element={<CategoryFormPage />} />
          <Route path="users" element={<UsersPage />} />
          <Route path="users/add" element={<UserFormPage />} />
          <Route path="users/edit/:id" element={<UserFormPage />} />
          <Route path="analytics" element={<AnalyticsPage />} />
          <Route path="assets" element={<AssetsPage />} />
          <Route path="audit-log" element={<AuditLogPage />} />
          <Route path="recipes" element={<RecipesPage />} />
          <Route path="coupons" element={<CouponsPage />} />
          <Route path="coupons/add" element={<CouponFormPage />} />
          <Route path="coupons/edit/:id" element={<CouponFormPage />} />
          <Route path="market" element={<MarketDaysPage />} />
          <Route path="market/plan" element={<MarketDayFormPage />} />
          <Route path="market/days/:id" element={<MarketDayPage />} />
        </Route>
        {/* Issue 32 §2: the market stall is full screen (no sidebar), for a signed-in admin alone. */}
        <Route
          path="market/:day"
          element={
            <RequireSession>
              <StallPage />
            </RequireSession>
          }
        />
        {/* SPEC §2: unknown admin paths go to the login, which forwards a signed-in admin to the dashboard. */}
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </Suspense>
  );
}
