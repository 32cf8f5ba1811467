/**
 * Answering contact messages (issue 22 §3): POST /api/v2/notifications/{id}/replies mails the answer to the
 * sender (Reply-To the shop's admin_email, "Re: <subject>", the original quoted, HTML escaped), keeps it under
 * the message with who and when, and marks the message resolved; a refused mail keeps the reply unsent until
 * "send again". The status set by hand (PUT), the audit log, and the list's date (when the message arrived).
 * One server for the whole file; every test sends its own contact message.
 */
import path from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, type CapturedMail, type Json, startServer, type TestServer, uid } from './harness';
import { countDocs, createEditor, signInAs, validContact } from './factories';

let server: TestServer;
let admin: AdminClient;

beforeAll(async () => {
  server = await startServer();
  admin = await server.loginAdmin();
});

afterAll(async () => {
  await server?.stop();
});

/** A shopper's contact message; its id. */
async function sendContact(overrides: Record<string, unknown> = {}): Promise<{ id: string; input: Json }> {
  const input = validContact(overrides);
  const res = await server.api('/api/v2/contacts', { method: 'POST', json: input });
  expect(res.status, res.text).toBe(201);
  return { id: String(res.body.result.id), input };
}

const reply = (id: string, json: unknown, client: AdminClient = admin) =>
  client.api(`/api/v2/notifications/${id}/replies`, { method: 'POST', json });

