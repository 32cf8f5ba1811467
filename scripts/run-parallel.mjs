#!/usr/bin/env node
// Runs independent checks side by side, as many at once as the machine has cores, and fails if any fails.
// `npm test` runs the type checks, the lint and the build this way before the tests: each is one process on
// one core, and one after the other they took a quarter of CI's 30 minutes on two cores.
//
// Usage: node scripts/run-parallel.mjs "<label>=<command>" ...   (commands run through the shell, in the
// order given, longest first is best). Each command's output is printed whole when it ends, so two never mix.
import { spawn } from 'node:child_process';
import os from 'node:os';

const tasks = process.argv.slice(2).map((arg) => {
  const at = arg.indexOf('=');
  if (at <= 0) {
    console.error(`run-parallel: "${arg}" is not <label>=<command>`);
    process.exit(2);
  }
  return { label: arg.slice(0, at), command: arg.slice(at + 1) };
});
const limit = Math.max(1, Number(process.env.PARALLEL_JOBS) || os.availableParallelism());

function run({ label, command }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      process.stdout.write(`\n> ${label}: ${command}\n${Buffer.concat(chunks).toString('utf8')}`);
      process.stdout.write(
        `> ${label}: ${ok ? 'passed' : `FAILED (${signal ?? `exit code ${code}`})`} in ${seconds} s\n`,
      );
      resolve(ok);
    });
  });
}

const queue = [...tasks];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(limit, tasks.length) }, async () => {
    for (let task = queue.shift(); task; task = queue.shift()) results.push({ task, ok: await run(task) });
  }),
);
const failed = results.filter((r) => !r.ok).map((r) => r.task.label);
if (failed.length > 0) {
  console.error(`\nrun-parallel: failed: ${failed.join(', ')}`);
  process.exit(1);
}
