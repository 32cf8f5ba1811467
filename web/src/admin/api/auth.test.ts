import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindNotificationApi } from '../../lib/notify';
import {
  endSession,
  hasSessionFlag,
  login,
  logout,
  requestPasswordReset,
  resetPassword,
  SESSION_FLAG_KEY,
  startSession,
  subscribeSessionFlag,
} from './auth';

// printf '%s' 'Bottega2025!' | sha256sum
const DEMO_DIGEST = '57a84673093cacd03ea7c8c2e9a3b0e7a0803149770362f9e920caaf9c2c5125';
// printf '%s' 'Olive-Oil2026' | sha256sum
const NEW_DIGEST = '0f9001fdfbc93745d74b8490fd12cd56880b17175601614b3ca37ad76b8f0c0d';

/** An in-memory localStorage and the window events the flag store listens to. */
function stubBrowser() {
  const store = new Map<string, string>();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    },
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  });
  return store;
}

function stubFetch(status: number, result: unknown = null) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => ({
    ok: status >= 200 && status < 300,
    status,
    json: async () => ({ result, status }),
  }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const toasts = { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn(), destroy: vi.fn() };

beforeEach(() => {
  bindNotificationApi(toasts as unknown as Parameters<typeof bindNotificationApi>[0]);
});

afterEach(() => {
  bindNotificationApi(null);
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('login', () => {
  it('when signing in, then it posts the trimmed email and the SHA-256 hex of the password, never the password', async () => {
    stubBrowser();
    const fetchMock = stubFetch(200, { id: 'u1', email: 'admin@bottega.example', firstname: 'P', lastname: 'E' });

    const reply = await login('  admin@bottega.example ', 'Bottega2025!');

    expect(reply.status).toBe(200);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v2/auth/login');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'admin@bottega.example', password: DEMO_DIGEST });
  });
});

describe('session flag', () => {
  it('when a session starts and ends, then the flag follows and subscribers hear both changes', () => {
    const store = stubBrowser();
    const listener = vi.fn();
    const unsubscribe = subscribeSessionFlag(listener);

    startSession();
    expect(store.get(SESSION_FLAG_KEY)).toBe('true');
    expect(hasSessionFlag()).toBe(true);

    endSession();
    expect(store.has(SESSION_FLAG_KEY)).toBe(false);
    expect(hasSessionFlag()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('when logging out and the server cannot be reached, then the flag is still removed', async () => {
    const store = stubBrowser();
    startSession();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );

    await logout();

    expect(store.has(SESSION_FLAG_KEY)).toBe(false);
  });
});

describe('resetPassword', () => {
  it('when setting a password through a link, then it puts only the digest to that link, never the typed text', async () => {
    stubBrowser();
    const fetchMock = stubFetch(200);

    await resetPassword('882f373dca8cef74996bb2397aada39d4a28645b', 'Olive-Oil2026');

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v2/auth/reset/882f373dca8cef74996bb2397aada39d4a28645b');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ password: NEW_DIGEST });
    expect(String(init?.body)).not.toContain('Olive-Oil2026');
  });
});

describe('requestPasswordReset', () => {
  it('when the server sends the link (200), then the session ends here and a success notice shows', async () => {
    const store = stubBrowser();
    startSession();
    stubFetch(200, 'A link to choose a new password was sent to your email');

    const kind = await requestPasswordReset();

    expect(kind).toBe('success');
    expect(store.has(SESSION_FLAG_KEY)).toBe(false);
    expect(toasts.success).toHaveBeenCalledTimes(1);
  });

  it('when the request fails (500), then the admin stays signed in and the generic notice shows', async () => {
    const store = stubBrowser();
    startSession();
    stubFetch(500);

    const kind = await requestPasswordReset();

    expect(kind).toBe('failure');
    expect(store.get(SESSION_FLAG_KEY)).toBe('true');
    expect(toasts.error).toHaveBeenCalledWith(expect.objectContaining({ title: 'Opsss!, Something went wrong!' }));
  });

  it('when the server answers 400, then it is the generic notice too (there is no form to check)', async () => {
    const store = stubBrowser();
    startSession();
    stubFetch(400);

    const kind = await requestPasswordReset();

    expect(kind).toBe('failure');
    expect(store.get(SESSION_FLAG_KEY)).toBe('true');
    expect(toasts.error).toHaveBeenCalledWith(expect.objectContaining({ title: 'Opsss!, Something went wrong!' }));
  });
});
