import type { AdminCoupon, CouponInput } from '@shop/shared/admin';
import useSWR, { mutate } from 'swr';
import { apiDelete, apiPost, apiPut, fetchList, fetchResult, type ListPage, withQuery } from '../../lib/api';

/** What one page of the discount codes list asks the server for. */
export interface CouponsListParams {
  page: number;
  size: number;
  /** Part of the code. */
  search: string;
}

/** The list's path and query, also its SWR key: `admin/coupons?page=1&limit=10&search=summer`. */
export const couponsListKey = (params: CouponsListParams) =>
  withQuery('admin/coupons', { page: params.page, limit: params.size, search: params.search.trim() });

export function useAdminCoupons(params: CouponsListParams) {
  return useSWR<ListPage<AdminCoupon>>(couponsListKey(params), fetchList, { keepPreviousData: true });
}

export const adminCouponKey = (id: string) => `admin/coupons/${encodeURIComponent(id)}`;

/** The record the form edits; not refetched on focus, so a background reload never lands mid-edit. */
export function useAdminCoupon(id: string | undefined) {
  return useSWR<AdminCoupon>(id ? adminCouponKey(id) : null, fetchResult, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
}

const isListKey = (key: unknown) =>
  typeof key === 'string' && (key === 'admin/coupons' || key.startsWith('admin/coupons?'));

export const refreshCouponLists = () => mutate(isListKey);

export const reloadCoupon = (id: string) => mutate<AdminCoupon>(adminCouponKey(id));

/** 201 with the new code; 400 with [{path, message}] when a field is refused (a code taken, a percent over 100). */
export const createCoupon = (input: CouponInput) => apiPost<AdminCoupon>('admin/coupons', input);

export const updateCoupon = (id: string, input: CouponInput) => apiPut<AdminCoupon>(adminCouponKey(id), input);

export const deleteCoupon = (id: string) => apiDelete<unknown>(adminCouponKey(id));
