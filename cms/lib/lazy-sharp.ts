import { createRequire } from 'node:module';
import type Sharp from 'sharp';

const requireFromHere = createRequire(import.meta.url);
let loaded: typeof Sharp | undefined;

/**
 * sharp for Payload's uploads, loaded on the first image instead of at start. Its native library (libvips)
 * holds about 18 MiB of resident memory from the moment it loads, and a shop serves pages for hours between
 * two uploads (issue 12's memory budget). Payload only ever calls it as a function.
 */
export const lazySharp = ((...args: Parameters<typeof Sharp>) => {
  loaded ??= requireFromHere('sharp') as typeof Sharp;
  return loaded(...args);
}) as typeof Sharp;
