/**
 * Uploads on S3-compatible storage (issue 13 part 1): with S3_* set, the assets collection writes the WebP
 * original and its three sizes to the bucket instead of the disk, /assets/{id} serves them from there with the
 * same cache headers, and deleting the asset deletes the objects. A real S3 server (s3rver) stands in for
 * the bucket; the objects are looked at with the AWS SDK, as any other S3 client would.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { createClient } from '@libsql/client';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from './factories';
import { type AdminClient, EarlyExit, freePort, startServer, type TestServer, uid } from './harness';

const BUCKET = 'shop-uploads';
// s3rver's fixed credentials.
const KEY_ID = 'S3RVER';
const SECRET = 'S3RVER';

let s3rver: S3rver;
let s3Dir: string;
let s3: S3Client;
let s3Env: Record<string, string>;
let server: TestServer;
let admin: AdminClient;

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-s3-'));
  const port = await freePort();
  s3rver = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  await s3rver.run();
  const endpoint = `http://127.0.0.1:${port}`;
  s3Env = {
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: KEY_ID,
    S3_SECRET_ACCESS_KEY: SECRET,
    S3_FORCE_PATH_STYLE: 'true',
  };
  s3 = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: KEY_ID, secretAccessKey: SECRET },
  });
  server = await startServer({ env: s3Env });
  admin = await server.loginAdmin();
});

afterAll(async () => {
  await server?.stop();
  s3?.destroy();
  await s3rver?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

async function bucketKeys(): Promise<string[]> {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (listed.Contents ?? []).map((o) => o.Key ?? '').sort();
}

async function objectBytes(key: string): Promise<Buffer> {
  const object = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

interface StoredAsset {
  id: string;
  filename: string;
  sizes: { thumbnail: { filename: string }; card: { filename: string }; preview: { filename: string } };
}

/** An image uploaded as the control centre does (POST /api/v2/assets, field `avatar`), with its stored record. */
async function uploadAsset(width: number, height: number): Promise<StoredAsset> {
  const form = new FormData();
  form.append(
    'avatar',
    new Blob([new Uint8Array(await makePng(width, height))], { type: 'image/png' }),
    `p-${uid()}.png`,
  );
  const res = await admin.api('/api/v2/assets', { method: 'POST', body: form });
  expect(res.status, res.text).toBe(201);
  const stored = await admin.api(`/api/assets/${res.body.result.id}?depth=0`);
  expect(stored.status).toBe(200);
  return stored.body as StoredAsset;
}

const keysOf = (asset: StoredAsset) =>
  [asset.filename, asset.sizes.thumbnail.filename, asset.sizes.card.filename, asset.sizes.preview.filename].sort();

