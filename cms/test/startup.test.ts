/**
 * The server must start every time. Outside production it sometimes exits at start with code 13
 * ("unsettled top-level await") before printing anything: cms/src/payload.config.ts imports
 * @payloadcms/richtext-lexical, whose lexical 0.50 dev builds (`*.node.mjs` → `await import('./*.dev.mjs')`)
 * can deadlock Node 20's ESM loader depending on timing. It strikes under CPU load, e.g. when several
 * processes start at once (the test harness, `npm run dev` with a busy machine, CI).
 *
 * Deterministic reproduction outside the suite:
 *   cd cms && node --input-type=module -e "await import('@payloadcms/richtext-lexical')"; echo $?   # → 13
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './harness';

/** Loads cms/src/payload.config.ts (the server's whole module graph) in a fresh process; resolves its exit code. */
async function loadConfig(): Promise<{ code: number | null; stderr: string }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-start-'));
  try {
    return await new Promise((resolve) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', "await import('./src/payload.config.ts'); process.exit(0);"],
        {
          cwd: path.join(repoRoot, 'cms'),
          env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'error' },
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      let stderr = '';
      child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, stderr });
      });
    });
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

describe('server start', () => {
  it('when 8 processes load the server config at the same time, then every one of them loads', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => loadConfig()));
    const codes = results.map((r) => r.code);
    expect(
      codes.every((c) => c === 0),
      `exit codes ${JSON.stringify(codes)} (13 = unsettled top-level await); ${results.find((r) => r.code !== 0)?.stderr ?? ''}`,
    ).toBe(true);
  }, 150_000);
});
