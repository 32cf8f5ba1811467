import type { SWRConfiguration } from 'swr';
import { isApiError } from '../lib/api';
import { handleResult } from '../lib/notify';
import { configKey } from '../site/api/config';

/** SWR's settings for both entries: what is retried, and which failed loads get SPEC §8's toast. */
export const swrConfig: SWRConfiguration = {
  revalidateOnFocus: false,
  // A missing record or a bad request will not fix itself: only outages are retried, and only twice.
  onErrorRetry(error, _key, _config, revalidate, { retryCount }) {
    if (isApiError(error) && error.status < 500) return;
    if (retryCount >= 2) return;
    setTimeout(() => void revalidate({ retryCount }), 3000 * (retryCount + 1));
  },
  onError(error, key) {
    // Pages turn a 404 into the not-found screen, and a failing config gets the full-page error instead.
    if (key === configKey) return;
    if (isApiError(error)) {
      if (error.status !== 404) handleResult(error.envelope, { method: 'get' });
      return;
    }
    handleResult({ status: 500 }, { method: 'get' });
  },
};
