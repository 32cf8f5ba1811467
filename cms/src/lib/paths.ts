import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, whatever directory the process was started from. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(repoRoot, 'data'));
export const uploadsDir = path.resolve(process.env.UPLOADS_DIR ?? path.join(dataDir, 'uploads'));
export const staticAssetsDir = path.join(uploadsDir, 'static');
export const outboxDir = path.join(dataDir, 'outbox');
export const webDistDir = path.join(repoRoot, 'web', 'dist');
