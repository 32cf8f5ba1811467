import type { PublicConfig } from '@shop/shared';
import useSWR from 'swr';
import { fetchResult } from '../../lib/api';
import { configKey } from './keys';

export { configKey } from './keys';

export const getConfig = () => fetchResult<PublicConfig>(configKey);

/**
 * The public shop configuration. Kept fresh by the shop state, which revalidates it on every path change
 * (SPEC §7), so no focus or interval revalidation here.
 */
export function useConfig() {
  return useSWR<PublicConfig>(configKey, fetchResult, { revalidateOnFocus: false, shouldRetryOnError: false });
}
