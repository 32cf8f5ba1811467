/**
 * The /cms panel's own document locking under the shop's rules for payload-locked-documents (issue 21 §3,
 * access/locked-documents.ts): the code the panel runs on every form-state request of an open document
 * (@payloadcms/ui's handleFormStateLocking: read the document's lock as the signed-in user, create one when
 * there is none) still finds and shows the holder to an admin and to an editor. In-process (see setup.ts), as
 * the panel runs it inside the server.
 */
import { createLocalReq, type Payload } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcessShop, type InProcessShop } from './setup';

type LockState = { isLocked: boolean; user: unknown } | undefined;
type FormStateLocking = (args: {
  id?: string;
  collectionSlug?: string;
  globalSlug?: string;
  req: Awaited<ReturnType<typeof createLocalReq>>;
  updateLastEdited?: boolean;
}) => Promise<LockState>;

let shop: InProcessShop;
let payload: Payload;
let handleFormStateLocking: FormStateLocking;

beforeAll(async () => {
  shop = await startInProcessShop();
  payload = shop.payload;
  const ui = (await import('@payloadcms/ui/utilities/handleFormStateLocking')) as unknown as {
    handleFormStateLocking: FormStateLocking;
  };
  handleFormStateLocking = ui.handleFormStateLocking;
}, 120_000);
afterAll(async () => shop?.stop());

let accounts = 0;
/** A signed-in panel request of a fresh account of this role. */
async function panelRequest(role: 'admin' | 'editor') {
  accounts += 1;
  const user = await payload.create({
    collection: 'users',
    data: {
      email: `${role}-${accounts}-locks@test.example`,
      password: `Olive#Lock${accounts}9A`,
      role,
      firstname: 'Chiara',
      lastname: 'Conti',
      active: true,
    } as never,
    overrideAccess: true,
  });
  return createLocalReq({ user: { ...user, collection: 'users' } as never }, payload);
}

async function recipe(): Promise<string> {
  const doc = await payload.create({
    collection: 'recipes',
    data: { name: `Panzanella ${accounts}`, description: 'Bread salad', _status: 'published' } as never,
    overrideAccess: true,
  });
  return String(doc.id);
}

const holder = (state: LockState) => {
  const user = state?.user as { id?: unknown } | string | undefined;
  return typeof user === 'object' ? String(user?.id) : String(user);
};

async function locksOn(id: string): Promise<string[]> {
  const { docs } = await payload.find({
    collection: 'payload-locked-documents',
    where: { 'document.value': { equals: id } },
    depth: 0,
    overrideAccess: true,
  });
  return docs.map((lock) => String((lock.user as { value: unknown }).value));
}

describe("the panel's document locks", () => {
  it('when an editor opens a recipe and an admin opens it after, then the editor holds the one lock and the admin is shown the editor', async () => {
    const editorReq = await panelRequest('editor');
    const adminReq = await panelRequest('admin');
    const id = await recipe();

    const opened = await handleFormStateLocking({ id, collectionSlug: 'recipes', req: editorReq });
    const typing = await handleFormStateLocking({
      id,
      collectionSlug: 'recipes',
      req: editorReq,
      updateLastEdited: true,
    });
    const adminSees = await handleFormStateLocking({ id, collectionSlug: 'recipes', req: adminReq });

    const editorId = String(editorReq.user!.id);
    expect([opened?.isLocked, typing?.isLocked, adminSees?.isLocked]).toEqual([true, true, true]);
    expect([holder(opened), holder(typing), holder(adminSees)]).toEqual([editorId, editorId, editorId]);
    expect(await locksOn(id)).toEqual([editorId]);
  });

  it('when an admin opens a recipe and an editor opens it after, then the editor is shown the admin and makes no lock of their own', async () => {
    const adminReq = await panelRequest('admin');
    const editorReq = await panelRequest('editor');
    const id = await recipe();

    await handleFormStateLocking({ id, collectionSlug: 'recipes', req: adminReq });
    const editorSees = await handleFormStateLocking({ id, collectionSlug: 'recipes', req: editorReq });

    const adminId = String(adminReq.user!.id);
    expect(editorSees?.isLocked).toBe(true);
    expect(holder(editorSees)).toBe(adminId);
    expect(await locksOn(id)).toEqual([adminId]);
  });
});
