/**
 * Toasts with SPEC §8's catalogue (MESSAGES from @shop/shared, word for word) and the generic reply handler.
 * Works outside React. The toasts are antd's App-scoped notifications (themed), bound by an AntdScope with
 * `toasts`: the control centre binds them at its root; the storefront, which keeps antd off its first
 * screen, loads its toast host (./notify-host) with the first toast and shows what was asked meanwhile.
 */
import { MESSAGES, TOAST_SECONDS, type Envelope } from '@shop/shared';
import type { App } from 'antd';
import { createElement, type MouseEvent, type ReactNode } from 'react';
import type { HttpMethod } from './api';

type ToastType = keyof typeof TOAST_SECONDS;
export type NotificationInstance = ReturnType<typeof App.useApp>['notification'];

export interface ToastText {
  title: ReactNode;
  description?: ReactNode;
}

/** A link under a toast's text ("View cart"): it follows the link in the app and closes the toast. */
export interface ToastAction {
  label: string;
  /** A path of this app ("/site/cart"). */
  href: string;
  testId?: string;
}

export interface ToastOptions {
  /** A toast with the key of a shown one replaces it; `notify.dismiss(key)` closes it. */
  key?: string;
  duration?: number | false;
  action?: ToastAction;
}

/** How a toast's action moves within the app; the app's router registers it (a full page load otherwise). */
let navigator: ((href: string) => void) | null = null;

export function setToastNavigator(navigate: ((href: string) => void) | null): void {
  navigator = navigate;
}

type ToastCall = (api: NotificationInstance) => void;

let instance: NotificationInstance | null = null;
/** Toasts asked for before a notification API was bound, in order. */
let waiting: ToastCall[] = [];
let hostRequested = false;

export function bindNotificationApi(api: NotificationInstance | null): void {
  instance = api;
  if (!api) return;
  const calls = waiting;
  waiting = [];
  calls.forEach((call) => call(api));
}

/** Loads and mounts the storefront's toast host once; it binds the API, which then shows the waiting toasts. */
function requestHost(): void {
  // Outside a browser (unit tests) there is nothing to mount; the toasts wait for a bound API.
  if (hostRequested || typeof document === 'undefined') return;
  hostRequested = true;
  import('./notify-host')
    .then(({ mountNotificationHost }) => mountNotificationHost())
    .catch((error: unknown) => {
      // A failed chunk load (a deploy in between, a dropped connection) is tried again by the next toast.
      hostRequested = false;
      console.error('The notification host could not load', error);
    });
}

function withApi(call: ToastCall): void {
  if (instance) {
    call(instance);
    return;
  }
  waiting.push(call);
  requestHost();
}

const LOADING_KEY = 'request-loading';

/**
 * Where "Loading Request" shows. By default a toast (the storefront's contact form); the control centre
 * binds its full-screen loading overlay here (SPEC §8 "closes any loading overlay", issue 25 §1.4).
 */
export interface LoadingPresenter {
  show: () => void;
  hide: () => void;
}
let loadingPresenter: LoadingPresenter | null = null;

export function setLoadingPresenter(presenter: LoadingPresenter | null): void {
  loadingPresenter = presenter;
}
const GENERIC_KEY = 'generic-failure';

function actionLink(api: NotificationInstance, action: ToastAction, key: string | undefined): ReactNode {
  return createElement(
    'a',
    {
      href: action.href,
      className: 'toast-action',
      'data-testid': action.testId,
      onClick: (event: MouseEvent) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        if (!navigator) return;
        event.preventDefault();
        if (key) api.destroy(key);
        navigator(action.href);
      },
    },
    action.label,
  );
}

/**
 * A toast's key: the one it was given, else its kind and words, so the same notice is never shown twice at
 * once: asked for again while shown, it takes the place of the first (a second "Send" without the terms
 * stacked a second warning over the form on a phone, issue 31 §7).
 */
function toastKey(type: ToastType, text: ToastText, options: ToastOptions = {}): string | undefined {
  if (options.key !== undefined) return options.key;
  if (typeof text.title !== 'string') return undefined;
  const description = typeof text.description === 'string' ? text.description : '';
  return `${type}:${text.title}:${description}`;
}

function show(type: ToastType, text: ToastText, options: ToastOptions = {}): void {
  const key = toastKey(type, text, options);
  withApi((api) =>
    api[type]({
      title: text.title,
      description: text.description,
      key,
      duration: options.duration ?? TOAST_SECONDS[type],
      placement: 'topRight',
      actions: options.action ? actionLink(api, options.action, key) : undefined,
      props: { 'data-testid': `toast-${type}` },
    }),
  );
}

export const notify = {
  success: (text: ToastText, options?: ToastOptions) => show('success', text, options),
  info: (text: ToastText, options?: ToastOptions) => show('info', text, options),
  warning: (text: ToastText, options?: ToastOptions) => show('warning', text, options),
  error: (text: ToastText, options?: ToastOptions) => show('error', text, options),
  /** Closes the toast shown (or waiting to be shown) with this key; nothing when there is none. */
  dismiss: (key: string) => {
    if (instance || waiting.length > 0) withApi((api) => api.destroy(key));
  },
  /** One generic toast at a time: several failing loads of one page must not stack identical toasts. */
  generic: () => show('error', MESSAGES.generic, { key: GENERIC_KEY }),
  rateLimited: () => show('warning', MESSAGES.rateLimited),
  invalidForm: () => show('error', MESSAGES.invalidForm),
  requestSent: () => show('success', MESSAGES.success),
  /** "Loading Request" stays until the reply is handled by handleResult (or closeLoading). */
  loading: () => {
    if (loadingPresenter) loadingPresenter.show();
    else show('info', MESSAGES.loading, { key: LOADING_KEY, duration: false });
  },
  closeLoading: () => {
    loadingPresenter?.hide();
    // Without a bound API and nothing waiting, no toast was ever shown: nothing to close, nothing to load.
    if (instance || waiting.length > 0) withApi((api) => api.destroy(LOADING_KEY));
  },
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
