/**
 * The images gallery (SPEC §2 Images, §7 assets, §8): upload through POST /api/v2/assets (multipart field
 * `avatar`), the checks on what is uploaded, the list with its paging and sort, delete and its refusal while
 * an image is in use; and who may read the asset records at all (issue 9 part 6).
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, type ApiResponse, isEnvelope, startServer, type TestServer, uid } from './harness';
import { countDocs, createCategory, createProduct, makePng } from './factories';

let server: TestServer;
let admin: AdminClient;

beforeAll(async () => {
  server = await startServer();
  admin = await server.loginAdmin();
});

afterAll(async () => {
  await server?.stop();
});

const IMAGE_ONLY = 'You can only upload Images files!';
const UNREADABLE = 'This image could not be read: the file may be damaged.';

function imageForm(data: Buffer, opts: { field?: string; type?: string; name?: string } = {}): FormData {
  const form = new FormData();
  form.append(
    opts.field ?? 'avatar',
    new Blob([new Uint8Array(data)], { type: opts.type ?? 'image/png' }),
    opts.name ?? `photo-${uid()}.png`,
  );
  return form;
}

const upload = (form: FormData, client: Pick<AdminClient, 'api'> = admin): Promise<ApiResponse> =>
  client.api('/api/v2/assets', { method: 'POST', body: form });

async function uploadPng(width = 64, height = 48): Promise<string> {
  const res = await upload(imageForm(await makePng(width, height)));
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body.result.id as string;
}

/** The asset's record as Payload stores it (file names are not part of the v2 reply). */
const storedAsset = async (id: string) => (await admin.api(`/api/assets/${id}?depth=0`)).body;

const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';

async function fetchFile(id: string, size?: 'card' | 'thumbnail') {
  const res = await fetch(`${server.baseUrl}/assets/${id}${size ? `?size=${size}` : ''}`);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

// A PNG is a signature plus chunks, each with a CRC-32 (ISO 3309) of its type and data.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A few hundred bytes declaring a width × height RGB canvas: a decompression bomb's header. */
function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart body by hand, for the shapes FormData will not produce (truncated, chunked). */
function multipartBody(boundary: string, data: Buffer, field = 'avatar'): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

/** POST with Transfer-Encoding: chunked (no Content-Length), the body written in 1 MB pieces. */
function postChunked(body: Buffer, boundary: string): Promise<{ status: number; body: { result: unknown } }> {
  const url = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: '/api/v2/assets',
        // Its own connection: one the server stopped reading from is not one to reuse.
        agent: false,
        headers: {
          cookie: admin.cookie,
          origin: server.baseUrl,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'transfer-encoding': 'chunked',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }),
        );
      },
    );
    // The server may stop reading once it has refused; what it did not read does not matter here.
    req.on('error', (err) => (req.writableEnded ? undefined : reject(err)));
    const piece = 1024 * 1024;
    const write = (at: number) => {
      if (at >= body.length) return req.end();
      const ok = req.write(body.subarray(at, at + piece));
      if (ok) setImmediate(() => write(at + piece));
      else req.once('drain', () => write(at + piece));
    };
    write(0);
  });
}

describe('who may use the gallery', () => {
  it('when a client without a session calls each gallery route, then 401 and nothing is stored or deleted', async () => {
    const id = await uploadPng();
    const before = await countDocs(admin, 'assets');
    const routes: Array<[string, string, RequestInit]> = [
      ['GET', '/api/v2/assets', {}],
      ['POST', '/api/v2/assets', { method: 'POST', body: imageForm(await makePng(32, 32)) }],
      ['DELETE', `/api/v2/assets/${id}`, { method: 'DELETE' }],
    ];
    for (const [method, p, init] of routes) {
      const res = await server.api(p, init);
      expect(res.status, `${method} ${p}`).toBe(401);
      expect(isEnvelope(res), `${method} ${p}`).toBe(true);
    }
    expect(await countDocs(admin, 'assets')).toBe(before);
  });

  it('when an anonymous client asks Payload REST for the asset records, then none are listed, yet the file stays public by id', async () => {
    const id = await uploadPng();
    await admin.api(`/api/assets/${id}`, { method: 'PATCH', json: { alt: 'Secret truffle oil, launching soon' } });

    const list = await server.api('/api/assets?limit=100');
    expect([401, 403], list.text.slice(0, 200)).toContain(list.status);
    expect(list.text).not.toContain(id);
    expect(list.text).not.toContain('truffle');
    const one = await server.api(`/api/assets/${id}`);
    expect([401, 403, 404]).toContain(one.status);
    expect(one.text).not.toContain('truffle');
    const count = await server.api('/api/assets/count');
    expect([401, 403], count.text.slice(0, 200)).toContain(count.status);

    const file = await fetchFile(id);
    expect(file.status).toBe(200);
    expect(file.type).toBe('image/webp');
  });

  it("when a product with an image is unpublished, then no public route hands out the image's id or alt text", async () => {
    const id = await uploadPng();
    await admin.api(`/api/assets/${id}`, { method: 'PATCH', json: { alt: `Hidden ${uid()}` } });
    const category = await createCategory(admin);
    await createProduct(admin, { categories: [category.id], img: id, published: false });
    for (const p of [
      '/api/v2/products?limit=100',
      `/api/v2/categories/${category.id}`,
      '/api/products?depth=2&limit=100',
      '/api/categories?depth=2&limit=100',
    ]) {
      const res = await server.api(p);
      expect(res.status, p).toBeLessThan(500);
      expect(res.text, p).not.toContain(id);
    }
  });
});

