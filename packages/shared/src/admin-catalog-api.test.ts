import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import {
  adminCategoriesQuerySchema,
  adminProductsQuerySchema,
  analyticsQuerySchema,
  ASSET_UPLOAD_FIELD,
  assetsQuerySchema,
  categoryInputSchema,
  EDITOR_SIGN_IN_REFUSED,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_PIXELS,
  productInputSchema,
  productPricingIssues,
  USER_ROLE_LABELS,
  userCreateSchema,
  userUpdateSchema,
} from './admin-catalog-api';

/** The failed checks of an input as "path: message", or [] when it parses. */
const issues = (schema: z.ZodType, input: unknown): string[] => {
  const res = schema.safeParse(input);
  return res.success ? [] : res.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

const product = { name: 'Olio Nuovo', price: 18.5, categories: ['c1'] };
const x = (n: number) => 'x'.repeat(n);

describe('adminProductsQuerySchema', () => {
  it('when the list is asked for with every filter, then the numbers are read from the text', () => {
    expect(
      adminProductsQuerySchema.parse({
        page: '2',
        limit: '100',
        search: '  olio ',
        inventory: 'false',
        sort: ['price', 'DESC'],
      }),
    ).toEqual({ page: 2, limit: 100, search: 'olio', inventory: 'false', sort: ['price', 'DESC'] });
    expect(adminProductsQuerySchema.parse({ inventory: 'true', sort: ['updated_at', 'ASC'] })).toEqual({
      inventory: 'true',
      sort: ['updated_at', 'ASC'],
    });
    expect(adminProductsQuerySchema.parse({ sort: ['name', 'ASC'], search: x(100) })).toEqual({
      sort: ['name', 'ASC'],
      search: x(100),
    });
  });

  it('when the limit is over 100, the search over 100 characters, the inventory or sort unknown, then it is refused', () => {
    expect(issues(adminProductsQuerySchema, { limit: '101' })).toEqual(['limit: Too big: expected number to be <=100']);
    expect(issues(adminProductsQuerySchema, { search: x(101) })).toEqual([
      'search: Too big: expected string to have <=100 characters',
    ]);
    expect(issues(adminProductsQuerySchema, { inventory: 'yes' })).toEqual([
      'inventory: Invalid option: expected one of "true"|"false"',
    ]);
    expect(issues(adminProductsQuerySchema, { sort: ['stars', 'ASC'] })).toEqual([
      'sort.0: Invalid option: expected one of "name"|"price"|"updated_at"',
    ]);
    expect(issues(adminProductsQuerySchema, { owner: 'me' })).toEqual([': Unrecognized key: "owner"']);
  });
});

describe('productInputSchema', () => {
  it('when only the required fields are sent, then SPEC §4/§5’s defaults fill the rest', () => {
    expect(productInputSchema.parse(product)).toEqual({
      name: 'Olio Nuovo',
      description: '',
      price: 18.5,
      categories: ['c1'],
      quantity_amount: 0,
      quantity_unit: 'Oz',
      discount_amount: 0,
      discount_unit: '%',
      apply_discount: false,
      apply_shipping: true,
      inventory_stock: true,
      published: true,
    });
  });

  it('when every field is sent, then each is kept, the name trimmed and amounts typed as text read as numbers', () => {
    expect(
      productInputSchema.parse({
        id: 'p1',
        name: '  Olio Nuovo ',
        description: 'First pressing.',
        price: '18.50',
        categories: ['c1', 'c2'],
        img_id: 'img-1',
        quantity_amount: '500',
        quantity_unit: 'Ml',
        discount_amount: 2,
        discount_unit: 'CASH',
        apply_discount: true,
        apply_shipping: false,
        inventory_stock: false,
        published: false,
        publish_at: '2026-12-01T09:00:00+01:00',
      }),
    ).toEqual({
      id: 'p1',
      name: 'Olio Nuovo',
      description: 'First pressing.',
      price: 18.5,
      categories: ['c1', 'c2'],
      img_id: 'img-1',
      quantity_amount: 500,
      quantity_unit: 'Ml',
      discount_amount: 2,
      discount_unit: 'CASH',
      apply_discount: true,
      apply_shipping: false,
      inventory_stock: false,
      published: false,
      publish_at: '2026-12-01T09:00:00+01:00',
    });
  });

  it('when the units are sent empty or null, then quantity falls back to Oz and discount to %', () => {
    const parsed = productInputSchema.parse({ ...product, quantity_unit: '', discount_unit: '' });
    expect([parsed.quantity_unit, parsed.discount_unit]).toEqual(['Oz', '%']);
    const nulls = productInputSchema.parse({ ...product, quantity_unit: null, discount_unit: null });
    expect([nulls.quantity_unit, nulls.discount_unit]).toEqual(['Oz', '%']);
  });

  it('when a unit is not one of the lists, then it is refused', () => {
    expect(issues(productInputSchema, { ...product, quantity_unit: 'Gal' }).map((m) => m.split(':')[0])).toEqual([
      'quantity_unit',
    ]);
    expect(issues(productInputSchema, { ...product, discount_unit: 'EUR' }).map((m) => m.split(':')[0])).toEqual([
      'discount_unit',
    ]);
  });

  it('when publish_at is null, then it is kept as "publish now"; a date without time is refused', () => {
    expect(productInputSchema.parse({ ...product, publish_at: null }).publish_at).toBeNull();
    expect(productInputSchema.parse({ ...product, publish_at: '2026-12-01T08:00:00Z' }).publish_at).toBe(
      '2026-12-01T08:00:00Z',
    );
    expect(issues(productInputSchema, { ...product, publish_at: '2026-12-01' })).toEqual([
      'publish_at: Invalid ISO datetime',
    ]);
  });

  it('when the name is blank or over 160 characters, then it is refused; 160 is accepted', () => {
    expect(issues(productInputSchema, { ...product, name: '   ' })).toEqual(['name: Required']);
    expect(issues(productInputSchema, { ...product, name: x(161) })).toEqual([
      'name: Too big: expected string to have <=160 characters',
    ]);
    expect(productInputSchema.parse({ ...product, name: x(160) }).name).toBe(x(160));
  });

  it('when the description is over 5000 characters or the id over 64, then it is refused; at the limits accepted', () => {
    expect(issues(productInputSchema, { ...product, description: x(5001) })).toEqual([
      'description: Too big: expected string to have <=5000 characters',
    ]);
    expect(issues(productInputSchema, { ...product, id: x(65) })).toEqual([
      'id: Too big: expected string to have <=64 characters',
    ]);
    expect(productInputSchema.parse({ ...product, description: x(5000), id: x(64) })).toMatchObject({
      description: x(5000),
      id: x(64),
    });
  });

  it('when the price is over 100000 or the quantity over 100000, then it is refused; at the limits accepted', () => {
    expect(issues(productInputSchema, { ...product, price: 100000.01 })).toEqual([
      'price: Too big: expected number to be <=100000',
    ]);
    expect(issues(productInputSchema, { ...product, quantity_amount: 100001 })).toEqual([
      'quantity_amount: Too big: expected number to be <=100000',
    ]);
    expect(productInputSchema.parse({ ...product, price: 100000, quantity_amount: 100000 })).toMatchObject({
      price: 100000,
      quantity_amount: 100000,
    });
  });

  it('when no category is chosen, or 51, then it is refused; 50 are accepted', () => {
    expect(issues(productInputSchema, { ...product, categories: [] })).toEqual([
      'categories: Choose at least one category',
    ]);
    const many = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`);
    expect(issues(productInputSchema, { ...product, categories: many(51) })).toEqual([
      'categories: Too big: expected array to have <=50 items',
    ]);
    expect(productInputSchema.parse({ ...product, categories: many(50) }).categories).toHaveLength(50);
  });

  it('when a category or image id has characters other than letters, digits and dashes, then it is refused', () => {
    expect(issues(productInputSchema, { ...product, categories: ['c 1'] })).toEqual(['categories.0: Invalid id']);
    expect(issues(productInputSchema, { ...product, img_id: 'a/b' })).toEqual(['img_id: Invalid id']);
    expect(issues(productInputSchema, { ...product, img_id: x(65) })).toEqual(['img_id: Invalid id']);
  });

  it('when a percentage discount is over 100, then it is refused; exactly 100 is accepted', () => {
    expect(issues(productInputSchema, { ...product, discount_unit: '%', discount_amount: 100.5 })).toEqual([
      'discount_amount: A percentage discount cannot exceed 100',
    ]);
    expect(issues(productInputSchema, { ...product, discount_amount: 101 })).toEqual([
      'discount_amount: A percentage discount cannot exceed 100',
    ]);
    expect(productInputSchema.parse({ ...product, discount_unit: '%', discount_amount: 100 }).discount_amount).toBe(
      100,
    );
  });

  it('when a cash discount is over the price, then it is refused; equal to the price, or over 100 on a dear product, is accepted', () => {
    expect(issues(productInputSchema, { ...product, discount_unit: 'CASH', discount_amount: 18.51 })).toEqual([
      'discount_amount: The discount cannot exceed the price',
    ]);
    expect(productInputSchema.parse({ ...product, discount_unit: 'CASH', discount_amount: 18.5 }).discount_amount).toBe(
      18.5,
    );
    expect(
      productInputSchema.parse({ ...product, price: 300, discount_unit: 'CASH', discount_amount: 150 }).discount_amount,
    ).toBe(150);
  });

  it('when a discount is refused, then the refusal is a custom issue', () => {
    const codes = (input: unknown) => productInputSchema.safeParse(input).error?.issues.map((i) => i.code);
    expect(codes({ ...product, discount_unit: '%', discount_amount: 101 })).toEqual(['custom']);
    expect(codes({ ...product, discount_unit: 'CASH', discount_amount: 19 })).toEqual(['custom']);
  });

  it('when a percentage discount is over the price but not over 100, then it is accepted', () => {
    expect(
      productInputSchema.parse({ ...product, price: 10, discount_unit: '%', discount_amount: 50 }).discount_amount,
    ).toBe(50);
  });
});

describe('the categories and assets queries', () => {
  it('when the forms ask for 1000 categories, then it is accepted; 1001 is refused', () => {
    expect(adminCategoriesQuerySchema.parse({ page: '1', limit: '1000', search: ' oil ' })).toEqual({
      page: 1,
      limit: 1000,
      search: 'oil',
    });
    expect(issues(adminCategoriesQuerySchema, { limit: '1001' })).toEqual([
      'limit: Too big: expected number to be <=1000',
    ]);
    expect(issues(adminCategoriesQuerySchema, { search: x(101) })).toEqual([
      'search: Too big: expected string to have <=100 characters',
    ]);
  });

  it('when images are listed oldest first, then the sort parses; another column or a limit over 100 is refused', () => {
    expect(assetsQuerySchema.parse({ page: '3', limit: '100', sort: ['created_at', 'ASC'] })).toEqual({
      page: 3,
      limit: 100,
      sort: ['created_at', 'ASC'],
    });
    expect(issues(assetsQuerySchema, { sort: ['name', 'ASC'] })).toEqual([
      'sort.0: Invalid input: expected "created_at"',
    ]);
    expect(issues(assetsQuerySchema, { limit: '101' })).toEqual(['limit: Too big: expected number to be <=100']);
  });

  it('when an image is uploaded, then it comes in the field avatar, up to 15 MiB and 50 megapixels', () => {
    expect(ASSET_UPLOAD_FIELD).toBe('avatar');
    expect(MAX_UPLOAD_BYTES).toBe(15_728_640);
    expect(MAX_UPLOAD_PIXELS).toBe(50_000_000);
  });
});

describe('categoryInputSchema', () => {
  it('when only a name is sent, then the category is published with an empty description', () => {
    expect(categoryInputSchema.parse({ name: ' Oils ' })).toEqual({ name: 'Oils', description: '', published: true });
  });

  it('when every field is sent, then each is kept', () => {
    expect(
      categoryInputSchema.parse({
        id: null,
        name: 'Oils',
        description: 'Cold pressed.',
        img_id: 'img1',
        published: false,
        publish_at: null,
      }),
    ).toEqual({
      id: null,
      name: 'Oils',
      description: 'Cold pressed.',
      img_id: 'img1',
      published: false,
      publish_at: null,
    });
  });

  it('when the name is blank or over 120 characters, or the description over 2000, then it is refused', () => {
    expect(issues(categoryInputSchema, { name: '' })).toEqual(['name: Required']);
    expect(issues(categoryInputSchema, { name: x(121) })).toEqual([
      'name: Too big: expected string to have <=120 characters',
    ]);
    expect(issues(categoryInputSchema, { name: 'Oils', description: x(2001) })).toEqual([
      'description: Too big: expected string to have <=2000 characters',
    ]);
    expect(issues(categoryInputSchema, { name: 'Oils', id: x(65) })).toEqual([
      'id: Too big: expected string to have <=64 characters',
    ]);
    expect(categoryInputSchema.parse({ name: x(120), description: x(2000), id: x(64) })).toMatchObject({
      name: x(120),
      description: x(2000),
      id: x(64),
    });
  });

  it('when publish_at is a date-time with an offset, then it is kept; plain text is refused', () => {
    expect(categoryInputSchema.parse({ name: 'Oils', publish_at: '2026-12-01T09:00:00+01:00' }).publish_at).toBe(
      '2026-12-01T09:00:00+01:00',
    );
    expect(issues(categoryInputSchema, { name: 'Oils', publish_at: 'tomorrow' })).toEqual([
      'publish_at: Invalid ISO datetime',
    ]);
  });
});

describe('the users’ schemas', () => {
  it('when roles are shown, then admin reads Admin and editor Editor', () => {
    expect(USER_ROLE_LABELS).toEqual({ admin: 'Admin', editor: 'Editor' });
  });

  it('when an editor signs in to the control centre, then this is the refusal', () => {
    expect(EDITOR_SIGN_IN_REFUSED).toBe('This account is for the content panel at /cms.');
  });

  it('when a user is created with only names and an email, then the email is trimmed and lower-cased, the role admin and no telephone', () => {
    expect(userCreateSchema.parse({ firstname: ' Anna ', lastname: 'Bianchi', email: '  Anna@Example.COM ' })).toEqual({
      firstname: 'Anna',
      lastname: 'Bianchi',
      email: 'anna@example.com',
      telephone: null,
      role: 'admin',
    });
  });

  it('when a user is created as an editor with a telephone, then both are kept, the telephone trimmed', () => {
    expect(
      userCreateSchema.parse({
        id: 'u1',
        firstname: 'Anna',
        lastname: 'Bianchi',
        email: 'anna@example.com',
        telephone: ' +39 (055) 123-45.67 ',
        role: 'editor',
      }),
    ).toEqual({
      id: 'u1',
      firstname: 'Anna',
      lastname: 'Bianchi',
      email: 'anna@example.com',
      telephone: '+39 (055) 123-45.67',
      role: 'editor',
    });
  });

  it('when the telephone is empty or null, then it is stored as null', () => {
    const base = { firstname: 'Anna', lastname: 'Bianchi', email: 'anna@example.com' };
    expect(userCreateSchema.parse({ ...base, telephone: '' }).telephone).toBeNull();
    expect(userCreateSchema.parse({ ...base, telephone: '   ' }).telephone).toBeNull();
    expect(userCreateSchema.parse({ ...base, telephone: null }).telephone).toBeNull();
  });

  it('when the telephone has letters or is over 40 characters, then it is refused; 40 digits are accepted', () => {
    const base = { firstname: 'Anna', lastname: 'Bianchi', email: 'anna@example.com' };
    expect(issues(userCreateSchema, { ...base, telephone: '055 CALL ME' })).toEqual([
      'telephone: Only digits, spaces and + ( ) . - are allowed',
    ]);
    expect(issues(userCreateSchema, { ...base, telephone: '1'.repeat(41) })).toEqual([
      'telephone: Too big: expected string to have <=40 characters',
    ]);
    expect(userCreateSchema.parse({ ...base, telephone: '1'.repeat(40) }).telephone).toBe('1'.repeat(40));
  });

  it('when the email is not an email or over 320 characters, or a name is blank or over 100, then it is refused', () => {
    const base = { firstname: 'Anna', lastname: 'Bianchi', email: 'anna@example.com' };
    expect(issues(userCreateSchema, { ...base, email: 'anna' })).toEqual(['email: Invalid email address']);
    expect(issues(userCreateSchema, { ...base, email: `${x(309)}@example.com` })).toEqual([
      'email: Too big: expected string to have <=320 characters',
    ]);
    expect(issues(userCreateSchema, { ...base, firstname: ' ' })).toEqual(['firstname: Required']);
    expect(issues(userCreateSchema, { ...base, lastname: x(101) })).toEqual([
      'lastname: Too big: expected string to have <=100 characters',
    ]);
    expect(issues(userCreateSchema, { ...base, role: 'owner' })).toEqual([
      'role: Invalid option: expected one of "admin"|"editor"',
    ]);
  });

  it('when a user is updated, then the email is trimmed and lower-cased, and active and role are kept when sent', () => {
    expect(
      userUpdateSchema.parse({
        firstname: 'Anna',
        lastname: 'Bianchi',
        email: ' Anna@Example.com ',
        telephone: '055 123',
        active: false,
        role: 'editor',
      }),
    ).toEqual({
      firstname: 'Anna',
      lastname: 'Bianchi',
      email: 'anna@example.com',
      telephone: '055 123',
      active: false,
      role: 'editor',
    });
    expect(userUpdateSchema.parse({ id: 'u1', firstname: 'Anna', lastname: 'Bianchi', telephone: null })).toEqual({
      id: 'u1',
      firstname: 'Anna',
      lastname: 'Bianchi',
      telephone: null,
    });
    expect(issues(userUpdateSchema, { id: x(65), firstname: 'Anna', lastname: 'Bianchi' })).toEqual([
      'id: Too big: expected string to have <=64 characters',
    ]);
    expect(userUpdateSchema.parse({ firstname: 'Anna', lastname: 'Bianchi' })).toEqual({
      firstname: 'Anna',
      lastname: 'Bianchi',
      telephone: null,
    });
  });

  it('when an update has a blank name, an email over 320 characters or an unknown role, then it is refused', () => {
    expect(issues(userUpdateSchema, { firstname: '', lastname: 'Bianchi' })).toEqual(['firstname: Required']);
    expect(issues(userUpdateSchema, { firstname: 'Anna', lastname: x(101) })).toEqual([
      'lastname: Too big: expected string to have <=100 characters',
    ]);
    expect(issues(userUpdateSchema, { firstname: 'Anna', lastname: 'Bianchi', email: x(321) })).toEqual([
      'email: Too big: expected string to have <=320 characters',
    ]);
    expect(issues(userUpdateSchema, { firstname: 'Anna', lastname: 'Bianchi', role: 'owner' })).toEqual([
      'role: Invalid option: expected one of "admin"|"editor"',
    ]);
  });
});

describe('analyticsQuerySchema', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-06-15T12:00:00'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('when the year is 2022 or the current year, then it parses as a number', () => {
    expect(analyticsQuerySchema.parse({ year: '2022' })).toEqual({ year: 2022 });
    expect(analyticsQuerySchema.parse({ year: '2026' })).toEqual({ year: 2026 });
  });

  it('when the year is before 2022, then it is refused', () => {
    expect(issues(analyticsQuerySchema, { year: '2021' })).toEqual(['year: Must be 2022 or later']);
  });

  it('when the year is after the current one, then it is refused', () => {
    expect(issues(analyticsQuerySchema, { year: '2027' })).toEqual(['year: Must not be after the current year']);
  });

  it('when the year is not four digits, then it is refused', () => {
    expect(issues(analyticsQuerySchema, { year: '26' })).toEqual(['year: Must be a year']);
    expect(issues(analyticsQuerySchema, { year: '2026a' })).toEqual(['year: Must be a year']);
    expect(issues(analyticsQuerySchema, { year: 'a2026' })).toEqual(['year: Must be a year']);
  });
});

describe('productPricingIssues (the collection hook asks it with the stored values, issue 29 §4)', () => {
  it('when a stored product leaves the unit empty, then it is a percentage: 100 passes, 100.01 is refused', () => {
    expect(productPricingIssues({ price: 10, discount_unit: null, discount_amount: 100 })).toEqual([]);
    expect(productPricingIssues({ price: 10, discount_unit: '', discount_amount: 100.01 })).toEqual([
      { path: 'discount_amount', message: 'A percentage discount cannot exceed 100' },
    ]);
  });

  it('when cash off equals the price, then it passes; 0.01 more is refused; a percentage may exceed the price', () => {
    expect(productPricingIssues({ price: 10, discount_unit: 'CASH', discount_amount: 10 })).toEqual([]);
    expect(productPricingIssues({ price: 10, discount_unit: 'CASH', discount_amount: 10.01 })).toEqual([
      { path: 'discount_amount', message: 'The discount cannot exceed the price' },
    ]);
    expect(productPricingIssues({ price: 10, discount_unit: '%', discount_amount: 50 })).toEqual([]);
  });

  it('when the price is missing or 0, then only a published product is refused (published unless said otherwise)', () => {
    expect(productPricingIssues({})).toEqual([
      { path: 'price', message: 'A published product needs a price above zero' },
    ]);
    expect(productPricingIssues({ published: true, price: 0 })).toHaveLength(1);
    expect(productPricingIssues({ published: false })).toEqual([]);
    expect(productPricingIssues({ published: false, price: 0, discount_unit: 'CASH', discount_amount: 1 })).toEqual([
      { path: 'discount_amount', message: 'The discount cannot exceed the price' },
    ]);
  });
});
