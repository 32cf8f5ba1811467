/**
 * `npm run images:previews` (services/asset-previews.ts): images uploaded before the `preview` size existed get
 * it, as the same asset; images that have one are left alone; a second run does nothing. The command is run
 * as a shop owner would, as its own process on the running shop's data.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { createClient } from '@libsql/client';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, startServer, type TestServer } from './harness';
import { type Doc, uploadImage } from './factories';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

let server: TestServer;
let admin: AdminClient;

beforeAll(async () => {
  server = await startServer();
  admin = await server.loginAdmin();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const uploads = () => path.join(server.dataDir, 'uploads');

async function previewSize(id: string): Promise<[number, number]> {
  const res = await fetch(`${server.baseUrl}/assets/${id}?size=preview`);
  expect(res.status).toBe(200);
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  return [meta.width!, meta.height!];
}

/** As an upload made before the preview size: the migration's empty columns, and no preview file. */
async function forgetPreview(asset: Doc): Promise<void> {
  const db = createClient({ url: `file:${path.join(server.dataDir, 'shop.db')}` });
  try {
    const row = await db.execute({ sql: 'SELECT sizes_preview_filename FROM assets WHERE id = ?', args: [asset.id] });
    fs.rmSync(path.join(uploads(), String(row.rows[0].sizes_preview_filename)));
    await db.execute({
      sql: `UPDATE assets SET sizes_preview_filename = NULL, sizes_preview_url = NULL, sizes_preview_width = NULL,
        sizes_preview_height = NULL, sizes_preview_mime_type = NULL, sizes_preview_filesize = NULL WHERE id = ?`,
      args: [asset.id],
    });
  } finally {
    db.close();
  }
}

const backfill = () =>
  run(process.execPath, ['--import', 'tsx', 'cms/scripts/image-previews.ts'], {
    cwd: root,
    env: server.env as NodeJS.ProcessEnv,
    timeout: 120_000,
  });

describe('npm run images:previews', () => {
  it('when an old image has no preview, then the command makes it for the same asset, touches no other, and a second run does nothing', async () => {
    const older = await uploadImage(admin, { width: 900, height: 600 });
    const alt = await admin.api(`/api/assets/${older.id}`, { method: 'PATCH', json: { alt: 'Olive grove at dusk' } });
    expect(alt.status, alt.text).toBe(200);
    const recent = await uploadImage(admin, { width: 1000, height: 800 });
    await forgetPreview(older);
    expect(await previewSize(older.id)).toEqual([900, 600]);
    const filesBefore = fs.readdirSync(uploads()).length;

    const first = await backfill();
    expect(first.stdout).toContain(`asset ${older.id}: preview made`);
    expect(first.stdout).not.toContain(String(recent.id));
    expect(first.stdout).toContain('Previews made: 1; images that could not be done: 0.');

    // 900 × 600 uncropped at 720 wide: 600 × 720 / 900 = 480 high.
    expect(await previewSize(older.id)).toEqual([720, 480]);
    const after = (await admin.api(`/api/assets/${older.id}`)).body as Doc;
    expect(after.alt).toBe('Olive grove at dusk');
    const full = await fetch(`${server.baseUrl}/assets/${older.id}`);
    expect((await sharp(Buffer.from(await full.arrayBuffer())).metadata()).width).toBe(900);
    // The replaced files are gone: one file more than before, the new preview (the other sizes were replaced).
    expect(fs.readdirSync(uploads()).length).toBe(filesBefore + 1);
    const untouched = (await admin.api(`/api/assets/${recent.id}`)).body as Doc;
    expect(untouched.filename).toBe(recent.filename);
    expect(untouched.updatedAt).toBe(recent.updatedAt);

    const second = await backfill();
    expect(second.stdout).toContain('Previews made: 0; images that could not be done: 0.');
  }, 180_000);
});
