import { describe, expect, it } from 'vitest';
import {
  customerIdSchema,
  customersExportQuerySchema,
  customersQuerySchema,
  normalizeCustomerEmail,
} from './admin-customers-api';

describe('normalizeCustomerEmail', () => {
  it('when two addresses differ only in case and surrounding spaces, then they name one customer', () => {
    expect(normalizeCustomerEmail(' Anna@X.example')).toBe('anna@x.example');
    expect(normalizeCustomerEmail('anna@x.example ')).toBe('anna@x.example');
    expect(normalizeCustomerEmail('\tANNA@x.EXAMPLE\n')).toBe('anna@x.example');
  });

  it('when the address differs inside, then it stays another customer', () => {
    expect(normalizeCustomerEmail('anna.b@x.example')).toBe('anna.b@x.example');
    expect(normalizeCustomerEmail('an na@x.example')).toBe('an na@x.example');
  });

  it('when there is no address, then the result is empty', () => {
    expect(normalizeCustomerEmail('   ')).toBe('');
    expect(normalizeCustomerEmail(null)).toBe('');
    expect(normalizeCustomerEmail(undefined)).toBe('');
  });
});

describe('customer schemas', () => {
  it('when an id is 32 lower-case hex digits, then it is accepted, and anything else refused', () => {
    expect(customerIdSchema.safeParse('0123456789abcdef0123456789abcdef').success).toBe(true);
    expect(customerIdSchema.safeParse('0123456789ABCDEF0123456789ABCDEF').success).toBe(false);
    expect(customerIdSchema.safeParse('anna@x.example').success).toBe(false);
    expect(customerIdSchema.safeParse('0123456789abcdef').success).toBe(false);
    // 32 digits with one more before or after is not an id either; the refusal names the rule.
    expect(customerIdSchema.safeParse('f0123456789abcdef0123456789abcdef').success).toBe(false);
    expect(customerIdSchema.safeParse('0123456789abcdef0123456789abcdef0').success).toBe(false);
    expect(customerIdSchema.safeParse('x').error?.issues[0].message).toBe(
      'A customer id is 32 hexadecimal digits (lower case)',
    );
  });

  it('when the list query names a known column and direction, then it parses to numbers and a tuple', () => {
    expect(
      customersQuerySchema.parse({ page: '2', limit: '20', search: ' anna ', sort: ['total_spent', 'DESC'] }),
    ).toEqual({ page: 2, limit: 20, search: 'anna', sort: ['total_spent', 'DESC'] });
  });

  it('when the query has an unknown column, a page of 0, a limit over 100 or an unknown key, then it is refused', () => {
    expect(customersQuerySchema.safeParse({ sort: ['password', 'ASC'] }).success).toBe(false);
    expect(customersQuerySchema.safeParse({ sort: ['name', 'UP'] }).success).toBe(false);
    expect(customersQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(customersQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(customersQuerySchema.safeParse({ status: 'NEW' }).success).toBe(false);
    expect(customersQuerySchema.safeParse({ search: 'x'.repeat(101) }).success).toBe(false);
  });

  it('when the export is asked for a page, then it is refused (it holds every page)', () => {
    expect(customersExportQuerySchema.safeParse({ page: '1' }).success).toBe(false);
    expect(customersExportQuerySchema.parse({ search: 'anna' })).toEqual({ search: 'anna' });
  });
});
