import { describe, expect, it } from 'vitest';
import { AuthThrottle, MemoryAttemptStore } from './throttle';

const MINUTE = 60_000;

/** A store on a clock the test moves by hand. */
function clockedStore(maxKeys = 100) {
  const clock = { now: 1_000_000 };
  return { clock, store: new MemoryAttemptStore(maxKeys, () => clock.now) };
}

const limits = { perAccount: 2, perAddress: 3, windowMs: 15 * MINUTE, resetMails: 1 };

describe('MemoryAttemptStore', () => {
  it('when events fall in one window, then they add up, and once the window has passed the count starts at 1 again', async () => {
    const { clock, store } = clockedStore();
    expect(await store.increment('k', 10 * MINUTE)).toBe(1);
    clock.now += 9 * MINUTE;
    expect(await store.increment('k', 10 * MINUTE)).toBe(2);
    expect(await store.count('k')).toBe(2);
    // The window runs from the first event: 10 minutes after it, not after the last one.
    clock.now += 1 * MINUTE;
    expect(await store.count('k')).toBe(0);
    expect(await store.increment('k', 10 * MINUTE)).toBe(1);
  });

  it('when an event is taken back, then the count drops by one and never below 0', async () => {
    const { store } = clockedStore();
    await store.increment('k', MINUTE);
    await store.increment('k', MINUTE);
    await store.decrement('k');
    expect(await store.count('k')).toBe(1);
    await store.decrement('k');
    await store.decrement('k');
    expect(await store.count('k')).toBe(0);
    await store.decrement('never-seen');
    expect(await store.count('never-seen')).toBe(0);
  });

  it('when more keys arrive than it may hold, then the key counted least recently goes, and a key that keeps counting stays', async () => {
    const { store } = clockedStore(3);
    await store.increment('quiet', 60 * MINUTE);
    await store.increment('other', 60 * MINUTE);
    await store.increment('guesser', 60 * MINUTE);
    // A flood of new keys, with the guessing address counted again between them, as each guess does.
    for (let i = 0; i < 10; i++) {
      await store.increment(`flood-${i}`, 60 * MINUTE);
      await store.increment('guesser', 60 * MINUTE);
    }
    expect(await store.count('guesser')).toBe(11);
    expect(await store.count('quiet')).toBe(0);
    expect(await store.count('other')).toBe(0);
    expect(await store.count('flood-9')).toBe(1);
    expect(await store.count('flood-8')).toBe(1);
    expect(await store.count('flood-7')).toBe(0);
  });

  it('when a key is only read, then reading it does not keep it', async () => {
    const { store } = clockedStore(2);
    await store.increment('read-only', 60 * MINUTE);
    await store.increment('counted', 60 * MINUTE);
    expect(await store.count('read-only')).toBe(1);
    await store.increment('new', 60 * MINUTE);
    expect(await store.count('read-only')).toBe(0);
    expect(await store.count('counted')).toBe(1);
  });
});

describe('AuthThrottle', () => {
  it('when an address fails for one account more often than allowed, then it is refused for that account only', async () => {
    const throttle = new AuthThrottle(clockedStore().store, { ...limits, perAddress: 10 });
    expect(await throttle.admit('10.0.0.1', 'a@x.example')).toBe(true);
    expect(await throttle.admit('10.0.0.1', 'A@X.example ')).toBe(true);
    expect(await throttle.admit('10.0.0.1', 'a@x.example')).toBe(false);
    expect(await throttle.admit('10.0.0.1', 'b@x.example')).toBe(true);
    expect(await throttle.admit('10.0.0.2', 'a@x.example')).toBe(true);
  });

  it('when an address fails over several accounts more often than allowed, then it is refused for every account and link', async () => {
    const throttle = new AuthThrottle(clockedStore().store, limits);
    expect(await throttle.admit('10.0.0.1', 'a@x.example')).toBe(true);
    expect(await throttle.admit('10.0.0.1', 'b@x.example')).toBe(true);
    expect(await throttle.admit('10.0.0.1')).toBe(true);
    expect(await throttle.isBlocked('10.0.0.1')).toBe(true);
    expect(await throttle.admit('10.0.0.1', 'c@x.example')).toBe(false);
    expect(await throttle.admit('10.0.0.1')).toBe(false);
    expect(await throttle.isBlocked('10.0.0.2')).toBe(false);
  });

  it('when a refused address keeps trying new accounts, then no new key is counted for them', async () => {
    const { store } = clockedStore();
    const throttle = new AuthThrottle(store, limits);
    for (let i = 0; i < 3; i++) expect(await throttle.admit('10.0.0.1', `user-${i}@x.example`)).toBe(true);
    for (let i = 3; i < 50; i++) expect(await throttle.admit('10.0.0.1', `user-${i}@x.example`)).toBe(false);
    expect(await store.count('auth:account:10.0.0.1:user-2@x.example')).toBe(1);
    expect(await store.count('auth:account:10.0.0.1:user-3@x.example')).toBe(0);
    expect(await store.count('auth:address:10.0.0.1')).toBe(50);
  });

  it('when an attempt succeeds, then it does not count and the account count of that address is cleared', async () => {
    const throttle = new AuthThrottle(clockedStore().store, limits);
    expect(await throttle.admit('10.0.0.1', 'a@x.example')).toBe(true); // wrong
    expect(await throttle.admit('10.0.0.1', 'a@x.example')).toBe(true); // right:
    await throttle.succeeded('10.0.0.1', 'a@x.example');
    // Address: 1 failure of 3 used. Account: cleared, so two more failures pass.
    expect(await throttle.admit('10.0.0.1', 'a@x.example')).toBe(true);
    expect(await throttle.admit('10.0.0.1', 'a@x.example')).toBe(true);
    expect(await throttle.admit('10.0.0.1', 'a@x.example')).toBe(false);
  });

  it('when the window has passed, then a refused address is admitted again', async () => {
    const { clock, store } = clockedStore();
    const throttle = new AuthThrottle(store, limits);
    for (let i = 0; i < 3; i++) await throttle.admit('10.0.0.1');
    expect(await throttle.admit('10.0.0.1')).toBe(false);
    clock.now += 15 * MINUTE;
    expect(await throttle.admit('10.0.0.1')).toBe(true);
  });

  it('when one account asks for more reset mails than allowed, then the extra one is refused', async () => {
    const throttle = new AuthThrottle(clockedStore().store, limits);
    expect(await throttle.takeResetMail('user-1')).toBe(true);
    expect(await throttle.takeResetMail('user-1')).toBe(false);
    expect(await throttle.takeResetMail('user-2')).toBe(true);
  });
});