const detail = async (id: string): Promise<Json> => {
  const res = await admin.api(`/api/v2/notifications/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body.result;
};

/** The HTML part of a captured mail, as decoded by the harness. */
const htmlOf = (mail: CapturedMail): string => {
  const start = mail.body.indexOf('<!doctype html>');
  return start === -1 ? '' : mail.body.slice(start, mail.body.indexOf('</html>', start) + '</html>'.length);
};

const mailsTo = (address: string) => server.mails.filter((m) => m.envelopeTo.includes(address));

async function auditEntries(recordId: string): Promise<Json[]> {
  const res = await admin.api(`/api/v2/admin/audit-log?record_id=${recordId}&limit=100`);
  expect(res.status, res.text).toBe(200);
  return res.body.result as Json[];
}

describe('POST /api/v2/notifications/{id}/replies', () => {
  it('when an admin replies, then the sender gets "Re: <subject>" from the shop with Reply-To the shop, the reply and the quoted original, HTML escaped', async () => {
    const { id, input } = await sendContact({
      title: `Gift boxes ${uid()}`,
      message: 'Do you ship <i>balsamic</i> to Oregon?\nThanks, Maria',
    });
    const notice = await server.waitForMail((m) => m.subject === `New contact message: ${input.title}`);

    const res = await reply(id, { message: '  Dear Maria,\nyes we do: <b>&</b> within 5 days.  ' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.result).toEqual({
      id: expect.any(String),
      message: 'Dear Maria,\nyes we do: <b>&</b> within 5 days.',
      by: `Shop Owner <${admin.email}>`,
      by_id: expect.any(String),
      created_at: expect.any(String),
      mail_sent: true,
    });

    const mail = await server.waitForMail((m) => m.envelopeTo.includes(input.email));
    expect(mail.envelopeTo).toEqual([input.email]);
    expect(mail.to).toContain(`Maria Rossi <${input.email}>`);
    expect(mail.headers['reply-to']).toBe('shop@example.com');
    expect(mail.headers.from).toBe(notice.headers.from);
    expect(mail.headers.from).toContain('shop@bottegadifamiglia.example');
    expect(mail.subject).toBe(`Re: ${input.title}`);
    expect(mail.subject).toMatch(/^Re: Gift boxes [0-9a-f]{8}$/);
    const text = mail.body.replace(/\r\n/g, '\n');
    expect(text).toContain('Dear Maria,\nyes we do: <b>&</b> within 5 days.\n\nOn ');
    expect(text).toContain(
      `, Maria Rossi <${input.email}> wrote:\n> Do you ship <i>balsamic</i> to Oregon?\n> Thanks, Maria`,
    );
    const html = htmlOf(mail);
    expect(html).toContain('yes we do: &lt;b&gt;&amp;&lt;/b&gt; within 5 days.');
    expect(html).toContain('Do you ship &lt;i&gt;balsamic&lt;/i&gt; to Oregon?');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<i>');
  });

  it('when an admin replies twice, then both replies are listed oldest first with who and when, and the message is resolved', async () => {
    const { id } = await sendContact();
    const first = await reply(id, { message: 'First answer' });
    const second = await reply(id, { message: 'Second answer' });
    expect([first.status, second.status]).toEqual([201, 201]);

    const message = await detail(id);
    expect(message.status).toBe('resolved');
    expect(message.replies.map((r: Json) => r.message)).toEqual(['First answer', 'Second answer']);
    expect(message.replies[0]).toEqual({
      id: first.body.result.id,
      message: 'First answer',
      by: first.body.result.by,
      by_id: first.body.result.by_id,
      created_at: first.body.result.created_at,
      mail_sent: true,
    });
    expect(message.replies[0].by).toBe(`Shop Owner <${admin.email}>`);
    expect(Date.parse(message.replies[0].created_at)).toBeLessThanOrEqual(Date.parse(message.replies[1].created_at));
    expect(Math.abs(Date.now() - Date.parse(message.replies[1].created_at))).toBeLessThan(60_000);
  });

  it('when an admin replies, then the audit log holds the reply and the status change, both signed by the admin', async () => {
    const { id } = await sendContact();
    expect((await reply(id, { message: 'Audited answer' })).status).toBe(201);

    const entries = await auditEntries(id);
    expect(entries.map((e) => [e.collection, e.operation, e.changes])).toEqual([
      ['notifications', 'update', { status: { before: 'new', after: 'resolved' } }],
      ['notifications', 'update', { reply: { after: 'Audited answer' } }],
    ]);
    for (const entry of entries) expect(entry.by).toBe(`Shop Owner <${admin.email}>`);
  });

  it('when the mail server refuses the reply, then it is kept as not sent, and sending it again delivers it once', async () => {
    const { id, input } = await sendContact();
    await server.waitForMail((m) => m.subject === `New contact message: ${input.title}`);
    server.refuseMail(true);
    let res;
    try {
      res = await reply(id, { message: 'Answer while the mail server is down' });
    } finally {
      server.refuseMail(false);
    }
    expect(res.status, res.text).toBe(201);
    expect(res.body.result.mail_sent).toBe(false);
    const kept = await detail(id);
    expect(kept.status).toBe('resolved');
    expect(kept.replies).toEqual([expect.objectContaining({ id: res.body.result.id, mail_sent: false })]);
    expect(mailsTo(input.email)).toEqual([]);

    const again = await admin.api(`/api/v2/notifications/${id}/replies/${res.body.result.id}/send`, { method: 'POST' });
    expect(again.status, again.text).toBe(200);
    expect(again.body.result).toMatchObject({ id: res.body.result.id, mail_sent: true });
    const mail = await server.waitForMail((m) => m.envelopeTo.includes(input.email));
    expect(mail.body).toContain('Answer while the mail server is down');
    expect((await detail(id)).replies[0].mail_sent).toBe(true);

    const third = await admin.api(`/api/v2/notifications/${id}/replies/${res.body.result.id}/send`, { method: 'POST' });
    expect(third.status).toBe(200);
    expect(third.body.result.mail_sent).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(input.email)).toHaveLength(1);
  });

  it('when the reply to send again belongs to another message or does not exist, then 404', async () => {
    const a = await sendContact();
    const b = await sendContact();
    const res = await reply(a.id, { message: 'For A' });
    expect(res.status).toBe(201);
    const wrong = await admin.api(`/api/v2/notifications/${b.id}/replies/${res.body.result.id}/send`, {
      method: 'POST',
    });
    expect(wrong.status).toBe(404);
    const unknown = await admin.api(`/api/v2/notifications/${a.id}/replies/999999/send`, { method: 'POST' });
    expect(unknown.status).toBe(404);
  });

  it.each([
    ['an empty message', { message: '' }],
    ['only spaces and line breaks', { message: '  \n\t ' }],
    ['5001 characters', { message: 'x'.repeat(5001) }],
    ['a control character', { message: 'Hello\u0007 there' }],
    ['a number', { message: 42 }],
    ['no message', {}],
    ['an extra field', { message: 'Hello', status: 'approved' }],
  ])('when the body has %s, then 400 and nothing is stored or mailed', async (_label, json) => {
    const { id, input } = await sendContact();
    const before = await countDocs(admin, 'notification-replies');
    const res = await reply(id, json);
    expect(res.status, res.text).toBe(400);
    expect(await countDocs(admin, 'notification-replies')).toBe(before);
    expect((await detail(id)).status).toBe('new');
    expect(mailsTo(input.email)).toEqual([]);
  });

  it('when the message is 5000 characters after trimming, then it is accepted', async () => {
    const { id } = await sendContact();
    const res = await reply(id, { message: `  ${'y'.repeat(5000)}  ` });
    expect(res.status, res.text).toBe(201);
    expect(res.body.result.message).toHaveLength(5000);
  });

  it('when signed out, then 401; as an editor, then 403; nothing is stored', async () => {
    const { id } = await sendContact();
    const editorAccount = await createEditor(admin);
    const editor = await signInAs(server, editorAccount, 'panel');
    const before = await countDocs(admin, 'notification-replies');

    const signedOut = await server.api(`/api/v2/notifications/${id}/replies`, {
      method: 'POST',
      json: { message: 'Hello' },
    });
    expect(signedOut.status).toBe(401);
    expect((await reply(id, { message: 'Hello' }, editor)).status).toBe(403);
    expect((await editor.api(`/api/v2/notifications/${id}/replies/1/send`, { method: 'POST' })).status).toBe(403);
    expect(await countDocs(admin, 'notification-replies')).toBe(before);
    expect((await detail(id)).replies).toEqual([]);
  });

  it('when the message does not exist, was deleted, or has the status deleted, then 404, 404 and 409', async () => {
    expect((await reply('999999', { message: 'Hello' })).status).toBe(404);

    const removed = await sendContact();
    expect((await admin.api(`/api/v2/notifications/${removed.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await reply(removed.id, { message: 'Hello' })).status).toBe(404);

    // SPEC §3 lists the status `deleted`, but no door sets it any more (the message is deleted instead): a
    // message that has it from earlier data is made here in the database itself.
    const marked = await sendContact();
    const db = createClient({ url: `file:${path.join(server.dataDir, 'shop.db')}` });
    try {
      await db.execute({ sql: "UPDATE notifications SET status = 'deleted' WHERE id = ?", args: [marked.id] });
    } finally {
      db.close();
    }
    const refused = await reply(marked.id, { message: 'Hello' });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.result).toBe('A deleted message cannot be answered');
    expect((await detail(marked.id)).replies).toEqual([]);
    expect(mailsTo(marked.input.email)).toEqual([]);
  });
});

