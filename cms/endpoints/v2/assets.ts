import type { Endpoint, PayloadRequest } from 'payload';
import { ASSET_UPLOAD_FIELD, assetsQuerySchema, idSchema, MAX_UPLOAD_BYTES } from '@shop/shared/admin';
import { AppError, badRequest } from '../../lib/app-error';
import { param, query, requireAdmin, v2 } from '../../lib/endpoint';
import { deleteAsset, listAssets, uploadAsset } from '../../services/admin/assets';

/** Room for the multipart framing around the one file: boundaries, part headers, a stray small field. */
const MULTIPART_ALLOWANCE = 64 * 1024;
const REQUEST_LIMIT = MAX_UPLOAD_BYTES + MULTIPART_ALLOWANCE;

export const UPLOAD_TOO_LARGE = `The image is larger than ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB.`;
export const UPLOAD_NOT_MULTIPART = `Send the image as multipart/form-data in the field ${ASSET_UPLOAD_FIELD}.`;
export const UPLOAD_BROKEN = 'The upload is incomplete or is not valid multipart/form-data.';
export const UPLOAD_ONE_FILE = `Send exactly one image, in the field ${ASSET_UPLOAD_FIELD}.`;

const tooLarge = () => new AppError(413, UPLOAD_TOO_LARGE);

/**
 * The one file of a multipart body. The express bridge lets this body stream through unbuffered; the bytes
 * are counted as they arrive, so an oversized upload stops at the limit rather than after it has all been
 * read, and a declared length above the limit is refused before reading anything.
 */
async function readUploadedFile(req: PayloadRequest): Promise<Buffer> {
  const contentType = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;.*boundary=/i.test(contentType) || !req.body) {
    throw badRequest(UPLOAD_NOT_MULTIPART);
  }
  if (Number(req.headers.get('content-length') ?? 0) > REQUEST_LIMIT) throw tooLarge();

  let received = 0;
  let overLimit = false;
  const counted = req.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > REQUEST_LIMIT) {
          overLimit = true;
          controller.error(tooLarge());
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  let form: FormData;
  try {
    form = await new Response(counted, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw overLimit ? tooLarge() : badRequest(UPLOAD_BROKEN);
  }
  let files = 0;
  form.forEach((value) => {
    if (typeof value !== 'string') files += 1;
  });
  const file = form.get(ASSET_UPLOAD_FIELD);
  if (files !== 1 || typeof file === 'string' || !file) throw badRequest(UPLOAD_ONE_FILE);
  if (file.size > MAX_UPLOAD_BYTES) throw tooLarge();
  return Buffer.from(await file.arrayBuffer());
}

/** SPEC §7 Admin: the images gallery. The files themselves are public by id at /assets/{id}. */
export const assetEndpoints: Endpoint[] = [
  v2('get', '/assets', async (req) => {
    const user = requireAdmin(req);
    const { items, pagination } = await listAssets(req.payload, user, query(req, assetsQuerySchema));
    return { result: items, pagination };
  }),

  v2('post', '/assets', async (req) => {
    // Before the body is read: a stranger's upload is not even parsed.
    const user = requireAdmin(req);
    const data = await readUploadedFile(req);
    return { result: await uploadAsset(req.payload, user, data), status: 201 };
  }),

  v2('delete', '/assets/:id', async (req) => {
    const user = requireAdmin(req);
    return { result: await deleteAsset(req.payload, user, idSchema.parse(param(req, 'id'))) };
  }),
];