describe('POST /api/v2/assets', () => {
  it('when the admin uploads a PNG, then 201 with its record and the stored file is WebP under a server-made name', async () => {
    const before = await countDocs(admin, 'assets');
    const res = await upload(imageForm(await makePng(640, 480), { name: 'holiday photo <b>.png' }));
    expect(res.status, res.text.slice(0, 300)).toBe(201);
    expect(isEnvelope(res)).toBe(true);
    const asset = res.body.result;
    expect(asset).toMatchObject({ width: 640, height: 480 });
    expect(typeof asset.id).toBe('string');
    expect(Number.isNaN(Date.parse(asset.created_at))).toBe(false);
    expect(asset.filesize).toBeGreaterThan(0);
    expect(await countDocs(admin, 'assets')).toBe(before + 1);

    const stored = await storedAsset(asset.id);
    expect(stored.filename).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/);
    expect(stored.mimeType).toBe('image/webp');
    for (const size of [undefined, 'card', 'thumbnail'] as const) {
      const file = await fetchFile(asset.id, size);
      expect(file.status, String(size)).toBe(200);
      expect(file.type, String(size)).toBe('image/webp');
      expect(isWebp(file.bytes), String(size)).toBe(true);
    }
    const thumbnail = await sharp((await fetchFile(asset.id, 'thumbnail')).bytes).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([160, 160]);
  });

  it('when a JPEG is sent with a text type and name, then the content decides: 201 and WebP', async () => {
    const jpeg = await sharp(await makePng(300, 200))
      .jpeg({ quality: 90 })
      .toBuffer();
    const res = await upload(imageForm(jpeg, { type: 'text/plain', name: 'notes.txt' }));
    expect(res.status, res.text.slice(0, 300)).toBe(201);
    expect(res.body.result).toMatchObject({ width: 300, height: 200 });
    const file = await fetchFile(res.body.result.id);
    expect(file.type).toBe('image/webp');
    expect(isWebp(file.bytes)).toBe(true);
    expect((await storedAsset(res.body.result.id)).filename).not.toContain('notes');
  });

  it('when GIF, WebP and AVIF images are uploaded, then each is accepted and stored as WebP', async () => {
    const png = await makePng(120, 90);
    for (const data of [
      await sharp(png).gif().toBuffer(),
      await sharp(png).webp().toBuffer(),
      await sharp(png).avif().toBuffer(),
    ]) {
      const res = await upload(imageForm(data, { type: 'application/octet-stream', name: 'x.bin' }));
      expect(res.status, res.text.slice(0, 300)).toBe(201);
      expect(res.body.result).toMatchObject({ width: 120, height: 90 });
    }
  });

  it('when a file is not an image whatever it claims, then 400 "You can only upload Images files!" and nothing is stored', async () => {
    const before = await countDocs(admin, 'assets');
    for (const [data, type, name] of [
      [Buffer.from('definitely not a png, just text'), 'image/png', 'fake.png'],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
        'image/svg+xml',
        'logo.svg',
      ],
      [
        Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'image/png',
        'logo.png',
      ],
      [Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), 'image/jpeg', 'scan.jpg'],
      [Buffer.alloc(0), 'image/png', 'empty.png'],
    ] as const) {
      const res = await upload(imageForm(data, { type, name }));
      expect(res.status, name).toBe(400);
      expect(res.body.result, name).toBe(IMAGE_ONLY);
    }
    expect(await countDocs(admin, 'assets')).toBe(before);
  });

  it('when an image header declares 30000 × 30000 pixels, then 400 naming the 50 megapixel limit (Payload REST: 400 too) and nothing is stored', async () => {
    const before = await countDocs(admin, 'assets');
    const bomb = pngDeclaring(30000, 30000);
    expect(bomb.length).toBeLessThan(100);
    const res = await upload(imageForm(bomb));
    expect(res.status).toBe(400);
    expect(res.body.result).toBe('This image is too large: at most 50 megapixels are accepted.');
    // Payload's own upload route refuses it too, without a 500.
    const rest = await admin.api('/api/assets', { method: 'POST', body: imageForm(bomb, { field: 'file' }) });
    expect(rest.status, rest.text.slice(0, 200)).toBe(400);
    expect(await countDocs(admin, 'assets')).toBe(before);
  });

  it('when a real image is cut off halfway, then 400 saying it could not be read and nothing is stored', async () => {
    const before = await countDocs(admin, 'assets');
    const jpeg = await sharp(await makePng(400, 300))
      .jpeg()
      .toBuffer();
    const res = await upload(imageForm(jpeg.subarray(0, Math.floor(jpeg.length / 2)), { type: 'image/jpeg' }));
    expect(res.status, res.text.slice(0, 300)).toBe(400);
    expect(res.body.result).toBe(UNREADABLE);
    expect(await countDocs(admin, 'assets')).toBe(before);
  });

  it('when the file is 1 byte over 15 MB, then 413 naming the limit and nothing is stored', async () => {
    const before = await countDocs(admin, 'assets');
    const big = Buffer.alloc(15 * 1024 * 1024 + 1, 7);
    (await makePng(8, 8)).copy(big);
    const res = await upload(imageForm(big));
    expect(res.status).toBe(413);
    expect(res.body.result).toBe('The image is larger than 15 MB.');
    expect(await countDocs(admin, 'assets')).toBe(before);
  });

  it('when an oversized body comes chunked without a length, then the count while streaming refuses it with 413', async () => {
    const before = await countDocs(admin, 'assets');
    const boundary = `b${uid()}`;
    const res = await postChunked(multipartBody(boundary, Buffer.alloc(16 * 1024 * 1024, 1)), boundary);
    expect(res.status).toBe(413);
    expect(res.body.result).toBe('The image is larger than 15 MB.');
    expect(await countDocs(admin, 'assets')).toBe(before);
  });

  it('when the multipart body is truncated or malformed, then 400 and nothing is stored', async () => {
    const before = await countDocs(admin, 'assets');
    const boundary = `b${uid()}`;
    const whole = multipartBody(boundary, await makePng(64, 64));
    const headers = {
      cookie: admin.cookie,
      origin: server.baseUrl,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    };
    for (const body of [
      whole.subarray(0, Math.floor(whole.length / 2)),
      whole.subarray(0, whole.length - 10),
      Buffer.from('this is not multipart at all'),
    ]) {
      const res = await server.raw({ method: 'POST', path: '/api/v2/assets', headers, body });
      expect(res.status, res.text.slice(0, 200)).toBe(400);
      expect(res.body.result).toBe('The upload is incomplete or is not valid multipart/form-data.');
    }
    expect(await countDocs(admin, 'assets')).toBe(before);
  });

  it('when the body is not multipart, has no file, two files or the wrong field, then 400 and nothing is stored', async () => {
    const before = await countDocs(admin, 'assets');
    const png = await makePng(32, 32);
    const json = await admin.api('/api/v2/assets', { method: 'POST', json: { avatar: 'x' } });
    expect(json.status).toBe(400);
    expect(json.body.result).toBe('Send the image as multipart/form-data in the field avatar.');

    const empty = new FormData();
    empty.append('avatar', 'just a string');
    const two = imageForm(png);
    two.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'second.png');
    const extra = imageForm(png);
    extra.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'other.png');
    for (const [label, form] of [
      ['no file', empty],
      ['two files', two],
      ['a second file in another field', extra],
      ['field "file"', imageForm(png, { field: 'file' })],
    ] as const) {
      const res = await upload(form);
      expect(res.status, label).toBe(400);
      expect(res.body.result, label).toBe('Send exactly one image, in the field avatar.');
    }
    expect(await countDocs(admin, 'assets')).toBe(before);
  });
});

