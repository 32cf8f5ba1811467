/**
 * Preloaded (`--import`) into the servers the integration harness starts, unless a test file asks for
 * Payload's real cost (harness StartOptions.realPasswordHashing): Payload 3 hashes every password with PBKDF2
 * at 600 000 iterations, about 0.8 s of CPU a time on the CI machine, and every start creates an admin and
 * every sign-in checks one. Those seconds prove nothing outside the sign-in tests (auth.test.ts keeps them:
 * its timing and burst cases need a check that costs hundreds of ms). Only that iteration count is lowered,
 * for the hash and for every check alike, so a hash made here is checked here as before; any other PBKDF2 use
 * is left as it is.
 */
import crypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';

const PAYLOAD_ITERATIONS = 600_000;
const TEST_ITERATIONS = 1_000;
const iterationsFor = (iterations) => (iterations === PAYLOAD_ITERATIONS ? TEST_ITERATIONS : iterations);

const { pbkdf2, pbkdf2Sync } = crypto;
crypto.pbkdf2 = (password, salt, iterations, keylen, digest, callback) =>
  pbkdf2(password, salt, iterationsFor(iterations), keylen, digest, callback);
crypto.pbkdf2Sync = (password, salt, iterations, keylen, digest) =>
  pbkdf2Sync(password, salt, iterationsFor(iterations), keylen, digest);
// `import { pbkdf2 } from 'node:crypto'` (services/auth) reads the named export, not the object's property.
syncBuiltinESMExports();