describe('uploads on S3-compatible storage', () => {
  it('when an image is uploaded, then its original and its three sizes are objects in the bucket and none is on the disk', async () => {
    const before = await bucketKeys();
    const asset = await uploadAsset(1000, 800);
    const added = (await bucketKeys()).filter((key) => !before.includes(key));
    expect(added).toEqual(keysOf(asset));
    expect(added).toHaveLength(4);
    const original = await sharp(await objectBytes(asset.filename)).metadata();
    expect([original.format, original.width, original.height]).toEqual(['webp', 1000, 800]);
    const onDisk = fs.existsSync(path.join(server.dataDir, 'uploads'))
      ? fs.readdirSync(path.join(server.dataDir, 'uploads'), { recursive: true })
      : [];
    expect(onDisk.filter((name) => keysOf(asset).includes(path.basename(String(name))))).toEqual([]);
  });

  it('when /assets/{id} is asked for, then it streams the bucket object with the year-long cache headers', async () => {
    const asset = await uploadAsset(1000, 800);
    const res = await fetch(`${server.baseUrl}/assets/${asset.id}`);
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="${asset.id}.webp"`);
    expect(res.headers.get('etag')).toBeTruthy();
    expect(body.equals(await objectBytes(asset.filename))).toBe(true);
  });

  it('when a size is asked for, then that size is served: the card 480 × 480 and the thumbnail 160 × 160', async () => {
    const asset = await uploadAsset(900, 600);
    const card = Buffer.from(await (await fetch(`${server.baseUrl}/assets/${asset.id}?size=card`)).arrayBuffer());
    const thumbnail = Buffer.from(
      await (await fetch(`${server.baseUrl}/assets/${asset.id}.webp?size=thumbnail`)).arrayBuffer(),
    );
    expect(card.equals(await objectBytes(asset.sizes.card.filename))).toBe(true);
    const [cardMeta, thumbMeta] = await Promise.all([sharp(card).metadata(), sharp(thumbnail).metadata()]);
    expect([cardMeta.width, cardMeta.height, thumbMeta.width, thumbMeta.height]).toEqual([480, 480, 160, 160]);
  });

  it('when the browser revalidates with the ETag it was given, then the answer is 304 without a body', async () => {
    const asset = await uploadAsset(300, 200);
    const first = await fetch(`${server.baseUrl}/assets/${asset.id}`);
    await first.arrayBuffer();
    const etag = first.headers.get('etag')!;
    const again = await fetch(`${server.baseUrl}/assets/${asset.id}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('when the object is missing from the bucket, then /assets/{id} answers 404 in the envelope', async () => {
    // Larger than the card (480 × 480): Payload makes no size larger than the original.
    const asset = await uploadAsset(640, 480);
    await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: asset.sizes.card.filename }));
    const res = await fetch(`${server.baseUrl}/assets/${asset.id}?size=card`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ result: 'Image not found', status: 404 });
    expect((await fetch(`${server.baseUrl}/assets/${asset.id}`)).status).toBe(200);
  });

  it("when the panel asks for the file through Payload's route, then staff get the bucket's bytes and strangers 403", async () => {
    const asset = await uploadAsset(300, 200);
    const asStaff = await fetch(`${server.baseUrl}/api/assets/file/${asset.filename}`, {
      headers: { cookie: admin.cookie, origin: server.baseUrl },
    });
    expect(asStaff.status).toBe(200);
    expect(Buffer.from(await asStaff.arrayBuffer()).equals(await objectBytes(asset.filename))).toBe(true);
    const anonymous = await fetch(`${server.baseUrl}/api/assets/file/${asset.filename}`);
    expect(anonymous.status).toBe(403);
  });

  it('when the asset is deleted, then its four objects are gone from the bucket and /assets/{id} is 404', async () => {
    const asset = await uploadAsset(640, 480);
    expect((await bucketKeys()).filter((key) => keysOf(asset).includes(key))).toHaveLength(4);
    const res = await admin.api(`/api/v2/assets/${asset.id}`, { method: 'DELETE' });
    expect(res.status, res.text).toBe(200);
    expect((await bucketKeys()).filter((key) => keysOf(asset).includes(key))).toEqual([]);
    expect((await fetch(`${server.baseUrl}/assets/${asset.id}`)).status).toBe(404);
  });

  it('when an image older than the preview size is given one by `npm run images:previews`, then the bucket holds its four new objects and none of the old', async () => {
    const asset = await uploadAsset(900, 600);
    // As an upload made before the preview size: the migration's empty columns, and no such object.
    await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: asset.sizes.preview.filename }));
    const db = createClient({ url: `file:${path.join(server.dataDir, 'shop.db')}` });
    try {
      await db.execute({ sql: 'UPDATE assets SET sizes_preview_filename = NULL WHERE id = ?', args: [asset.id] });
    } finally {
      db.close();
    }
    const old = [asset.filename, asset.sizes.thumbnail.filename, asset.sizes.card.filename];
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'cms/scripts/image-previews.ts'],
      { cwd: path.resolve(import.meta.dirname, '../..'), env: server.env as NodeJS.ProcessEnv, timeout: 120_000 },
    );
    expect(stdout).toContain(`asset ${asset.id}: preview made`);
    const renewed = (await admin.api(`/api/assets/${asset.id}?depth=0`)).body as StoredAsset;
    const keys = await bucketKeys();
    expect(keysOf(renewed).filter((key) => keys.includes(key))).toHaveLength(4);
    expect(old.filter((key) => !keysOf(renewed).includes(key) && keys.includes(key))).toEqual([]);
    const preview = await fetch(`${server.baseUrl}/assets/${asset.id}?size=preview`);
    expect(preview.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
    // 900 × 600 uncropped at 720 wide: 480 high.
    expect([meta.width, meta.height]).toEqual([720, 480]);
  }, 180_000);

  it('when only some of the S3 variables are set, then the server refuses to start and names the missing ones', async () => {
    const started = startServer({ env: { S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: KEY_ID }, withAdmin: false });
    const err = await started.then(
      async (s) => {
        await s.stop();
        return null;
      },
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(EarlyExit);
    expect((err as EarlyExit).code).toBe(1);
    expect((err as EarlyExit).message).toContain(
      'Uploads on S3 need S3_REGION, S3_SECRET_ACCESS_KEY as well (set: S3_BUCKET, S3_ACCESS_KEY_ID)',
    );
  });
});
