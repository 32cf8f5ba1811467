/**
 * POST /api/v2/contacts (SPEC §7, §5 contact form, §8): a valid message is stored as a new contact
 * notification and mailed to the shop's admin_email; anything else is a 4xx envelope that stores and sends
 * nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, type ApiInit, isEnvelope, startServer, type TestServer, uid } from './harness';
import { countDocs, updateSettings, validContact } from './factories';

let server: TestServer;
let admin: AdminClient;

const post = (init: ApiInit) => server.api('/api/v2/contacts', { method: 'POST', ...init });

beforeAll(async () => {
  server = await startServer();
  admin = await server.loginAdmin();
});

afterAll(async () => {
  await server?.stop();
});

describe('POST /api/v2/contacts with a valid message', () => {
  it('when a shopper sends the form, then 201 with the id, stored as a new contact notification', async () => {
    const input = validContact();
    const res = await post({ json: input });
    expect(res.status).toBe(201);
    expect(isEnvelope(res)).toBe(true);
    expect(res.body.result).toEqual({ id: expect.any(String) });

    const stored = await admin.api(`/api/notifications/${res.body.result.id}`);
    expect(stored.status).toBe(200);
    expect(stored.body).toMatchObject({
      id: res.body.result.id,
      firstname: input.firstname,
      lastname: input.lastname,
      email: input.email,
      telephone: input.telephone,
      title: input.title,
      message: input.message,
      type: 'contact',
      status: 'new',
    });

    const listed = await admin.api(`/api/notifications?where[email][equals]=${encodeURIComponent(input.email)}`);
    expect(listed.status).toBe(200);
    expect(listed.body.totalDocs).toBe(1);
  });

  it('when a shopper sends the form, then the shop admin_email (default shop@example.com) gets a mail', async () => {
    const input = validContact();
    const res = await post({ json: input });
    expect(res.status).toBe(201);
    const mail = await server.waitForMail((m) => m.subject.includes(input.title));
    expect(mail.envelopeTo).toEqual(['shop@example.com']);
    expect(mail.to).toContain('shop@example.com');
    expect(mail.headers['reply-to']).toContain(input.email);
    expect(mail.body).toContain(input.message);
    expect(mail.body).toContain(`${input.firstname} ${input.lastname}`);
  });

  it('when the telephone is left out or empty, then the message is accepted and stored without one', async () => {
    for (const telephone of [undefined, '', null]) {
      const input = validContact({ telephone });
      if (telephone === undefined) delete (input as Record<string, unknown>).telephone;
      const res = await post({ json: input });
      expect(res.status, String(telephone)).toBe(201);
      const stored = await admin.api(`/api/notifications/${res.body.result.id}`);
      expect(stored.body.telephone ?? null).toBeNull();
    }
  });

  it('when fields have surrounding spaces, then they are stored trimmed', async () => {
    const input = validContact({ firstname: '  Giulia  ', title: `  Padded ${uid()}  ` });
    const res = await post({ json: input });
    expect(res.status).toBe(201);
    const stored = await admin.api(`/api/notifications/${res.body.result.id}`);
    expect(stored.body.firstname).toBe('Giulia');
    expect(stored.body.title).toBe(input.title.trim());
  });

  it('when the message holds HTML, then the HTML mail escapes it', async () => {
    const input = validContact({ message: `<img src=x onerror=alert(1)> ${uid()}` });
    const res = await post({ json: input });
    expect(res.status).toBe(201);
    const mail = await server.waitForMail((m) => m.subject.includes(input.title));
    expect(mail.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('when the subject carries a line break and a Bcc header, then no extra recipient gets the mail', async () => {
    const marker = uid();
    const input = validContact({ title: `Hello ${marker}\r\nBcc: attacker@evil.example` });
    const res = await post({ json: input });
    if (res.status === 201) {
      const mail = await server.waitForMail((m) => m.subject.includes(marker));
      expect(mail.envelopeTo).toEqual(['shop@example.com']);
      expect(mail.headers).not.toHaveProperty('bcc');
      const headerBlock = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/));
      expect(headerBlock).not.toMatch(/^Bcc:/im);
    } else {
      expect(res.status).toBe(400);
      expect(isEnvelope(res)).toBe(true);
    }
    expect(server.mails.some((m) => m.envelopeTo.includes('attacker@evil.example'))).toBe(false);
  });

  it('when the admin changes admin_email in the settings, then the next contact mail goes there', async () => {
    const owner = `owner-${uid()}@test.example`;
    await updateSettings(admin, { admin_email: owner });
    try {
      const input = validContact();
      const res = await post({ json: input });
      expect(res.status).toBe(201);
      const mail = await server.waitForMail((m) => m.subject.includes(input.title));
      expect(mail.envelopeTo).toEqual([owner]);
    } finally {
      await updateSettings(admin, { admin_email: 'shop@example.com' });
    }
  });
});

describe('POST /api/v2/contacts with bad input', () => {
  const required = ['firstname', 'lastname', 'email', 'title', 'message'] as const;

  /** Sends the request, expects the given 4xx envelope, and checks nothing was stored or mailed. */
  async function expectRejected(init: ApiInit, status: number, label: string) {
    const before = await countDocs(admin, 'notifications');
    const mailsBefore = server.mails.length;
    const res = await post(init);
    expect(res.status, label).toBe(status);
    expect(isEnvelope(res), `${label}: envelope ${res.text.slice(0, 200)}`).toBe(true);
    expect(await countDocs(admin, 'notifications'), label).toBe(before);
    expect(server.mails.length, label).toBe(mailsBefore);
    return res;
  }

  for (const field of required) {
    it(`when ${field} is missing, then 400 naming the field and nothing is stored`, async () => {
      const input: Record<string, unknown> = validContact();
      delete input[field];
      const res = await expectRejected({ json: input }, 400, `missing ${field}`);
      expect(JSON.stringify(res.body.result)).toContain(field);
    });

    it(`when ${field} is only spaces, then 400 and nothing is stored`, async () => {
      await expectRejected({ json: validContact({ [field]: '   ' }) }, 400, `blank ${field}`);
    });
  }

  it('when the email is invalid, then 400 and nothing is stored', async () => {
    for (const email of ['not-an-email', 'maria@', '@example.com', 'maria example.com', 'a@b@c.com']) {
      const res = await expectRejected({ json: validContact({ email }) }, 400, email);
      expect(JSON.stringify(res.body.result)).toContain('email');
    }
  });

  it('when a field is an operator object like {"$ne": null}, then 400 and nothing is stored', async () => {
    await expectRejected({ json: validContact({ email: { $ne: null } }) }, 400, 'email $ne');
    await expectRejected({ json: validContact({ firstname: { $gt: '' } }) }, 400, 'firstname $gt');
    await expectRejected({ json: validContact({ message: ['a', 'b'] }) }, 400, 'message array');
    await expectRejected({ json: validContact({ title: 42 }) }, 400, 'title number');
  });

  it('when unknown fields are sent (e.g. status, type, id), then 400 because the schema is strict', async () => {
    for (const extra of [{ status: 'read' }, { type: 'info' }, { id: 'x' }, { isAdmin: true }, { __proto__x: 1 }]) {
      await expectRejected({ json: validContact(extra) }, 400, JSON.stringify(extra));
    }
  });

  it('when the telephone holds letters, then 400 and nothing is stored', async () => {
    await expectRejected({ json: validContact({ telephone: 'call me maybe' }) }, 400, 'telephone');
  });

  it('when a field is longer than allowed, then 400 and nothing is stored', async () => {
    await expectRejected({ json: validContact({ message: 'x'.repeat(5001) }) }, 400, 'message 5001');
    await expectRejected({ json: validContact({ title: 'x'.repeat(201) }) }, 400, 'title 201');
    await expectRejected({ json: validContact({ firstname: 'x'.repeat(101) }) }, 400, 'firstname 101');
  });

  it('when the body is not an object (array, null, string, number), then 400 and nothing is stored', async () => {
    for (const body of ['[]', 'null', '"hello"', '42', '[{"firstname":"a"}]']) {
      await expectRejected({ body, headers: { 'content-type': 'application/json' } }, 400, body);
    }
  });

  it('when the body is not valid JSON or empty, then 400 in the envelope', async () => {
    for (const body of ['{bad json', '{"firstname": "Maria",}', '']) {
      await expectRejected(
        { body, headers: { 'content-type': 'application/json' } },
        400,
        `body ${JSON.stringify(body)}`,
      );
    }
  });

  it('when the body is over 100 KB, then 413 in the envelope and nothing is stored', async () => {
    const big = validContact({ message: 'x'.repeat(120 * 1024) });
    const res = await expectRejected({ json: big }, 413, 'json 120 KB');
    expect(res.body.result).toBeTruthy();
  });

  it('when the body is over 100 KB with a text/plain content type, then still 413', async () => {
    const body = JSON.stringify(validContact({ message: 'x'.repeat(120 * 1024) }));
    await expectRejected({ body, headers: { 'content-type': 'text/plain' } }, 413, 'text 120 KB');
  });
});
