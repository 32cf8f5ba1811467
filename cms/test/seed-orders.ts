import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { repoRoot, type TestServer, uid } from './harness';

/**
 * Writes `planted` orders as they are, then `count` generated ones (each 2 × 3.00 + 5.00 shipping = 11.00,
 * status PROCESSING, numbers SEED000000…), into the database of `server.dataDir` through seed-orders-child.ts: a
 * running server's, or a data directory a server is started on afterwards.
 */
export async function seedOrders(
  server: Pick<TestServer, 'dataDir'>,
  { count = 0, planted = [] }: { count?: number; planted?: Record<string, unknown>[] },
): Promise<void> {
  const plantedFile = path.join(server.dataDir, `planted-${uid()}.json`);
  await fs.writeFile(plantedFile, JSON.stringify(planted));
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    SEED_DEMO: 'false',
    DATA_DIR: server.dataDir,
    SEED_ORDERS: String(count),
    SEED_PLANTED: plantedFile,
  };
  for (const key of ['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'PORT', 'REDIS_URL', 'DATABASE_URI', 'PAYLOAD_SECRET']) {
    delete env[key];
  }
  let out = '';
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cms/test/seed-orders-child.ts'], {
      cwd: repoRoot,
      env: env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.once('exit', resolve);
  });
  await fs.rm(plantedFile, { force: true });
  if (code !== 0 || !out.includes(`SEEDED ${count + planted.length}`)) {
    throw new Error(`Seeding orders failed (exit ${code}):\n${out.slice(-3000)}`);
  }
}
