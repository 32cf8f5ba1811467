// `npm start`'s supervisor (issue 29 §3): the compiled server runs in a child process, and this parent starts
// it again whenever it dies unasked (a bug, the heap limit, SIGKILL), so a crash never leaves the shop down.
//
// - Restart: at once after a first crash (FIRST_PAUSE_MS), then twice as long after each crash in a row, up to
//   MAX_PAUSE_MS; a server that has stayed up STEADY_MS starts the count again. Each death is logged with its
//   exit code or signal.
// - Startup refusal: a server that exits before it was ever ready (a configuration error: it said why) is not
//   started again; this process exits with its code, so that whoever runs it (Docker, systemd, a person) sees
//   a shop that cannot run rather than a loop. After it has been ready once, the configuration cannot have
//   changed, so a failed restart is retried like a crash, until MAX_FAILED_STARTS in a row.
// - SIGTERM, SIGINT (Ctrl-C) and SIGHUP stop everything at once: the signal goes to the server (which closes
//   gracefully), nothing is restarted, and this process exits with the server's status.
// - If this process dies without a word (SIGKILL), the server notices its parent is gone and ends at once
//   (scripts/server-child.mjs): no orphan keeps the port, the database or the leases.
//
// The server child gets this process's Node flags (package.json's start script: --max-old-space-size and
// friends) and its environment (MALLOC_ARENA_MAX).
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CHILD_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server-child.mjs');

const FIRST_PAUSE_MS = 250;
const MAX_PAUSE_MS = 30_000;
/** Up this long since it was ready, a server's earlier crashes no longer count towards the pause. */
const STEADY_MS = 60_000;
/** Restarts in a row that never got ready: past this the supervisor gives up and exits (the manager above sees it). */
const MAX_FAILED_STARTS = 5;
/** The server closes within 10 s of a stop (server.ts); past this it is killed. */
const STOP_GRACE_MS = 15_000;

const log = (line) => console.error(`[supervisor] ${line}`);

/** A process's status as a shell reports it: its exit code, or 128 + the signal's number. */
const statusOf = (code, signal) => (signal ? 128 + (os.constants.signals[signal] ?? 0) : (code ?? 1));
const how = (code, signal) => (signal ? `was killed by ${signal}` : `exited with code ${code}`);

/** The pause before the `crashes`-th restart in a row. */
export const restartPause = (crashes) => Math.min(MAX_PAUSE_MS, FIRST_PAUSE_MS * 2 ** Math.max(0, crashes - 1));

/** Runs `serverModule` (a file path) in a child process and keeps it running; never returns. */
export function supervise(serverModule) {
  let child = null;
  let everReady = false;
  let crashesInARow = 0;
  let failedStartsInARow = 0;
  let stopping = false;
  let restartTimer = null;

  const start = () => {
    restartTimer = null;
    const started = fork(CHILD_ENTRY, [serverModule], {
      execArgv: process.execArgv,
      env: process.env,
      stdio: 'inherit',
    });
    child = started;
    log(`server started (pid ${started.pid})`);
    let ready = false;
    let steady = null;
    started.on('message', (message) => {
      if (message?.type !== 'ready' || ready) return;
      ready = true;
      everReady = true;
      failedStartsInARow = 0;
      steady = setTimeout(() => (crashesInARow = 0), STEADY_MS);
    });
    started.once('exit', (code, signal) => {
      clearTimeout(steady);
      child = null;
      if (stopping) {
        log(`server (pid ${started.pid}) ${how(code, signal)}: stopped`);
        process.exit(statusOf(code, signal));
      }
      if (!everReady) {
        log(`server (pid ${started.pid}) ${how(code, signal)} before it was ready: not restarted (see above why)`);
        process.exit(statusOf(code, signal) || 1);
      }
      if (!ready) failedStartsInARow += 1;
      if (failedStartsInARow >= MAX_FAILED_STARTS) {
        log(`server ${how(code, signal)}; ${failedStartsInARow} restarts in a row never got ready: giving up`);
        process.exit(statusOf(code, signal) || 1);
      }
      crashesInARow += 1;
      const pause = restartPause(crashesInARow);
      log(
        `server (pid ${started.pid}) ${how(code, signal)} unasked; restarting in ${pause} ms (crash ${crashesInARow} in a row)`,
      );
      restartTimer = setTimeout(start, pause);
    });
  };

  const stop = (signal) => {
    if (stopping) {
      // A second Ctrl-C: the person means it.
      if (child) child.kill('SIGKILL');
      return;
    }
    stopping = true;
    if (restartTimer) clearTimeout(restartTimer);
    if (!child) {
      log(`${signal} while the server was down: stopped`);
      process.exit(0);
    }
    // The server closes on SIGTERM and SIGINT; a hang-up is a stop too.
    child.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
    setTimeout(() => child?.kill('SIGKILL'), STOP_GRACE_MS).unref();
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => stop(signal));

  start();
}
