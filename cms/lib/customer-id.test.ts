import { createClient } from '@libsql/client';
import { drizzle } from '@payloadcms/db-sqlite/drizzle/libsql';
import type { MigrateUpArgs } from '@payloadcms/db-sqlite';
import { describe, expect, it } from 'vitest';
import { up } from '../migrations/20261127_013409_customers';
import { customerIdOf } from './customer-id';

// sha256("anna@x.example") begins c9b4a83c91fd66a395de5034e9523319 (`printf 'anna@x.example' | sha256sum`).
const ANNA = 'c9b4a83c91fd66a395de5034e9523319';

describe('customerIdOf', () => {
  it('when the email differs only in case and surrounding spaces, then the id is the same 32 hex digits', () => {
    expect(customerIdOf('anna@x.example')).toBe(ANNA);
    expect(customerIdOf(' Anna@X.example')).toBe(ANNA);
    expect(customerIdOf('ANNA@x.example ')).toBe(ANNA);
  });

  it('when there is no email, then there is no customer', () => {
    expect(customerIdOf('')).toBeNull();
    expect(customerIdOf('  ')).toBeNull();
    expect(customerIdOf(null)).toBeNull();
  });
});

describe('the customers migration', () => {
  it('when orders exist before it, then each gets the customer of its email and one without an email none', async () => {
    const client = createClient({ url: ':memory:' });
    await client.execute(
      'CREATE TABLE orders (id text PRIMARY KEY, payer_email_address text, created_at text, transaction_gross_amount text, transaction_refunded_amount text)',
    );
    await client.execute(
      "INSERT INTO orders (id, payer_email_address) VALUES ('a', ' Anna@X.example'), ('b', 'anna@x.example '), ('c', NULL)",
    );
    await up({ db: drizzle(client) } as unknown as MigrateUpArgs);
    const rows = await client.execute('SELECT id, customer_id FROM orders ORDER BY id');
    expect(rows.rows.map((r) => [r.id, r.customer_id])).toEqual([
      ['a', ANNA],
      ['b', ANNA],
      ['c', null],
    ]);
  });
});
