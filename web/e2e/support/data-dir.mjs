import os from 'node:os';
import path from 'node:path';

/** The e2e server's data directory (SQLite file, uploads, outbox): one per port, emptied on each start. */
export const e2eDataDir = (port) => path.join(os.tmpdir(), `shop-e2e-${port}`);
