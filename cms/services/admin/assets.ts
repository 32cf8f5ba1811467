import { randomUUID } from 'node:crypto';
import { APIError, type Payload, type PayloadRequest } from 'payload';
import type { Metadata } from 'sharp';
import { MAX_UPLOAD_PIXELS, MESSAGES, type AdminAsset } from '@shop/shared/admin';
import { badRequest } from '../../lib/app-error';
import type { Pagination } from '../../lib/envelope';
import { num, str, type Doc } from '../mappers';
import { findByIdOr404, findPage, pageOf } from './admin-queries';
import type { AdminUser } from './sales';
import { lazySharp } from '../../lib/lazy-sharp';

const ASSETS = 'assets';
const DEFAULT_LIMIT = 20;

export interface AssetsFilter {
  page?: number;
  limit?: number;
  sort?: readonly ['created_at', 'ASC' | 'DESC'];
}

function toAdminAsset(doc: Doc): AdminAsset {
  return {
    id: String(doc.id),
    created_at: str(doc.createdAt),
    width: num(doc.width, null),
    height: num(doc.height, null),
    filesize: num(doc.filesize, null),
  };
}

export async function listAssets(
  payload: Payload,
  user: AdminUser,
  filter: AssetsFilter,
): Promise<{ items: AdminAsset[]; pagination: Pagination }> {
  const ascending = filter.sort?.[1] === 'ASC';
  const { docs, pagination } = await findPage(payload, user, {
    collection: ASSETS,
    // Several images of one multi-upload can share a millisecond; the id keeps their order stable across pages.
    sort: ascending ? ['createdAt', 'id'] : ['-createdAt', '-id'],
    ...pageOf(filter, DEFAULT_LIMIT),
  });
  return { items: docs.map(toAdminAsset), pagination };
}

// ---------------------------------------------------------------------------------------------------------
// Upload

interface ImageFormat {
  mimetype: string;
  extension: string;
  /** What sharp's metadata() calls the same format: the bytes must agree with their own signature. */
  sharpFormat: string;
}

const PNG: ImageFormat = { mimetype: 'image/png', extension: 'png', sharpFormat: 'png' };
const JPEG: ImageFormat = { mimetype: 'image/jpeg', extension: 'jpg', sharpFormat: 'jpeg' };
const GIF: ImageFormat = { mimetype: 'image/gif', extension: 'gif', sharpFormat: 'gif' };
const WEBP: ImageFormat = { mimetype: 'image/webp', extension: 'webp', sharpFormat: 'webp' };
const AVIF: ImageFormat = { mimetype: 'image/avif', extension: 'avif', sharpFormat: 'heif' };

const startsWith = (data: Buffer, bytes: number[], at = 0) =>
  data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);
const ascii = (data: Buffer, from: number, to: number) => data.subarray(from, to).toString('latin1');

/** AVIF is an ISO-BMFF file whose ftyp box names the avif/avis brand, as major or compatible brand. */
function isAvif(data: Buffer): boolean {
  if (data.length < 16 || ascii(data, 4, 8) !== 'ftyp') return false;
  const boxEnd = Math.min(data.readUInt32BE(0), data.length, 256);
  const brands = [ascii(data, 8, 12)];
  for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(ascii(data, at, at + 4));
  return brands.includes('avif') || brands.includes('avis');
}

/**
 * The format by the file's own first bytes; the name and type the browser declared are not looked at. SVG
 * (text that can carry scripts) and everything else is null.
 */
export function imageFormatOf(data: Buffer): ImageFormat | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (startsWith(data, [0xff, 0xd8, 0xff])) return JPEG;
  if (ascii(data, 0, 6) === 'GIF87a' || ascii(data, 0, 6) === 'GIF89a') return GIF;
  if (ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WEBP') return WEBP;
  if (isAvif(data)) return AVIF;
  return null;
}