describe('PUT /api/v2/notifications/{id}: the status by hand', () => {
  it('when an admin sets resolved, approved, then read, then each is stored, listed and in the audit log', async () => {
    const { id } = await sendContact();
    for (const status of ['resolved', 'approved', 'read']) {
      const res = await admin.api(`/api/v2/notifications/${id}`, { method: 'PUT', json: { status } });
      expect(res.status, res.text).toBe(200);
      expect(res.body.result).toMatchObject({ id, status, replies: [] });
    }
    expect((await detail(id)).status).toBe('read');
    const changes = (await auditEntries(id)).map((e) => e.changes.status);
    expect(changes).toEqual([
      { before: 'approved', after: 'read' },
      { before: 'resolved', after: 'approved' },
      { before: 'new', after: 'resolved' },
    ]);
  });

  it.each([['new'], ['deleted']])('when an admin sets %s, then 400 and the status is unchanged', async (status) => {
    const { id } = await sendContact();
    expect((await admin.api(`/api/v2/notifications/${id}`, { method: 'PUT', json: { status: 'read' } })).status).toBe(
      200,
    );
    const res = await admin.api(`/api/v2/notifications/${id}`, { method: 'PUT', json: { status } });
    expect(res.status, res.text).toBe(400);
    expect((await detail(id)).status).toBe('read');
  });

  it.each([['new'], ['deleted']])(
    "when an admin sets %s through Payload's REST API (the /cms panel's door), then 400 and the status is unchanged",
    async (status) => {
      const { id } = await sendContact();
      expect((await admin.api(`/api/v2/notifications/${id}`, { method: 'PUT', json: { status: 'read' } })).status).toBe(
        200,
      );
      const res = await admin.api(`/api/notifications/${id}`, { method: 'PATCH', json: { status } });
      expect(res.status, res.text).toBe(400);
      expect(res.text).toContain('A message goes back to neither new nor deleted: delete it instead');
      expect((await detail(id)).status).toBe('read');
    },
  );
});

describe('GET /api/v2/notifications: the date is when the message arrived', () => {
  it('when an older message is opened and answered, then sorted by created_at it stays below the newer one with its arrival date', async () => {
    const family = `Arrival${uid()}`;
    const older = await sendContact({ lastname: family });
    const olderArrival = (await detail(older.id)).created_at;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const newer = await sendContact({ lastname: family });
    expect(
      (await admin.api(`/api/v2/notifications/${older.id}`, { method: 'PUT', json: { status: 'read' } })).status,
    ).toBe(200);
    expect((await reply(older.id, { message: 'Answered' })).status).toBe(201);

    const list = await admin.api(`/api/v2/notifications?search=${family}&sort[0]=created_at&sort[1]=DESC`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.result.map((n: Json) => n.id)).toEqual([newer.id, older.id]);
    expect(list.body.result[1].created_at).toBe(olderArrival);
    const ascending = await admin.api(`/api/v2/notifications?search=${family}&sort[0]=created_at&sort[1]=ASC`);
    expect(ascending.body.result.map((n: Json) => n.id)).toEqual([older.id, newer.id]);
  });
});

describe('rate limit', () => {
  it('when one address sends more replies than REPLY_RATE_LIMIT allows in 10 minutes, then 429', async () => {
    const { id } = await sendContact();
    const first = await reply(id, { message: '' });
    const remaining = Number(/r=(\d+)/.exec(first.headers.get('ratelimit') ?? '')?.[1]);
    expect(remaining).toBeGreaterThanOrEqual(0);
    expect(remaining).toBeLessThan(30);
    for (let i = 0; i < remaining; i++) expect((await reply(id, { message: '' })).status).toBe(400);
    const limited = await reply(id, { message: 'One too many' });
    expect(limited.status).toBe(429);
    expect((await detail(id)).replies).toEqual([]);
  });
});
