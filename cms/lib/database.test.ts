import { describe, expect, it } from 'vitest';
import { databaseAdapter } from './database';

describe('databaseAdapter', () => {
  it('when DATABASE_URI is a mongodb:// URI, then the mongoose adapter is used', async () => {
    const adapter = await databaseAdapter('mongodb://mongo:27017/shop');
    expect(adapter.name).toBe('mongoose');
    expect(adapter.defaultIDType).toBe('text');
  });
  it('when DATABASE_URI is a mongodb+srv:// URI, then the mongoose adapter is used', async () => {
    expect((await databaseAdapter('mongodb+srv://user:pw@cluster0.example.net/shop')).name).toBe('mongoose');
  });
  it('when DATABASE_URI is a SQLite file, then the sqlite adapter with text (uuid) ids is used', async () => {
    const adapter = await databaseAdapter('file:./data/shop.db');
    expect(adapter.name).toBe('sqlite');
    expect((await databaseAdapter('/tmp/plain-path.db')).name).toBe('sqlite');
  });
});
