/**
 * What happens to a batch of chosen files before anything is sent (SPEC §8: a non-image is refused with
 * "You can only upload Images files!" and not sent) and how the batch's replies are summed up.
 */
import { MAX_UPLOAD_BYTES, MESSAGES } from '@shop/shared/admin';

/**
 * The formats the server turns into WebP. SVG is left out on purpose: it can carry scripts and the server
 * refuses it. The server checks the bytes anyway; this only spares sending what it would refuse.
 */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;

/** The file dialog's filter (the list above by type; the check below also covers files the OS gives no type). */
export const UPLOAD_ACCEPT = UPLOAD_IMAGE_TYPES.join(',');

// The formats the server accepts (it checks the bytes); TIFF is not one: browsers cannot show it.
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'jfif', 'png', 'webp', 'gif', 'avif'];

export interface ChosenFile {
  name: string;
  /** MIME type as the browser reports it; '' when the OS does not know it. */
  type: string;
  size: number;
}

export function isUploadableImage(file: Pick<ChosenFile, 'name' | 'type'>): boolean {
  const type = file.type.toLowerCase();
  if (type) return (UPLOAD_IMAGE_TYPES as readonly string[]).includes(type);
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return extension !== undefined && IMAGE_EXTENSIONS.includes(extension);
}

export interface SortedBatch<F extends ChosenFile> {
  /** Sent one after the other, in the order chosen. */
  images: F[];
  notImages: F[];
  /** Images over the server's limit: sending 40 MB only to be refused wastes the shop's connection. */
  tooBig: F[];
}

export function sortBatch<F extends ChosenFile>(files: readonly F[], maxBytes = MAX_UPLOAD_BYTES): SortedBatch<F> {
  const batch: SortedBatch<F> = { images: [], notImages: [], tooBig: [] };
  for (const file of files) {
    if (!isUploadableImage(file)) batch.notImages.push(file);
    else if (file.size > maxBytes) batch.tooBig.push(file);
    else batch.images.push(file);
  }
  return batch;
}

/** "a.png", "a.png and b.png", "a.png, b.png, c.png and 2 more": names for a notice that stays short. */
export function listNames(names: readonly string[], shown = 3): string {
  if (names.length === 0) return '';
  if (names.length === 1) return names[0];
  if (names.length <= shown) return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}

export const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export interface FailedUpload {
  name: string;
  /** The server's reason when it gave one in words (400 and 413 replies carry a sentence). */
  reason: string | null;
}

const IMAGE_ONLY = MESSAGES.imageOnly.title;

/**
 * The one failure notice of a batch: "You can only upload Images files!" when the server found every
 * failed file not to be an image, else "Error uploading image!"; a single failure tells its reason.
 */
export function failureNotice(failures: readonly FailedUpload[]): { title: string; description: string } | null {
  if (failures.length === 0) return null;
  const allNotImages = failures.every((failure) => failure.reason === IMAGE_ONLY);
  const title = allNotImages ? IMAGE_ONLY : MESSAGES.imageUploadFailed.title;
  const [only] = failures;
  if (failures.length === 1 && only.reason && only.reason !== title) {
    return { title, description: `${only.name}: ${only.reason}` };
  }
  return { title, description: `Not uploaded: ${listNames(failures.map((failure) => failure.name))}` };
}
