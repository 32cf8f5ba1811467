// The server as scripts/supervisor.mjs runs it: `node scripts/server-child.mjs <compiled server module>`, forked
// with an IPC channel to the supervisor.
import module from 'node:module';
import { pathToFileURL } from 'node:url';
// Before the server's module graph is resolved: Node's per-file package.json lookups and the compilation of
// the same few thousand files are most of a start's CPU, and a quick restart after a crash is what keeps the
// shop up (the cache lives in the system's temporary folder, checked against each file's content).
import './esm-scope-cache.mjs';

module.enableCompileCache?.();

// The supervisor gone without stopping this process (it was killed with SIGKILL, or crashed): nothing would
// restart the server or stop it any more, so it ends at once, as if killed together with its parent.
process.on('disconnect', () => process.kill(process.pid, 'SIGKILL'));

// server.ts's top-level await resolves once the server listens and the start is done; a refused start exits
// before that (server.ts: refuseToStart, lib/env.ts), so the supervisor never hears "ready" from it.
await import(pathToFileURL(process.argv[2]).href);
process.send?.({ type: 'ready' });
