/**
 * The API description passes a linter it did not write (issue 25 §3): Redocly's CLI, with its recommended
 * rules, on the document the real server serves at /api/v2/openapi.json reports no error and no warning. The
 * CLI runs offline from node_modules (no telemetry, no update notice), on a copy written to a temp dir with no
 * Redocly config in reach, so only the built-in recommended rules apply.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, repoRoot, startServer, type TestServer } from './harness';

const REDOCLY = path.join(repoRoot, 'node_modules', '.bin', 'redocly');

let server: TestServer;
let served: string;
let dir: string;

beforeAll(async () => {
  server = await startServer({ withAdmin: false });
  const res = await server.api('/api/v2/openapi.json');
  expect(res.status, res.text).toBe(200);
  served = res.text;
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'openapi-lint-'));
});

afterAll(async () => {
  await server?.stop();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

interface LintRun {
  code: number;
  output: string;
}

/** `redocly lint --extends=recommended` on `document`, run by this Node (the bin's shebang would take PATH's). */
async function lint(name: string, document: string): Promise<LintRun> {
  const file = path.join(dir, name);
  await fs.writeFile(file, document);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [REDOCLY, 'lint', file, '--extends=recommended', '--format=stylish', '--max-problems=500'],
      {
        cwd: dir,
        timeout: 60_000,
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          NO_COLOR: '1',
          FORCE_COLOR: '0',
        },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

describe('the API description under Redocly lint', () => {
  it('when the served document is linted with the recommended rules, then it reports no error and no warning', async () => {
    const run = await lint('openapi.json', served);
    expect(run.output).toContain('Your API description is valid');
    // Redocly's own notices (a boxed "Deprecation warning" about an old Node.js) are not findings about the document.
    expect(run.output.replace(/╔[\s\S]*?╝/g, '')).not.toMatch(/\b(error|warning)\b/i);
    expect(run.code, run.output).toBe(0);
  });

  it('when a public operation loses its empty security list, then the same lint fails naming the rule', async () => {
    const document = JSON.parse(served) as Json;
    const operation = document.paths['/config'].get;
    expect(operation.security).toEqual([]);
    delete operation.security;
    const run = await lint('planted.json', JSON.stringify(document));
    expect(run.output).toContain('security-defined');
    expect(run.code).not.toBe(0);
  });

  it('when the document is read, then admin operations need the session, public ones none, one either, and each has a 4xx', () => {
    const document = JSON.parse(served) as Json;
    const operations = Object.values(document.paths as Record<string, Record<string, Json>>).flatMap((item) =>
      Object.values(item),
    );
    for (const operation of operations) {
      expect(operation.security, operation.operationId).toBeDefined();
      // [{session: []}, {}]: the session or none, for POST auth/reset alone (a signed-in admin's own reset, or
      // "Forgot password?" signed out).
      expect([[], [{ session: [] }], [{ session: [] }, {}]]).toContainEqual(operation.security);
      expect(
        Object.keys(operation.responses).some((status) => /^4/.test(status)),
        operation.operationId,
      ).toBe(true);
    }
    expect(
      operations.filter((operation) => operation.security.length === 2).map((operation) => operation.operationId),
    ).toEqual(['postAuthReset']);
    expect(document.info.license.name).toBeTruthy();
    for (const tag of document.tags) expect(tag.description, tag.name).toBeTruthy();
  });

  it('when a request carries over 16 KiB of headers, then the server answers the 431 every operation describes', async () => {
    const res = await fetch(`${server.baseUrl}/api/v2/config`, { headers: { 'x-filler': 'a'.repeat(17 * 1024) } });
    expect(res.status).toBe(431);
    const document = JSON.parse(served) as Json;
    expect(document.paths['/config'].get.responses['431']).toEqual({ $ref: '#/components/responses/HeadersTooLarge' });
    expect(document.components.responses.HeadersTooLarge.description).toContain('16 KiB');
  });
});
