import { createHash } from 'node:crypto';

/**
 * What the browser sends as the password (SPEC §5): sha256 hex of the plain text. The server stores that
 * string as the password (Payload hashes it). Free of side effects, so tests and benches can import it.
 */
export const clientPasswordHash = (plain: string) => createHash('sha256').update(plain, 'utf8').digest('hex');
