import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from './paths';
import { shareWithOtherProcesses } from './database';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDb(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-sqlite-share-'));
  dirs.push(dir);
  return path.join(dir, 'shop.db');
}

/**
 * Another process holds the write lock for `holdMs`, as a second app instance writing would. Resolves once
 * it holds it; `released` resolves when that process has committed and exited.
 */
async function otherProcessWrites(file: string, holdMs: number): Promise<{ released: Promise<void> }> {
  const script = `
    import Database from 'libsql';
    const db = new Database(${JSON.stringify(file)});
    db.exec('BEGIN IMMEDIATE');
    db.exec("INSERT INTO t (v) VALUES ('other')");
    console.log('locked');
    setTimeout(() => { db.exec('COMMIT'); db.close(); }, ${holdMs});`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: repoRoot });
  const released = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`the other process ended (${code}) before it locked`)));
  });
  return { released };
}

describe('shareWithOtherProcesses', () => {
  it('when another process holds the write lock, then a write waits for it instead of failing, also on the connections opened after a transaction', async () => {
    const file = tempDb();
    const client = createClient({ url: `file:${file}` });
    await client.execute('CREATE TABLE t (v TEXT)');
    await shareWithOtherProcesses(client);
    expect((await client.execute('PRAGMA journal_mode')).rows[0].journal_mode).toBe('wal');

    let other = await otherProcessWrites(file, 300);
    await client.execute("INSERT INTO t (v) VALUES ('first')");
    await other.released;

    // A transaction takes the client's connection with it; the next statement opens a new one.
    const tx = await client.transaction('write');
    await tx.execute("INSERT INTO t (v) VALUES ('in a transaction')");
    await tx.commit();
    other = await otherProcessWrites(file, 300);
    await client.execute("INSERT INTO t (v) VALUES ('second')");
    await other.released;

    const rows = await client.execute('SELECT v FROM t ORDER BY rowid');
    expect(rows.rows.map((r) => r.v)).toEqual(['other', 'first', 'in a transaction', 'other', 'second']);
    client.close();
  });

  it('when the client is not prepared for other processes, then the same write fails at once with SQLITE_BUSY', async () => {
    const file = tempDb();
    const client = createClient({ url: `file:${file}` });
    await client.execute('CREATE TABLE t (v TEXT)');
    const other = await otherProcessWrites(file, 300);
    await expect(client.execute("INSERT INTO t (v) VALUES ('first')")).rejects.toThrow(/SQLITE_BUSY|locked/);
    await other.released;
    client.close();
  });
});
