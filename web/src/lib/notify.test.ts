import { afterEach, describe, expect, it } from 'vitest';
import { bindNotificationApi, classifyStatus, handleResult, notify, type NotificationInstance } from './notify';

/** A stand-in for antd's notification API that records what it was asked to show, in order. */
function recorder() {
  const shown: Array<{ type: string; title: unknown; description: unknown; key: unknown; duration: unknown }> = [];
  const destroyed: unknown[] = [];
  const toast =
    (type: string) => (args: { title: unknown; description?: unknown; key?: unknown; duration?: unknown }) =>
      void shown.push({
        type,
        title: args.title,
        description: args.description,
        key: args.key,
        duration: args.duration,
      });
  const api = {
    success: toast('success'),
    info: toast('info'),
    warning: toast('warning'),
    error: toast('error'),
    destroy: (key?: unknown) => void destroyed.push(key),
  } as unknown as NotificationInstance;
  return { api, shown, destroyed };
}

afterEach(() => bindNotificationApi(null));

describe('classifyStatus', () => {
  it('when the status is 200 or 201, then the call succeeded', () => {
    expect(classifyStatus(200, 'get')).toBe('success');
    expect(classifyStatus(201, 'post')).toBe('success');
  });

  it('when the status is 401 or 403, then it means logout whatever the method', () => {
    expect(classifyStatus(401, 'get')).toBe('unauthorized');
    expect(classifyStatus(403, 'delete')).toBe('unauthorized');
  });

  it('when the status is 429, then it is rate limiting', () => {
    expect(classifyStatus(429, 'post')).toBe('rateLimited');
  });

  it('when a post or put gets 400, then the invalid-form notice applies', () => {
    expect(classifyStatus(400, 'post')).toBe('invalid');
    expect(classifyStatus(400, 'put')).toBe('invalid');
  });

  it('when a get or delete gets 400, then it is a generic failure', () => {
    expect(classifyStatus(400, 'get')).toBe('failure');
    expect(classifyStatus(400, 'delete')).toBe('failure');
  });

  it('when the status is anything else, then it is a generic failure', () => {
    for (const status of [204, 404, 413, 500, 502]) expect(classifyStatus(status, 'get')).toBe('failure');
  });
});

describe('toasts before the notification API is bound', () => {
  it('when toasts are asked for before antd has loaded, then they show in order, word for word, once it is bound', () => {
    notify.loading();
    handleResult({ status: 429 }, { method: 'post' });
    handleResult({ status: 500 }, { method: 'get' });
    const { api, shown, destroyed } = recorder();
    expect(shown).toHaveLength(0);

    bindNotificationApi(api);

    expect(shown).toEqual([
      { type: 'info', title: 'Loading Request', description: undefined, key: 'request-loading', duration: false },
      {
        type: 'warning',
        title: 'Request already sent!',
        description: 'You have already submitted another request a short time ago',
        key: 'warning:Request already sent!:You have already submitted another request a short time ago',
        duration: 5,
      },
      {
        type: 'error',
        title: 'Opsss!, Something went wrong!',
        description: 'An error occurred while loading some resources. Reload the page or try again later',
        key: 'generic-failure',
        duration: 5,
      },
    ]);
    // Each reply closed the loading toast, after it was shown: two replies, two closes.
    expect(destroyed).toEqual(['request-loading', 'request-loading']);
  });

  it('when the API is bound, then a toast shows at once and is not shown again by a later binding', () => {
    const first = recorder();
    bindNotificationApi(first.api);
    handleResult({ status: 400 }, { method: 'put' });
    expect(first.shown.map((t) => t.title)).toEqual(['Cannot send request!']);

    const second = recorder();
    bindNotificationApi(second.api);
    expect(second.shown).toHaveLength(0);
  });

  it('when the same warning is asked for twice, then both calls carry one key, so the second takes the first one’s place', () => {
    const { api, shown } = recorder();
    bindNotificationApi(api);
    notify.warning({ title: 'Please accept the terms', description: 'Tick the box.' });
    notify.warning({ title: 'Please accept the terms', description: 'Tick the box.' });
    notify.warning({ title: 'Please accept the terms', description: 'Another text.' });
    notify.success({ title: 'Please accept the terms', description: 'Tick the box.' });
    notify.warning({ title: 'Please accept the terms', description: 'Tick the box.' }, { key: 'own' });
    expect(shown.map((toast) => toast.key)).toEqual([
      'warning:Please accept the terms:Tick the box.',
      'warning:Please accept the terms:Tick the box.',
      'warning:Please accept the terms:Another text.',
      'success:Please accept the terms:Tick the box.',
      'own',
    ]);
  });

  it('when a read succeeds with no toast ever shown, then nothing is queued to close', () => {
    handleResult({ status: 200 }, { method: 'get' });
    const { api, shown, destroyed } = recorder();
    bindNotificationApi(api);
    expect(shown).toHaveLength(0);
    expect(destroyed).toHaveLength(0);
  });
});
