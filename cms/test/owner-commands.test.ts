/**
 * The owner's commands (README: `npm run create-admin`, `npm run seed`, `npm run images:previews`) run the
 * compiled server's code (cms/dist, through scripts/run-compiled.mjs), as `npm start` does: the production
 * image carries neither the TypeScript sources nor tsx (Dockerfile, compose-config.test.ts). Run by hand, the
 * command compiles cms/dist first when it is older than the sources, as `npm start` does outside production.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './harness';

type PackageFile = { scripts?: Record<string, string>; dependencies?: Record<string, string> };
const packageFile = (dir: string) =>
  JSON.parse(fs.readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8')) as PackageFile;

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'owner-commands-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

/**
 * Preloaded into the command: a TypeScript file or tsx being loaded ends it, so a command that still needed
 * them (as the image does not have them) fails here.
 */
const noTypeScript = path.join(workDir, 'no-typescript.mjs');
fs.writeFileSync(
  noTypeScript,
  `import { registerHooks } from 'node:module';
registerHooks({
  resolve(specifier, context, next) {
    if (specifier === 'tsx' || specifier.startsWith('tsx/')) throw new Error('tsx was loaded: ' + specifier);
    return next(specifier, context);
  },
  load(url, context, next) {
    if (/\\.[cm]?tsx?$/.test(new URL(url).pathname)) throw new Error('TypeScript was loaded: ' + url);
    return next(url, context);
  },
});
`,
);

function run(command: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const [program, ...args] = command.split(' ');
  expect(program).toBe('node');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: os.homedir(), NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('the owner commands', () => {
  it('when the package files are read, then seed, create-admin and images:previews run the compiled code, and tsx is no production package', () => {
    expect(packageFile('.').scripts).toMatchObject({
      seed: 'node scripts/run-compiled.mjs seed/run',
      'create-admin': 'node scripts/run-compiled.mjs scripts/create-admin',
      'images:previews': 'node scripts/run-compiled.mjs scripts/image-previews',
    });
    expect(packageFile('cms').scripts).toMatchObject({
      seed: 'node ../scripts/run-compiled.mjs seed/run',
      'create-admin': 'node ../scripts/run-compiled.mjs scripts/create-admin',
      'images:previews': 'node ../scripts/run-compiled.mjs scripts/image-previews',
    });
    const withTsx = ['.', 'cms', 'web', 'packages/shared'].filter((dir) => packageFile(dir).dependencies?.tsx);
    expect(withTsx).toEqual([]);
  });

  it('when npm run create-admin runs where no TypeScript can load, then the compiled command adds the admin to the database', async () => {
    const dataDir = path.join(workDir, 'data');
    const { code, output } = await run(packageFile('.').scripts!['create-admin'], {
      NODE_OPTIONS: `--import=${noTypeScript}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      ADMIN_EMAIL: 'owner@shop.example',
      ADMIN_FIRSTNAME: 'Olga',
      ADMIN_LASTNAME: 'Owner',
      ADMIN_PASSWORD: 'Tr0ub4dour&3-Horse!',
    });
    expect(output).toContain('Admin owner@shop.example created.');
    expect(code).toBe(0);
    expect(fs.existsSync(path.join(repoRoot, 'cms', 'dist', 'scripts', 'create-admin.js'))).toBe(true);

    const db = createClient({ url: `file:${path.join(dataDir, 'shop.db')}` });
    try {
      const users = await db.execute('SELECT email, firstname, lastname, role, active FROM users');
      expect(users.rows.map((row) => ({ ...row }))).toEqual([
        { email: 'owner@shop.example', firstname: 'Olga', lastname: 'Owner', role: 'admin', active: 1 },
      ]);
    } finally {
      db.close();
    }
  });
});
