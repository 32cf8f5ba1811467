import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { ErrorBoundary } from '../app/ErrorBoundary';
import { AppProviders } from '../app/providers';
import { RouteError } from '../app/RouteError';
import { ErrorPage } from '../components/ErrorPage';
import AdminApp from './AdminApp';
import '../app/global.css';

/**
 * The control centre's own entry (admin.html, built separately by vite.admin.config.ts). The storefront's
 * build never references it, so a shopper downloads exactly what the storefront needs, and a change in
 * the control centre never changes the storefront's chunk hashes (shoppers' caches stay warm).
 */
const router = createBrowserRouter([
  { path: '/admin/*', element: <AdminApp />, errorElement: <RouteError /> },
  // The server only hands /admin paths to this entry; anything else is the storefront's.
  { path: '*', element: <Navigate to="/admin" replace /> },
]);

const container = document.getElementById('root');
if (!container) throw new Error('admin.html lacks the #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <ErrorBoundary fallback={<ErrorPage />}>
        <RouterProvider router={router} />
      </ErrorBoundary>
    </AppProviders>
  </StrictMode>,
);