export const notAnImage = () => badRequest(MESSAGES.imageOnly.title);
export const UNREADABLE_IMAGE = 'This image could not be read: the file may be damaged.';
export const tooManyPixels = () =>
  badRequest(`This image is too large: at most ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels are accepted.`);

/**
 * Reads only the header: a decompression bomb declares its canvas there, so it is refused before anything
 * is decoded. Animated images are decoded frame by frame into one canvas, so frames count too.
 */
async function checkImage(data: Buffer, format: ImageFormat): Promise<void> {
  let meta: Metadata;
  try {
    // sharp's own pixel limit would throw here too, as if the file were damaged; the header alone is
    // safe to read, and the limit below is the one the reply names.
    meta = await lazySharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(UNREADABLE_IMAGE);
  }
  if (meta.format !== format.sharpFormat) throw notAnImage();
  if (format === AVIF && meta.compression !== 'av1') throw notAnImage();
  const { width, height } = meta;
  if (!width || !height) throw badRequest(UNREADABLE_IMAGE);
  if (width * height * (meta.pages ?? 1) > MAX_UPLOAD_PIXELS) throw tooManyPixels();
}

const isPayloadClientError = (err: unknown) => {
  const status = (err as { status?: unknown })?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
};

/**
 * POST assets: one image, checked by its content, stored by the Assets collection (WebP in three sizes)
 * under a server-made name; nothing the client called the file reaches the disk.
 */
export async function uploadAsset(payload: Payload, user: AdminUser, data: Buffer): Promise<AdminAsset> {
  const format = imageFormatOf(data);
  if (!format) throw notAnImage();
  await checkImage(data, format);
  try {
    const doc = await payload.create({
      collection: ASSETS,
      data: {},
      file: { data, mimetype: format.mimetype, name: `${randomUUID()}.${format.extension}`, size: data.length },
      depth: 0,
      user,
      overrideAccess: false,
    });
    return toAdminAsset(doc as unknown as Doc);
  } catch (err) {
    // A header that reads well over a body that does not (e.g. a truncated file) fails in the conversion.
    if (isPayloadClientError(err)) throw badRequest(UNREADABLE_IMAGE);
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Delete

const countOf = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "This image is used by 2 products and 1 category. Choose another image for them first." */
export function imageInUseMessage(uses: { products: number; categories: number; recipes: number }): string {
  const parts = [
    uses.products ? countOf(uses.products, 'product', 'products') : '',
    uses.categories ? countOf(uses.categories, 'category', 'categories') : '',
    uses.recipes ? countOf(uses.recipes, 'recipe', 'recipes') : '',
  ].filter(Boolean);
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0];
  return `This image is used by ${list}. Choose another image for them first.`;
}

/**
 * Refuses (409) to delete an image a product, category or recipe still shows: the relation would be emptied
 * silently. Counted with overrideAccess, since an unpublished product shows it again once published. Called
 * by the collection's beforeDelete hook, so Payload's REST delete keeps the rule too (hence APIError, whose
 * status and message Payload's error handler also reads).
 */
export async function assertImageUnused(req: PayloadRequest, id: string): Promise<void> {
  const count = async (collection: 'products' | 'categories' | 'recipes') =>
    (await req.payload.count({ collection, where: { img: { equals: id } }, overrideAccess: true, req })).totalDocs;
  const uses = {
    products: await count('products'),
    categories: await count('categories'),
    recipes: await count('recipes'),
  };
  if (uses.products + uses.categories + uses.recipes > 0) throw new APIError(imageInUseMessage(uses), 409);
}

/** DELETE assets/{id}. Payload removes the file and its sizes from disk. */
export async function deleteAsset(payload: Payload, user: AdminUser, id: string): Promise<{ id: string }> {
  await findByIdOr404(payload, ASSETS, user, id, 'Image not found');
  await payload.delete({ collection: ASSETS, id, depth: 0, user, overrideAccess: false });
  return { id };
}