describe('GET /api/v2/assets', () => {
  it('when three images are uploaded, then the count grows by 3, newest first by default and oldest first on ASC', async () => {
    const before = (await admin.api('/api/v2/assets?limit=1')).body.pagination.count as number;
    const first = await uploadPng(20, 20);
    const second = await uploadPng(21, 21);
    const third = await uploadPng(22, 22);

    const page1 = await admin.api('/api/v2/assets?limit=2');
    expect(page1.status).toBe(200);
    expect(page1.body.pagination).toEqual({ count: before + 3, page: 1, limit: 2 });
    expect(page1.body.result.map((a: { id: string }) => a.id)).toEqual([third, second]);
    const page2 = await admin.api('/api/v2/assets?limit=2&page=2');
    expect(page2.body.result[0].id).toBe(first);

    const explicit = await admin.api('/api/v2/assets?limit=2&sort[0]=created_at&sort[1]=DESC');
    expect(explicit.body.result.map((a: { id: string }) => a.id)).toEqual([third, second]);
    const ascending = await admin.api('/api/v2/assets?limit=100&sort[0]=created_at&sort[1]=ASC');
    expect(ascending.body.result.slice(-3).map((a: { id: string }) => a.id)).toEqual([first, second, third]);
    expect(ascending.body.result[ascending.body.result.length - 1]).toMatchObject({ width: 22, height: 22 });
  });

  it('when no limit is given, then pages hold 20', async () => {
    for (let i = 0; i < 21; i++) await uploadPng(8, 8);
    const res = await admin.api('/api/v2/assets');
    expect(res.status).toBe(200);
    expect(res.body.result).toHaveLength(20);
    expect(res.body.pagination.limit).toBe(20);
  });

  it('when the query is malformed, then 400 naming the parameter', async () => {
    for (const [q, field] of [
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['limit=101', 'limit'],
      ['limit=-1', 'limit'],
      ['sort[0]=filename&sort[1]=ASC', 'sort.0'],
      ['sort[0]=created_at&sort[1]=UP', 'sort.1'],
      ['sort=created_at', 'sort'],
      ['where[filename][like]=a', 'where[filename][like]'],
    ] as const) {
      const res = await admin.api(`/api/v2/assets?${q}`);
      expect(res.status, q).toBe(400);
      expect(JSON.stringify(res.body.result), q).toContain(field);
    }
  });
});

