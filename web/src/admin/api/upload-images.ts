/**
 * Uploading images, for the gallery and the catalogue forms' asset picker alike (issue 25 §1.10): the same
 * checks, notices and progress wherever an image is added.
 */
import { type AdminAsset, MAX_UPLOAD_BYTES, MESSAGES } from '@shop/shared/admin';
import { handleResult, notify } from '../../lib/notify';
import { type FailedUpload, failureNotice, listNames, megabytes, sortBatch } from '../routes/assets/upload-batch';
import { refreshAssetLists, uploadAsset } from './assets';

const UPLOADING_KEY = 'uploading-images';

/** Where a batch stands: the button shows it, so a long batch of camera photos visibly moves. */
export interface UploadProgress {
  done: number;
  total: number;
}

/**
 * Sends a batch one image at a time (each becomes a WebP on the server, which is heavy work for a small
 * machine) and tells the outcome once for the whole batch: one success notice, one failure notice naming
 * the files that did not make it. A lost session or rate limiting stops the rest of the batch.
 */
export async function uploadImages(
  files: File[],
  onProgress: (progress: UploadProgress) => void = () => {},
): Promise<AdminAsset[]> {
  const { images, notImages, tooBig } = sortBatch(files);
  if (notImages.length > 0) {
    notify.error({ ...MESSAGES.imageOnly, description: `Not sent: ${listNames(notImages.map((f) => f.name))}` });
  }
  if (tooBig.length > 0) {
    notify.error({
      ...MESSAGES.imageUploadFailed,
      description: `Larger than ${megabytes(MAX_UPLOAD_BYTES)}: ${listNames(tooBig.map((f) => f.name))}`,
    });
  }
  if (images.length === 0) return [];

  // Stays while the batch is under way and goes when it ends: it never sits beside the outcome (issue 31 §17).
  notify.info(MESSAGES.uploading, { key: UPLOADING_KEY, duration: false });
  const uploaded: AdminAsset[] = [];
  const failures: FailedUpload[] = [];
  for (const [index, file] of images.entries()) {
    onProgress({ done: index, total: images.length });
    const envelope = await uploadAsset(file);
    if ((envelope.status === 200 || envelope.status === 201) && envelope.result) {
      uploaded.push(envelope.result);
      continue;
    }
    if ([401, 403, 429].includes(envelope.status)) {
      handleResult(envelope, { method: 'post' });
      break;
    }
    // The server checks the bytes (a "photo.jpg" that is really something else is refused) and says why.
    const reason: unknown = envelope.result;
    failures.push({ name: file.name, reason: typeof reason === 'string' ? reason : null });
  }
  onProgress({ done: images.length, total: images.length });
  notify.dismiss(UPLOADING_KEY);

  if (uploaded.length > 0) {
    notify.success({
      ...MESSAGES.imageUploaded,
      description: uploaded.length > 1 ? `${uploaded.length} images added to the gallery` : undefined,
    });
    await refreshAssetLists();
  }
  const failed = failureNotice(failures);
  if (failed) notify.error(failed);
  return uploaded;
}
