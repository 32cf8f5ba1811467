/**
 * The server must start every time. A regression guard: @payloadcms/richtext-lexical's dev builds (lexical
 * 0.50, `*.node.mjs` → top-level `await import('./*.dev.mjs')`) deadlock Node 20's ESM loader, so a config
 * that imports it exits with code 13 ("unsettled top-level await") before printing anything, more often
 * under CPU load. The config no longer loads it; this test fails if it (or anything like it) comes back.
 *
 * Reproduction outside the suite:
 *   cd cms && node --input-type=module -e "await import('@payloadcms/richtext-lexical')"; echo $?   # → 13
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './harness';

/** Loads cms/payload.config.ts (the server's whole module graph) in a fresh process; resolves its exit code. */
async function loadConfig(): Promise<{ code: number | null; stderr: string }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-start-'));
  try {
    return await new Promise((resolve) => {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          "await (await import('./lib/load-config.ts')).loadPayloadConfig(); process.exit(0);",
        ],
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
  // Four at once keep two cores busy (the load under which the deadlock showed most); eight cost CI 50 s for no more.
  it('when 4 processes load the server config at the same time, then every one of them loads', async () => {
    const results = await Promise.all(Array.from({ length: 4 }, () => loadConfig()));
    const codes = results.map((r) => r.code);
    expect(
      codes.every((c) => c === 0),
      `exit codes ${JSON.stringify(codes)} (13 = unsettled top-level await); ${results.find((r) => r.code !== 0)?.stderr ?? ''}`,
    ).toBe(true);
  }, 150_000);
});
