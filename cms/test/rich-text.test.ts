/**
 * Rich-text recipes and changelog entries as shoppers and the dashboard see them (issue 11 parts 3 and 4),
 * over HTTP against a real server: only published recipes, the catalogue cache cleared by the very next
 * request after a publication, drafts of published recipes invisible until published, image nodes reduced to
 * the shop's ImageRef, and scheduled publishing carried out by the server's own job runner.
 */
import {
  richTextHeading,
  richTextInternalLink,
  richTextLink,
  richTextList,
  richTextParagraph,
  richTextRoot,
  richTextText,
  richTextUpload,
  type RichTextValue,
} from '@shop/shared';
import type { Payload } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecipe, type Doc, uploadImage } from './factories';
import { type AdminClient, type Envelope, isEnvelope, type Json, startServer, type TestServer, uid } from './harness';

let server: TestServer;
let admin: AdminClient;

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const get = <T = Json>(path: string) => server.api<Envelope<T>>(path);
const listedIds = async (path = '/api/v2/recipes'): Promise<string[]> => {
  const res = await get<Array<{ id: string }>>(path);
  expect(res.status, res.text).toBe(200);
  return res.body.result.map((r) => r.id);
};

/** A recipe saved as a draft (never published), as the panel's "Save draft" on a new recipe does. */
async function createDraftRecipe(name = `Draft ${uid()}`): Promise<Doc> {
  const res = await admin.api('/api/recipes?draft=true', {
    method: 'POST',
    json: { name, description: 'Not yet', body: richTextRoot([richTextParagraph('Secret.')]), _status: 'draft' },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.doc as Doc;
}

/** A published recipe with the body given (the factory's recipes have a plain list as body). */
async function createRecipeWithBody(body: RichTextValue, name = `Recipe ${uid()}`): Promise<Doc> {
  const res = await admin.api('/api/recipes', {
    method: 'POST',
    json: { name, description: 'Family recipe', ingredients: [{ item: 'Bread' }], body, _status: 'published' },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.doc as Doc;
}

async function patchRecipe(id: string, data: Record<string, unknown>, draft = false): Promise<void> {
  const res = await admin.api(`/api/recipes/${id}${draft ? '?draft=true' : ''}`, { method: 'PATCH', json: data });
  expect(res.status, res.text).toBe(200);
}

beforeAll(async () => {
  server = await startServer({ env: { SCHEDULED_PUBLISH_INTERVAL_SECONDS: '1' } });
  admin = await server.loginAdmin();
});

afterAll(async () => {
  await server?.stop();
});

describe('GET /api/v2/recipes: published recipes only', () => {
  it('when one recipe is published and one is a draft, then the list, the latest and the page show only the published one', async () => {
    const published = await createRecipe(admin, { name: `Published ${uid()}` });
    const draft = await createDraftRecipe();

    const list = await listedIds();
    expect(list).toContain(published.id);
    expect(list).not.toContain(draft.id);
    expect(await listedIds('/api/v2/recipes/last/new')).not.toContain(draft.id);

    const page = await get(`/api/v2/recipes/${published.id}`);
    expect(page.status).toBe(200);
    expect(page.body.result).toMatchObject({ id: published.id, name: published.name });
    const hidden = await get(`/api/v2/recipes/${draft.id}`);
    expect(hidden.status).toBe(404);
    expect(isEnvelope(hidden)).toBe(true);
  });

  it('when a draft is published after the list was cached, then the very next request lists it', async () => {
    const draft = await createDraftRecipe();
    // Warm the catalogue cache with the draft absent.
    expect(await listedIds()).not.toContain(draft.id);
    expect(await listedIds('/api/v2/recipes/last/new')).not.toContain(draft.id);
    expect((await get(`/api/v2/recipes/${draft.id}`)).status).toBe(404);

    await patchRecipe(draft.id, { _status: 'published' });

    expect(await listedIds()).toContain(draft.id);
    expect((await listedIds('/api/v2/recipes/last/new'))[0]).toBe(draft.id);
    expect((await get(`/api/v2/recipes/${draft.id}`)).status).toBe(200);
  });

  it('when a draft of a published recipe is saved, then shoppers keep the published text until it is published', async () => {
    const recipe = await createRecipe(admin, { name: `Before ${uid()}` });
    const nameOf = async () => (await get<{ name: string }>(`/api/v2/recipes/${recipe.id}`)).body.result.name;
    const listedName = async () =>
      (await get<Array<{ id: string; name: string }>>('/api/v2/recipes')).body.result.find((r) => r.id === recipe.id)
        ?.name;
    expect(await nameOf()).toBe(recipe.name);

    const newName = `After ${uid()}`;
    await patchRecipe(recipe.id, { name: newName, _status: 'draft' }, true);
    expect(await nameOf()).toBe(recipe.name);
    expect(await listedName()).toBe(recipe.name);

    await patchRecipe(recipe.id, { name: newName, _status: 'published' });
    expect(await nameOf()).toBe(newName);
    expect(await listedName()).toBe(newName);
  });

  it('when a published recipe is unpublished, then it leaves the list and its page answers 404', async () => {
    const recipe = await createRecipe(admin, { name: `Unpublish ${uid()}` });
    expect(await listedIds()).toContain(recipe.id);
    expect((await get(`/api/v2/recipes/${recipe.id}`)).status).toBe(200);

    await patchRecipe(recipe.id, { _status: 'draft' });

    expect(await listedIds()).not.toContain(recipe.id);
    expect((await get(`/api/v2/recipes/${recipe.id}`)).status).toBe(404);
  });

  it('when the id is unknown, then 404 in the envelope; when it is malformed, then 400', async () => {
    for (const id of [UNKNOWN_ID, 'abc']) {
      const res = await get(`/api/v2/recipes/${id}`);
      expect(res.status, id).toBe(404);
      expect(isEnvelope(res)).toBe(true);
      expect(res.body.result).toBe('Recipe not found');
    }
    for (const id of [encodeURIComponent('../etc'), 'a'.repeat(65), encodeURIComponent("x' OR 1=1 --")]) {
      const res = await get(`/api/v2/recipes/${id}`);
      expect(res.status, id).toBe(400);
      expect(isEnvelope(res)).toBe(true);
    }
  });
});

describe('recipe bodies as shoppers get them', () => {
  it('when a body holds an image, a deleted image and an internal link, then the image is an ImageRef with its alt, the deleted one is gone and the link keeps its target id only', async () => {
    const kept = await uploadImage(admin, { width: 400, height: 300 });
    const altRes = await admin.api(`/api/assets/${kept.id}`, { method: 'PATCH', json: { alt: 'Tomatoes on a board' } });
    expect(altRes.status, altRes.text).toBe(200);
    const gone = await uploadImage(admin, { width: 300, height: 200 });
    const target = await createRecipe(admin, { name: `Linked ${uid()}` });

    const body = richTextRoot([
      richTextParagraph([richTextText('Serve with '), richTextInternalLink('the sauce', 'recipes', target.id)]),
      richTextUpload(kept.id),
      richTextUpload(gone.id),
    ]);
    const recipe = await createRecipeWithBody(body);
    const deleted = await admin.api(`/api/assets/${gone.id}`, { method: 'DELETE' });
    expect(deleted.status, deleted.text).toBe(200);

    for (const res of [await get(`/api/v2/recipes/${recipe.id}`), await get('/api/v2/recipes')]) {
      const result = Array.isArray(res.body.result)
        ? res.body.result.find((r: Json) => r.id === recipe.id)
        : res.body.result;
      const nodes = (result.body as RichTextValue).root.children;
      expect(nodes.map((n) => n.type)).toEqual(['paragraph', 'upload']);
      expect(nodes[1]).toEqual({
        type: 'upload',
        version: 3,
        format: '',
        relationTo: 'assets',
        value: { id: kept.id },
        // 400 × 300 as uploaded (under the 1600 px limit, so kept): the page reserves exactly that room.
        fields: { alt: 'Tomatoes on a board', width: 400, height: 300 },
      });
      expect(nodes[0].children?.[1]).toMatchObject({
        type: 'link',
        fields: { linkType: 'internal', newTab: false, doc: { relationTo: 'recipes', value: target.id } },
      });
      expect(result.directions).toEqual(['Serve with the sauce']);
      // No asset document: nothing of its file (name, size, type, url) reaches the shopper.
      const text = JSON.stringify(result.body);
      for (const leak of ['filename', 'mimeType', 'filesize', '.webp', '.png', 'url']) expect(text).not.toContain(leak);
    }
  });

  it('when a body has a bold word, a heading, a numbered list and an external link, then they come back as written', async () => {
    const body = richTextRoot([
      richTextParagraph([richTextText('Use '), richTextText('ripe', { bold: true }), richTextText(' tomatoes.')]),
      richTextHeading('Method'),
      richTextList(['Dice.', 'Toast.'], 'number'),
      richTextParagraph([richTextLink('More', 'https://en.wikipedia.org/wiki/Bruschetta', true)]),
    ]);
    const recipe = await createRecipeWithBody(body);
    const res = await get(`/api/v2/recipes/${recipe.id}`);
    expect(res.status).toBe(200);
    const nodes = (res.body.result.body as RichTextValue).root.children;
    expect(nodes.map((n) => n.type)).toEqual(['paragraph', 'heading', 'list', 'paragraph']);
    expect(nodes[0].children?.[1]).toMatchObject({ type: 'text', text: 'ripe', format: 1 });
    expect(nodes[3].children?.[0]).toMatchObject({
      type: 'link',
      fields: { linkType: 'custom', url: 'https://en.wikipedia.org/wiki/Bruschetta', newTab: true },
    });
    expect(res.body.result.directions).toEqual(['Use ripe tomatoes.', 'Method', 'Dice.', 'Toast.', 'More']);
  });
});

describe('dashboard "what\'s new"', () => {
  it('when entries are published with dates and one is a draft, then the published ones come newest date first with body and date', async () => {
    const tag = uid();
    const post = async (version: string, date: string, status: 'published' | 'draft') => {
      const res = await admin.api(`/api/changelogs${status === 'draft' ? '?draft=true' : ''}`, {
        method: 'POST',
        json: {
          version,
          title: `${tag} ${version}`,
          // Dated in a different order from their creation: the list follows `date`.
          date,
          body: richTextRoot([richTextParagraph([richTextText('New: '), richTextText('maps', { bold: true })])]),
          _status: status,
        },
      });
      expect(res.status, res.text).toBe(201);
    };
    await post('7.1.0', '2030-03-01T00:00:00.000Z', 'published');
    await post('7.0.0', '2030-01-01T00:00:00.000Z', 'published');
    await post('7.2.0', '2030-05-01T00:00:00.000Z', 'draft');

    const res = await admin.api('/api/v2/admin/config/dashboard');
    expect(res.status, res.text).toBe(200);
    const mine = (res.body.result.changelogs as Json[]).filter((c) => String(c.title).startsWith(tag));
    expect(mine.map((c) => c.version)).toEqual(['7.1.0', '7.0.0']);
    expect(mine[0]).toMatchObject({ date: '2030-03-01T00:00:00.000Z', description: 'New: maps' });
    expect(mine[0].body.root.children[0].children[1]).toMatchObject({ text: 'maps', format: 1 });
  });
});

describe('scheduled publishing', () => {
  /** A Payload of the test's own on the server's database, to queue the job exactly as the /cms panel does. */
  let queuer: Payload | null = null;

  afterAll(async () => {
    await queuer?.db.destroy?.();
  });

  it('when a draft is scheduled 2 s ahead, then it appears on the storefront by itself, not before its time', async () => {
    const draft = await createDraftRecipe(`Scheduled ${uid()}`);
    const me = await admin.api('/api/users/me');
    expect(me.status).toBe(200);

    Object.assign(process.env, { DATA_DIR: server.dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
    delete process.env.DATABASE_URI;
    const { getPayload } = await import('payload');
    const config = await (await import('../lib/load-config')).loadPayloadConfig();
    queuer = await getPayload({ config });

    // Warm the cache with the draft absent: only the job's own write may clear it.
    expect(await listedIds()).not.toContain(draft.id);
    const due = Date.now() + 2000;
    await queuer.jobs.queue({
      task: 'schedulePublish',
      input: {
        type: 'publish',
        doc: { relationTo: 'recipes', value: draft.id },
        user: { relationTo: 'users', value: me.body.user.id },
      },
      waitUntil: new Date(due),
    });

    let seenAt: number | null = null;
    while (Date.now() < due + 10_000) {
      const before = Date.now();
      if ((await listedIds()).includes(draft.id)) {
        seenAt = before;
        break;
      }
      await sleep(200);
    }
    expect(seenAt, 'the scheduled recipe never appeared').not.toBeNull();
    expect(seenAt!).toBeGreaterThanOrEqual(due);
    expect((await get(`/api/v2/recipes/${draft.id}`)).status).toBe(200);
  });
});
