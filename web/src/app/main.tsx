import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preload } from 'swr';
import { RouterProvider } from 'react-router-dom';
import { ErrorPage } from '../components/ErrorPage';
import { fetchResult } from '../lib/api';
import { configKey } from '../site/api/config';
import { ErrorBoundary } from './ErrorBoundary';
import { SiteProviders } from './site-providers';
import { preloadScreens, router } from './router';
import './global.css';

// The first screen's chunks and the shop config are fetched side by side, not one after another.
preloadScreens(window.location.pathname);
void preload(configKey, fetchResult).catch(() => {
  // The shell's own request of the config reports a failure (SPEC §2's full-page error).
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

createRoot(container).render(
  <StrictMode>
    <SiteProviders>
      <ErrorBoundary fallback={<ErrorPage />}>
        <RouterProvider router={router} />
      </ErrorBoundary>
    </SiteProviders>
  </StrictMode>,
);
