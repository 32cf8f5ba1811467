/**
 * The contact form's per-IP rate limit (SPEC §8: 429 "Request already sent!"), on its own server started
 * with CONTACT_RATE_LIMIT=2 so the limit is reached quickly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { type AdminClient, isEnvelope, startServer, type TestServer } from './harness';
import { countDocs, validContact } from './factories';

let server: TestServer;
let admin: AdminClient;

beforeAll(async () => {
  server = await startServer({ contactRateLimit: 2 });
  admin = await server.loginAdmin();
});

afterAll(async () => {
  await server?.stop();
});

describe('contact rate limit (CONTACT_RATE_LIMIT=2)', () => {
  it('when a third message is sent within the window, then 429 "Request already sent!" and nothing is stored', async () => {
    for (let i = 0; i < 2; i++) {
      const ok = await server.api('/api/v2/contacts', { method: 'POST', json: validContact() });
      expect(ok.status).toBe(201);
    }
    const before = await countDocs(admin, 'notifications');
    const mailsBefore = server.mails.length;
    expect(before).toBe(2);

    const res = await server.api('/api/v2/contacts', { method: 'POST', json: validContact() });
    expect(res.status).toBe(429);
    expect(isEnvelope(res)).toBe(true);
    expect(res.body.result).toEqual({
      title: MESSAGES.rateLimited.title,
      description: MESSAGES.rateLimited.description,
    });
    expect(res.body.result.title).toBe('Request already sent!');

    expect(await countDocs(admin, 'notifications')).toBe(before);
    expect(server.mails.length).toBe(mailsBefore);
  });

  it('when the limit is reached, then other public reads still work', async () => {
    const res = await server.api('/api/v2/config');
    expect(res.status).toBe(200);
  });

  it('when the limit is reached, then the same route spelled differently (trailing slash, case) is limited too', async () => {
    const before = await countDocs(admin, 'notifications');
    for (const path of ['/api/v2/contacts/', '/api/v2/Contacts', '/api/v2/contacts?x=1']) {
      const res = await server.raw({
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(validContact()),
      });
      expect([404, 429], `${path}: ${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
    }
    expect(await countDocs(admin, 'notifications')).toBe(before);
  });

  it('when the limit is reached, then dot segments in the path (/./, /x/../, %2e) do not get around it', async () => {
    const before = await countDocs(admin, 'notifications');
    const statuses: Record<string, number> = {};
    for (const path of [
      '/api/v2/./contacts',
      '/api/v2/x/../contacts',
      '/api/v2/%2e/contacts',
      '/api/./v2/contacts',
      '/api/v2/contacts/.',
    ]) {
      const res = await server.raw({
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(validContact()),
      });
      statuses[path] = res.status;
    }
    // Each must be refused (429, or 400/404 for a path the server will not serve), never 201.
    for (const [path, status] of Object.entries(statuses)) {
      expect(status, `${path} → ${status}; all: ${JSON.stringify(statuses)}`).not.toBe(201);
      expect(status, path).toBeGreaterThanOrEqual(400);
    }
    expect(await countDocs(admin, 'notifications')).toBe(before);
  });
});
