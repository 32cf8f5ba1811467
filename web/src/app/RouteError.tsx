import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { ErrorPage } from '../components/ErrorPage';

/** Router errorElement: a crash in any route (or a lazy chunk that fails to load) gets the full-page error. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route failed', error);
  }, [error]);
  return <ErrorPage />;
}
