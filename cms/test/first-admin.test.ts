/**
 * A shop started without ADMIN_EMAIL/ADMIN_PASSWORD has no admin until `npm run create-admin` is run
 * (cms/services/first-admin.ts). During that time nobody on the internet may make themselves admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256hex, startServer, type TestServer, uid } from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ withAdmin: false });
});

afterAll(async () => {
  await server?.stop();
});

describe('a shop without any admin yet', () => {
  it('when an anonymous client posts to /api/users/first-register, then it is refused and cannot log in', async () => {
    const email = `intruder-${uid()}@evil.example`;
    const password = sha256hex('Intruder#2025');
    const res = await server.api('/api/users/first-register', {
      method: 'POST',
      json: { email, password, firstname: 'Evil', lastname: 'Intruder' },
    });
    expect([401, 403, 404], `first-register answered ${res.status}: ${res.text.slice(0, 200)}`).toContain(res.status);
    expect(res.headers.getSetCookie().some((c) => /^payload-token=[^;]+/.test(c))).toBe(false);

    const login = await server.api('/api/users/login', { method: 'POST', json: { email, password } });
    expect(login.status).toBe(401);
  });

  it('when an anonymous client posts to /api/users, then it is refused', async () => {
    const res = await server.api('/api/users', {
      method: 'POST',
      json: { email: `intruder-${uid()}@evil.example`, password: sha256hex('x'), firstname: 'E', lastname: 'I' },
    });
    expect([401, 403]).toContain(res.status);
  });
});
