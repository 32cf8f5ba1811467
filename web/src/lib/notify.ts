/**
 * Toasts with SPEC §8's catalogue (MESSAGES from @shop/shared, word for word) and the generic reply handler.
 * Works outside React: the app binds antd's App-scoped notification instance (so toasts get the theme);
 * until then antd's static API is the fallback.
 */
import { MESSAGES, TOAST_SECONDS, type Envelope } from '@shop/shared';
import { notification as staticNotification, type App } from 'antd';
import type { ReactNode } from 'react';
import type { HttpMethod } from './api';

type ToastType = keyof typeof TOAST_SECONDS;
type NotificationInstance = ReturnType<typeof App.useApp>['notification'];

export interface ToastText {
  title: ReactNode;
  description?: ReactNode;
}

let instance: NotificationInstance | null = null;

export function bindNotificationApi(api: NotificationInstance | null): void {
  instance = api;
}

const LOADING_KEY = 'request-loading';
const GENERIC_KEY = 'generic-failure';

function show(type: ToastType, text: ToastText, options: { key?: string; duration?: number | false } = {}): void {
  const api = instance ?? staticNotification;
  api[type]({
    title: text.title,
    description: text.description,
    key: options.key,
    duration: options.duration ?? TOAST_SECONDS[type],
    placement: 'topRight',
    props: { 'data-testid': `toast-${type}` },
  });
}

export const notify = {
  success: (text: ToastText) => show('success', text),
  info: (text: ToastText) => show('info', text),
  warning: (text: ToastText) => show('warning', text),
  error: (text: ToastText) => show('error', text),
  /** One generic toast at a time: several failing loads of one page must not stack identical toasts. */
  generic: () => show('error', MESSAGES.generic, { key: GENERIC_KEY }),
  rateLimited: () => show('warning', MESSAGES.rateLimited),
  invalidForm: () => show('error', MESSAGES.invalidForm),
  requestSent: () => show('success', MESSAGES.success),
  /** "Loading Request" stays until the reply is handled by handleResult (or closeLoading). */
  loading: () => show('info', MESSAGES.loading, { key: LOADING_KEY, duration: false }),
  closeLoading: () => (instance ?? staticNotification).destroy(LOADING_KEY),
};

export type ResultKind = 'success' | 'invalid' | 'rateLimited' | 'unauthorized' | 'failure';

/**
 * SPEC §8 "Other rules": 200/201 succeed; 401/403 mean the admin session is gone; 429 is rate limiting;
 * 400 has its own notice only for post and put (a GET or DELETE 400 is a generic failure); everything
 * else is a generic failure.
 */
export function classifyStatus(status: number, method: HttpMethod): ResultKind {
  if (status === 200 || status === 201) return 'success';
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 429) return 'rateLimited';
  if (status === 400 && (method === 'post' || method === 'put')) return 'invalid';
  return 'failure';
}

type UnauthorizedHandler = () => void;
// The storefront never signs in, so the default does nothing; the admin area registers its logout here.
let onUnauthorized: UnauthorizedHandler = () => {};

export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler ?? (() => {});
}

export interface HandleResultOptions {
  method: HttpMethod;
  /** Success notice: defaults to "Request success sent!" for writes and none for reads; false for none. */
  success?: ToastText | false;
}

/** Shows the notice that fits the reply and tells the caller whether it succeeded. */
export function handleResult(envelope: Pick<Envelope<unknown>, 'status'>, options: HandleResultOptions): ResultKind {
  notify.closeLoading();
  const kind = classifyStatus(envelope.status, options.method);
  switch (kind) {
    case 'success': {
      const text = options.success ?? (options.method === 'get' ? false : MESSAGES.success);
      if (text) notify.success(text);
      break;
    }
    case 'invalid':
      notify.invalidForm();
      break;
    case 'rateLimited':
      notify.rateLimited();
      break;
    case 'unauthorized':
      onUnauthorized();
      break;
    case 'failure':
      notify.generic();
      break;
  }
  return kind;
}
