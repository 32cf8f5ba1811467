import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { EMULATOR_CLIENT_ID } from './client';

/**
 * The local PayPal emulator's OAuth2 client credentials. The client id is public (it is in the storefront's
 * SDK URL, as a real PayPal client id is); the secret is random, made on the emulator's first start and kept in
 * the data folder next to the emulator's orders with mode 0600, so only the shop's own server (and whoever can
 * read its data folder) knows it. A restarted shop reads the same secret back: the orders the emulator kept
 * stay readable and capturable by it.
 */
export interface EmulatorCredentials {
  clientId: string;
  clientSecret: string;
}

/** `$DATA_DIR/paypal-emulator/credentials.json`. */
export function emulatorCredentialsFile(dataDir: string): string {
  return path.join(dataDir, 'paypal-emulator', 'credentials.json');
}

function read(file: string): EmulatorCredentials | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`The PayPal emulator's credentials in ${file} cannot be read: ${String(err)}`, { cause: err });
  }
  const secret = (parsed as { client_secret?: unknown } | null)?.client_secret;
  if (typeof secret !== 'string' || secret.length < 32) {
    throw new Error(`The PayPal emulator's credentials in ${file} hold no usable client_secret; delete the file`);
  }
  return { clientId: EMULATOR_CLIENT_ID, clientSecret: secret };
}

/** The credentials kept in `dataDir`, or null when none were made there yet (tests read them this way). */
export function readEmulatorCredentials(dataDir: string): EmulatorCredentials | null {
  return read(emulatorCredentialsFile(dataDir));
}

/**
 * The credentials kept in `dataDir`, made (with a new random secret) when there are none yet. Safe when
 * several processes start on the same data folder at once: the file appears whole (written aside, then
 * hard-linked into place, which fails if another process got there first) and everybody reads the winner's.
 */
export function emulatorCredentials(dataDir: string): EmulatorCredentials {
  const file = emulatorCredentialsFile(dataDir);
  const existing = read(file);
  if (existing) return existing;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(aside, `${JSON.stringify({ client_id: EMULATOR_CLIENT_ID, client_secret: secret })}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
  try {
    fs.linkSync(aside, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.rmSync(aside, { force: true });
  }
  return read(file) as EmulatorCredentials;
}
