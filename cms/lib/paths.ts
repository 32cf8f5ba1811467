import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root, whatever directory the process was started from. This file is two folders below it
 * both as source (cms/lib/) and compiled (cms/dist/, scripts/build-server.mjs); every other file finds its
 * way from here, so the compiled server reads the same files as the source.
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(repoRoot, 'data'));
export const uploadsDir = path.resolve(process.env.UPLOADS_DIR ?? path.join(dataDir, 'uploads'));
export const staticAssetsDir = path.join(uploadsDir, 'static');
export const outboxDir = path.join(dataDir, 'outbox');
export const webDistDir = path.join(repoRoot, 'web', 'dist');
/** The storefront's server renderer (web/vite.ssr.config.ts). */
export const webSsrDir = path.join(repoRoot, 'web', 'dist-ssr');
/**
 * The Next.js app of Payload's panel (/cms) and its build (.next). CMS_PANEL_DIR points elsewhere only to run
 * the shop as if the panel had not been built (benchmarks, tests).
 */
export const panelDir = path.resolve(process.env.CMS_PANEL_DIR ?? path.join(repoRoot, 'cms'));