describe('DELETE /api/v2/assets/{id}', () => {
  it('when an unused image is deleted, then 200 with its id, the files leave the disk and the file route answers 404', async () => {
    const id = await uploadPng(600, 500);
    const stored = await storedAsset(id);
    const uploads = path.join(server.dataDir, 'uploads');
    const files = [stored.filename, stored.sizes.card.filename, stored.sizes.thumbnail.filename] as string[];
    for (const f of files) await expect(fs.stat(path.join(uploads, f))).resolves.toBeTruthy();

    const res = await admin.api(`/api/v2/assets/${id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ id });
    for (const f of files) await expect(fs.stat(path.join(uploads, f))).rejects.toThrow();
    expect((await fetchFile(id)).status).toBe(404);
    const again = await admin.api(`/api/v2/assets/${id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
  });

  it('when the image is used by products and a category, then 409 counting them, by v2 and Payload REST alike, until they let go', async () => {
    const id = await uploadPng();
    const category = await createCategory(admin, { img: id });
    const visible = await createProduct(admin, { categories: [category.id], img: id });
    await createProduct(admin, { categories: [category.id], img: id, published: false });

    const refused = await admin.api(`/api/v2/assets/${id}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(refused.body.result).toBe(
      'This image is used by 2 products and 1 category. Choose another image for them first.',
    );
    const rest = await admin.api(`/api/assets/${id}`, { method: 'DELETE' });
    expect(rest.status).toBe(409);
    expect((await fetchFile(id)).status).toBe(200);

    await admin.api(`/api/categories/${category.id}`, { method: 'PATCH', json: { img: null } });
    const oneLeft = await admin.api(`/api/v2/assets/${id}`, { method: 'DELETE' });
    expect(oneLeft.body.result).toBe('This image is used by 2 products. Choose another image for them first.');

    await admin.api(`/api/products?where[img][equals]=${id}`, { method: 'PATCH', json: { img: null } });
    const res = await admin.api(`/api/v2/assets/${id}`, { method: 'DELETE' });
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    expect((await admin.api(`/api/products/${visible.id}?depth=0`)).body.img ?? null).toBe(null);
  });

  it('when the id is malformed, then 400; when it names no image, then 404', async () => {
    const bad = await admin.api('/api/v2/assets/not%20an%20id', { method: 'DELETE' });
    expect(bad.status).toBe(400);
    const missing = await admin.api('/api/v2/assets/00000000-0000-4000-8000-000000000000', { method: 'DELETE' });
    expect(missing.status).toBe(404);
    expect(missing.body.result).toBe('Image not found');
  });
});
