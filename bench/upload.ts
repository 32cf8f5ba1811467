// Issue 9 figures: uploading a 12-megapixel camera JPEG through POST /api/v2/assets (multipart, field
// avatar) until it is stored as WebP in three sizes: median time, the sizes produced and the bytes saved.
// Baselines in the same run: a 0.3-megapixel JPEG through the same endpoint (what the request costs apart
// from the pixels), and sharp making the same three WebP files from the 12 MP JPEG in this process (what the
// conversion alone costs, without HTTP, multipart or Payload).
import sharp from 'sharp';
import { ASSET_UPLOAD_FIELD, MAX_UPLOAD_BYTES } from '@shop/shared/admin';
import { Assets } from '../cms/collections/Assets';
import { clientPasswordHash } from '../cms/lib/client-password';
import { startShop } from './server';

const RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 5);
const ADMIN = { email: 'bench-upload@bench.example', password: 'Bench-Upload-2026!' };

/**
 * A photo-like picture: light gradients, texture at several scales (fine grain to leaf-sized shapes, so the
 * 1600 px version keeps detail to encode) and sensor noise, which JPEG cannot drop. About the size a phone
 * camera writes at this resolution.
 */
async function cameraJpeg(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 12345;
  const noise = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed >>> 27; // 0..31
  };
  const clamp = (v: number) => Math.max(0, Math.min(255, v));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const texture =
        28 * Math.sin(x / 9 + Math.sin(y / 17) * 3) +
        22 * Math.sin(y / 23 + Math.cos(x / 41) * 2) +
        18 * Math.sin((x + y) / 71) +
        (((x * 7) ^ (y * 13)) & 0x1f);
      raw[i] = clamp((x * 140) / width + texture + noise());
      raw[i + 1] = clamp((y * 120) / height + 50 + texture * 0.8 + noise());
      raw[i + 2] = clamp(90 + 50 * Math.sin((x + y) / 150) + texture * 0.6 + noise());
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** The collection's own settings, so the in-process baseline makes exactly what the server makes. */
async function convertInProcess(jpeg: Buffer): Promise<number> {
  const upload = Assets.upload;
  if (typeof upload !== 'object') throw new Error('Assets is not an upload collection');
  const started = performance.now();
  const format = upload.formatOptions!;
  await sharp(jpeg).rotate().resize(upload.resizeOptions).toFormat(format.format, format.options).toBuffer();
  for (const size of upload.imageSizes ?? []) {
    await sharp(jpeg)
      .rotate()
      .resize({ width: size.width ?? undefined, height: size.height ?? undefined, fit: size.fit })
      .toFormat(size.formatOptions!.format, size.formatOptions!.options)
      .toBuffer();
  }
  return performance.now() - started;
}

export async function benchUpload(): Promise<void> {
  console.log('\n== Image upload to WebP (issue 9) ==');
  const big = await cameraJpeg(4000, 3000);
  const small = await cameraJpeg(640, 480);
  if (big.length > MAX_UPLOAD_BYTES) throw new Error(`the 12 MP JPEG is ${big.length} bytes, over the upload limit`);
  console.log(`12 MP JPEG 4000×3000 q90: ${kb(big.length)}; 0.3 MP JPEG 640×480 q90: ${kb(small.length)}`);

  const shop = await startShop({
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: 'false' },
  });
  try {
    // Payload takes the session cookie only from the shop's own origin (PUBLIC_URL, by default localhost).
    const origin = `http://localhost:${new URL(shop.baseUrl).port}`;
    const login = await fetch(`${shop.baseUrl}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: ADMIN.email, password: clientPasswordHash(ADMIN.password) }),
    });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('payload-token='))
      ?.split(';')[0];
    if (!cookie) throw new Error(`bench admin login failed: ${login.status} ${await login.text()}`);

    const upload = async (jpeg: Buffer): Promise<{ id: string; ms: number }> => {
      const form = new FormData();
      form.append(ASSET_UPLOAD_FIELD, new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
      const started = performance.now();
      const res = await fetch(`${shop.baseUrl}/api/v2/assets`, {
        method: 'POST',
        headers: { cookie, origin },
        body: form,
      });
      const body = (await res.json()) as { result: { id: string } };
      const elapsed = performance.now() - started;
      if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(body)}`);
      return { id: body.result.id, ms: elapsed };
    };
    const fileBytes = async (id: string, size = '') =>
      (await (await fetch(`${shop.baseUrl}/assets/${id}${size ? `?size=${size}` : ''}`)).arrayBuffer()).byteLength;

    // One of each first: the first sharp call of a process loads libvips' codecs.
    await upload(small);
    await upload(big);
    const smallTimes: number[] = [];
    const bigTimes: number[] = [];
    const localTimes: number[] = [];
    let lastBig = '';
    for (let i = 0; i < RUNS; i++) {
      smallTimes.push((await upload(small)).ms);
      const run = await upload(big);
      bigTimes.push(run.ms);
      lastBig = run.id;
      localTimes.push(await convertInProcess(big));
    }

    const full = await fileBytes(lastBig);
    const card = await fileBytes(lastBig, 'card');
    const thumbnail = await fileBytes(lastBig, 'thumbnail');
    const bigMs = median(bigTimes);
    const smallMs = median(smallTimes);
    const localMs = median(localTimes);
    console.log(`median of ${RUNS} uploads (request sent → 201 received):`);
    console.log(`  12 MP JPEG → WebP            ${ms(bigMs)}`);
    console.log(`  baseline 0.3 MP JPEG upload  ${ms(smallMs)}  → 12 MP takes ${(bigMs / smallMs).toFixed(1)}×`);
    console.log(
      `  baseline sharp in-process    ${ms(localMs)}  → the endpoint adds ${ms(bigMs - localMs)} ` +
        `(${(bigMs / localMs).toFixed(2)}× the bare conversion)`,
    );
    console.log(
      `sizes produced: full (≤1600 px) ${kb(full)}, card 480×480 ${kb(card)}, thumbnail 160×160 ${kb(thumbnail)}`,
    );
    const stored = full + card + thumbnail;
    console.log(
      `bytes saved: the full WebP is ${((1 - full / big.length) * 100).toFixed(1)}% smaller than the JPEG ` +
        `(${kb(big.length - full)} saved); all three files together ${kb(stored)} = ` +
        `${((stored / big.length) * 100).toFixed(1)}% of the JPEG`,
    );
  } finally {
    await shop.stop();
  }
}
