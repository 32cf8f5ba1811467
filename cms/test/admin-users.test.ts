/**
 * The control centre's admin accounts (SPEC §2 Users, §7 users): the list, one account, create with the
 * invite mail whose link sets a working password, edit with the email locked, (de)activation and delete
 * with the rules that keep the shop an admin who can sign in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminClient,
  type ApiResponse,
  type CapturedMail,
  isEnvelope,
  sha256hex,
  startServer,
  type TestServer,
  uid,
} from './harness';
import { countDocs } from './factories';

let server: TestServer;
let admin: AdminClient;
let adminId: string;

beforeAll(async () => {
  server = await startServer();
  admin = await server.loginAdmin();
  adminId = (await admin.api('/api/users/me')).body.user.id;
});

afterAll(async () => {
  await server?.stop();
});

const EMAIL_TAKEN = [{ path: 'email', message: 'An admin with this email already exists' }];
const EMAIL_LOCKED = [{ path: 'email', message: 'The email of an account cannot be changed' }];
const SELF_DELETE = 'You cannot delete your own account. Another admin can do it for you.';
const SELF_DEACTIVATE = 'You cannot deactivate your own account. Another admin can do it for you.';

const newUser = (overrides: Record<string, unknown> = {}) => ({
  firstname: 'Giulia',
  lastname: `Bianchi ${uid()}`,
  email: `giulia.${uid()}@test.example`,
  telephone: '+1 (555) 010-4477',
  ...overrides,
});

async function createUser(overrides: Record<string, unknown> = {}): Promise<{ id: string; email: string }> {
  const res = await admin.api('/api/v2/users', { method: 'POST', json: newUser(overrides) });
  if (res.status !== 201) throw new Error(`Creating a user failed: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body.result;
}

const inviteFor = (email: string): Promise<CapturedMail> =>
  server.waitForMail((m) => m.envelopeTo.includes(email) && /Welcome/.test(m.subject));

function linkIn(mail: CapturedMail): string {
  const link = /https?:\/\/[^\s"<>]+\/admin\/reset\/[a-f0-9]+/.exec(mail.body)?.[0];
  if (!link) throw new Error(`No link in the mail: ${mail.body.slice(0, 500)}`);
  return link;
}

const login = (email: string, plain: string): Promise<ApiResponse> =>
  server.api('/api/v2/auth/login', {
    method: 'POST',
    headers: { origin: server.baseUrl },
    json: { email, password: sha256hex(plain) },
  });

describe('who may manage accounts', () => {
  it('when a client without a session calls each users route, then 401 and nothing changes', async () => {
    const other = await createUser();
    const before = await countDocs(admin, 'users');
    const routes: Array<[string, string, RequestInit & { json?: unknown }]> = [
      ['GET', '/api/v2/users', {}],
      ['GET', `/api/v2/users/${other.id}`, {}],
      ['POST', '/api/v2/users', { method: 'POST', json: newUser() }],
      ['PUT', `/api/v2/users/${other.id}`, { method: 'PUT', json: { firstname: 'X', lastname: 'Y', active: false } }],
      ['DELETE', `/api/v2/users/${other.id}`, { method: 'DELETE' }],
    ];
    for (const [method, p, init] of routes) {
      const res = await server.api(p, init);
      expect(res.status, `${method} ${p}`).toBe(401);
      expect(isEnvelope(res), `${method} ${p}`).toBe(true);
      expect(res.text, `${method} ${p}`).not.toContain(other.email);
    }
    expect(await countDocs(admin, 'users')).toBe(before);
    expect((await admin.api(`/api/v2/users/${other.id}`)).body.result).toMatchObject({
      firstname: 'Giulia',
      active: true,
    });
  });
});

describe('GET /api/v2/users', () => {
  it('when accounts exist, then all come sorted by last name with their fields, and the count', async () => {
    const tag = uid();
    const zeta = await createUser({ firstname: 'Anna', lastname: `Zz ${tag}` });
    const alpha = await createUser({ firstname: 'Bruno', lastname: `Aa ${tag}`, telephone: '' });
    const middle = await createUser({ firstname: 'Carla', lastname: `Mm ${tag}` });

    const res = await admin.api('/api/v2/users');
    expect(res.status).toBe(200);
    const users = res.body.result as Array<{ id: string; lastname: string }>;
    expect(res.body.pagination.count).toBe(users.length);
    const mine = users.filter((u) => u.lastname.endsWith(tag)).map((u) => u.id);
    expect(mine).toEqual([alpha.id, middle.id, zeta.id]);
    const lastnames = users.map((u) => u.lastname.toLowerCase());
    expect(lastnames).toEqual([...lastnames].sort());

    const bruno = users.find((u) => u.id === alpha.id);
    expect(bruno).toEqual({
      id: alpha.id,
      firstname: 'Bruno',
      lastname: `Aa ${tag}`,
      email: alpha.email,
      telephone: null,
      role: 'admin',
      active: true,
      // Invited through the users screen and no password chosen yet (issue 25 §1.11).
      invited: true,
      last_access: null,
      updated_at: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/hash|salt|sessions|resetPassword/);
  });

  it('when one account is asked for, then it comes; an unknown id is 404 and a malformed one 400', async () => {
    const user = await createUser({ firstname: 'Dario', telephone: '+39 06 1234 5678' });
    const res = await admin.api(`/api/v2/users/${user.id}`);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ id: user.id, firstname: 'Dario', telephone: '+39 06 1234 5678' });
    const missing = await admin.api('/api/v2/users/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.result).toBe('User not found');
    expect((await admin.api('/api/v2/users/bad%20id')).status).toBe(400);
  });
});

describe('POST /api/v2/users', () => {
  it('when an admin is created, then 201, an invite mail whose link sets a password that signs in, and last access is recorded', async () => {
    const input = newUser({ firstname: 'Elena', email: `Elena.${uid()}@Test.Example` });
    const res = await admin.api('/api/v2/users', { method: 'POST', json: input });
    expect(res.status, res.text.slice(0, 300)).toBe(201);
    const email = (input.email as string).toLowerCase();
    expect(res.body.result).toMatchObject({ firstname: 'Elena', email, active: true, last_access: null });
    const id = res.body.result.id as string;

    const mail = await inviteFor(email);
    expect(mail.body).toContain('7 days');
    const link = linkIn(mail);
    expect(link.startsWith(`${server.baseUrl}/admin/reset/`)).toBe(true);
    const token = link.split('/').pop()!;

    const check = await server.api(`/api/v2/auth/invite/${token}`);
    expect(check.status).toBe(200);
    expect(check.body.result).toEqual({ email, role: 'admin' });

    const plain = `Basil#${uid()}7Q`;
    const set = await server.api(`/api/v2/auth/reset/${token}`, {
      method: 'PUT',
      json: { password: sha256hex(plain) },
    });
    expect(set.status, set.text).toBe(200);
    // The link works once.
    expect((await server.api(`/api/v2/auth/invite/${token}`)).status).toBe(404);

    const beforeLogin = (await admin.api(`/api/v2/users/${id}`)).body.result;
    expect(beforeLogin.last_access).toBe(null);
    const startedAt = Date.now();
    const signIn = await login(email, plain);
    expect(signIn.status, signIn.text).toBe(200);
    const afterLogin = (await admin.api(`/api/v2/users/${id}`)).body.result;
    const lastAccess = Date.parse(afterLogin.last_access);
    expect(lastAccess).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(lastAccess).toBeLessThanOrEqual(Date.now() + 1000);
    // Signing in is not an edit: "modified" stays.
    expect(afterLogin.updated_at).toBe(beforeLogin.updated_at);
  });

  it('when the account is new, then nobody can sign in with an empty or guessed password before the invite is used', async () => {
    const user = await createUser();
    for (const guess of ['', 'password', user.email]) expect((await login(user.email, guess)).status).toBe(401);
  });

  it('when the email is already taken (in any case), then 400 naming email, no account and no mail', async () => {
    const existing = await createUser();
    const before = await countDocs(admin, 'users');
    const mailsBefore = server.mails.length;
    for (const email of [existing.email, existing.email.toUpperCase(), server.admin!.email]) {
      const res = await admin.api('/api/v2/users', { method: 'POST', json: newUser({ email }) });
      expect(res.status, email).toBe(400);
      expect(res.body.result, email).toEqual(EMAIL_TAKEN);
    }
    expect(await countDocs(admin, 'users')).toBe(before);
    await new Promise((r) => setTimeout(r, 300));
    expect(server.mails.length).toBe(mailsBefore);
  });

  it('when a field is missing or malformed, then 400 naming it and nothing is stored', async () => {
    const before = await countDocs(admin, 'users');
    for (const [body, field] of [
      [newUser({ firstname: undefined }), 'firstname'],
      [newUser({ lastname: '    ' }), 'lastname'],
      [newUser({ email: 'not-an-email' }), 'email'],
      [newUser({ email: undefined }), 'email'],
      [newUser({ telephone: 'call me maybe' }), 'telephone'],
      [newUser({ firstname: 'x'.repeat(101) }), 'firstname'],
      [newUser({ active: false }), 'active'],
      [newUser({ password: 'a'.repeat(64) }), 'password'],
      [newUser({ email: { $ne: '' } }), 'email'],
    ] as const) {
      const res = await admin.api('/api/v2/users', { method: 'POST', json: body });
      expect(res.status, field).toBe(400);
      expect(JSON.stringify(res.body.result), field).toContain(field);
    }
    const notJson = await admin.api('/api/v2/users', {
      method: 'POST',
      body: '{"firstname":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect(await countDocs(admin, 'users')).toBe(before);
  });
});

describe('PUT /api/v2/users/{id}', () => {
  it('when names and telephone change with the same email sent back, then 200 with the stored record', async () => {
    const user = await createUser();
    const res = await admin.api(`/api/v2/users/${user.id}`, {
      method: 'PUT',
      json: { id: user.id, firstname: 'Franca', lastname: 'Verdi', email: user.email.toUpperCase(), telephone: '' },
    });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.body.result).toMatchObject({
      id: user.id,
      firstname: 'Franca',
      lastname: 'Verdi',
      email: user.email,
      telephone: null,
      active: true,
    });
    expect((await admin.api(`/api/v2/users/${user.id}`)).body.result).toMatchObject({ firstname: 'Franca' });
  });

  it('when a different email is sent, then 400 naming email and nothing changes', async () => {
    const user = await createUser({ firstname: 'Gino' });
    const res = await admin.api(`/api/v2/users/${user.id}`, {
      method: 'PUT',
      json: { firstname: 'Changed', lastname: 'Changed', email: `other.${uid()}@test.example` },
    });
    expect(res.status).toBe(400);
    expect(res.body.result).toEqual(EMAIL_LOCKED);
    expect((await admin.api(`/api/v2/users/${user.id}`)).body.result).toMatchObject({
      firstname: 'Gino',
      email: user.email,
    });
  });

  it('when another admin is deactivated, then they cannot sign in, and once reactivated they can again', async () => {
    const user = await createUser({ firstname: 'Ivo' });
    const token = linkIn(await inviteFor(user.email))
      .split('/')
      .pop()!;
    const plain = `Sage#${uid()}4W`;
    await server.api(`/api/v2/auth/reset/${token}`, {
      method: 'PUT',
      json: { password: sha256hex(plain) },
    });
    const body = { firstname: 'Ivo', lastname: 'Neri' };

    const off = await admin.api(`/api/v2/users/${user.id}`, { method: 'PUT', json: { ...body, active: false } });
    expect(off.status, off.text).toBe(200);
    expect(off.body.result.active).toBe(false);
    expect((await login(user.email, plain)).status).toBe(401);

    const on = await admin.api(`/api/v2/users/${user.id}`, { method: 'PUT', json: { ...body, active: true } });
    expect(on.body.result.active).toBe(true);
    expect((await login(user.email, plain)).status).toBe(200);
  });

  it('when admins try to deactivate themselves, by v2 or Payload REST, then 409 and they stay active', async () => {
    const res = await admin.api(`/api/v2/users/${adminId}`, {
      method: 'PUT',
      json: { firstname: 'Shop', lastname: 'Owner', active: false },
    });
    expect(res.status).toBe(409);
    expect(res.body.result).toBe(SELF_DEACTIVATE);
    const rest = await admin.api(`/api/users/${adminId}`, { method: 'PATCH', json: { active: false } });
    expect(rest.status).toBe(409);
    expect((await admin.api(`/api/v2/users/${adminId}`)).body.result.active).toBe(true);
  });

  it('when the body is malformed or the account unknown, then 400 or 404', async () => {
    const user = await createUser();
    for (const body of [
      {},
      { firstname: 'A', lastname: 'B', active: 'no' },
      { firstname: 'A', lastname: 'B', role: 'x' },
    ]) {
      const res = await admin.api(`/api/v2/users/${user.id}`, { method: 'PUT', json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const missing = await admin.api('/api/v2/users/00000000-0000-4000-8000-000000000000', {
      method: 'PUT',
      json: { firstname: 'A', lastname: 'B' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('DELETE /api/v2/users/{id}', () => {
  it('when another admin is deleted, then 200 with the id and the account is gone', async () => {
    const user = await createUser();
    const res = await admin.api(`/api/v2/users/${user.id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ id: user.id });
    expect((await admin.api(`/api/v2/users/${user.id}`)).status).toBe(404);
    expect((await admin.api(`/api/v2/users/${user.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('when admins try to delete themselves, by v2 or Payload REST, then 409 and the account stays', async () => {
    const res = await admin.api(`/api/v2/users/${adminId}`, { method: 'DELETE' });
    expect(res.status).toBe(409);
    expect(res.body.result).toBe(SELF_DELETE);
    const rest = await admin.api(`/api/users/${adminId}`, { method: 'DELETE' });
    expect(rest.status).toBe(409);
    expect((await admin.api('/api/users/me')).body.user.id).toBe(adminId);
  });

  it('when the only active admin is left, then deleting or deactivating that account is refused', async () => {
    const spare = await createUser();
    // Every other account is made inactive first, so the harness admin is the last active one.
    const users = (await admin.api('/api/v2/users')).body.result as Array<{ id: string; active: boolean }>;
    for (const u of users.filter((x) => x.id !== adminId && x.active)) {
      const off = await admin.api(`/api/v2/users/${u.id}`, {
        method: 'PUT',
        json: { firstname: 'A', lastname: 'B', active: false },
      });
      expect(off.status).toBe(200);
    }
    expect((await admin.api(`/api/v2/users/${adminId}`, { method: 'DELETE' })).status).toBe(409);
    const off = await admin.api(`/api/v2/users/${adminId}`, {
      method: 'PUT',
      json: { firstname: 'Shop', lastname: 'Owner', active: false },
    });
    expect(off.status).toBe(409);
    // An inactive account is not an admin who can sign in: deleting one is allowed.
    expect((await admin.api(`/api/v2/users/${spare.id}`, { method: 'DELETE' })).status).toBe(200);
  });
});
