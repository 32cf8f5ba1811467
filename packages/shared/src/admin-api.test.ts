import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  adminConfigSchema,
  archiveOrdersQuerySchema,
  AUDIT_OPERATIONS,
  AUDITED_COLLECTIONS,
  auditLogExportQuerySchema,
  auditLogQuerySchema,
  AUTH_RESULTS,
  BULK_ORDERS_MAX,
  bulkOrdersSchema,
  contactsExportQuerySchema,
  LIVE_EVENT_NAMES,
  loginSchema,
  notificationsQuerySchema,
  notificationUpdateSchema,
  openOrdersQuerySchema,
  ORDER_EVENT_TYPES,
  orderNoteSchema,
  orderPaperFileName,
  orderStatusChangeSchema,
  ordersExportQuerySchema,
  orderStatusUpdateSchema,
  PAPERWORK_MAX_ORDERS,
  paperworkSelectionSchema,
  passwordHashSchema,
  resetPasswordSchema,
  resetTokenSchema,
  selectionPaperFileName,
  SHOP_ADDRESS_MAX_LINES,
  SHOP_NAME_MAX,
  shopAddressSchema,
  tidyShopAddress,
  trackingNumberSchema,
} from './admin-api';

/** The failed checks of an input as "path: message", or [] when it parses. */
const issues = (schema: z.ZodType, input: unknown): string[] => {
  const res = schema.safeParse(input);
  return res.success ? [] : res.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

const HASH = 'a'.repeat(40) + '0123456789abcdef01234567';
const x = (n: number) => 'x'.repeat(n);
const HASH_MESSAGE = 'The password must be sent as its SHA-256 hex digest';

describe('the sign-in schemas', () => {
  it('when the password is sent as 64 lower-case hex digits, then it is accepted', () => {
    expect(HASH).toHaveLength(64);
    expect(passwordHashSchema.parse(HASH)).toBe(HASH);
    expect(loginSchema.parse({ email: '  anna@example.com ', password: HASH })).toEqual({
      email: 'anna@example.com',
      password: HASH,
    });
  });

  it('when the password is typed text, upper-case hex, 63 or 65 digits, then it is refused with the hash rule', () => {
    expect(issues(passwordHashSchema, 'Secret1!')).toEqual([`: ${HASH_MESSAGE}`]);
    expect(issues(passwordHashSchema, HASH.toUpperCase())).toEqual([`: ${HASH_MESSAGE}`]);
    expect(issues(passwordHashSchema, HASH.slice(1))).toEqual([`: ${HASH_MESSAGE}`]);
    expect(issues(passwordHashSchema, `${HASH}0`)).toEqual([`: ${HASH_MESSAGE}`]);
    expect(issues(passwordHashSchema, `0${HASH}`)).toEqual([`: ${HASH_MESSAGE}`]);
    expect(issues(loginSchema, { email: 'anna@example.com', password: 'Secret1!' })).toEqual([
      `password: ${HASH_MESSAGE}`,
    ]);
    expect(issues(resetPasswordSchema, { password: 'Secret1!' })).toEqual([`password: ${HASH_MESSAGE}`]);
    expect(resetPasswordSchema.parse({ password: HASH })).toEqual({ password: HASH });
  });

  it('when the email is blank or over 320 characters, then the sign-in is refused; 320 is accepted', () => {
    expect(issues(loginSchema, { email: '   ', password: HASH })).toEqual([
      'email: Too small: expected string to have >=1 characters',
    ]);
    expect(issues(loginSchema, { email: x(321), password: HASH })).toEqual([
      'email: Too big: expected string to have <=320 characters',
    ]);
    expect(loginSchema.parse({ email: x(320), password: HASH }).email).toBe(x(320));
    expect(issues(loginSchema, { email: 'a@b.c', password: HASH, remember: true })).toEqual([
      ': Unrecognized key: "remember"',
    ]);
  });

  it('when a reset link’s token is 20 to 128 lower-case hex characters, then it is accepted; otherwise "Invalid link"', () => {
    expect(resetTokenSchema.parse('0123456789abcdef0123')).toBe('0123456789abcdef0123');
    expect(resetTokenSchema.parse('f'.repeat(128))).toBe('f'.repeat(128));
    expect(issues(resetTokenSchema, 'f'.repeat(19))).toEqual([': Invalid link']);
    expect(issues(resetTokenSchema, 'f'.repeat(129))).toEqual([': Invalid link']);
    expect(issues(resetTokenSchema, `${'f'.repeat(30)}G`)).toEqual([': Invalid link']);
    expect(issues(resetTokenSchema, `x${'f'.repeat(30)}`)).toEqual([': Invalid link']);
  });

  it('when the auth calls answer without a SPEC §8 text, then they say these words', () => {
    expect(AUTH_RESULTS).toEqual({
      signedOut: 'Signed out',
      resetLinkSent: 'A link to choose a new password was sent to your email',
      resetLinkSentIfKnown: 'If an account uses this email, a link to choose a new password is on its way',
      passwordChanged: 'Your password was changed. Sign in with the new one',
      linkInvalid: 'This link is invalid or has expired',
    });
  });
});

describe('tidyShopAddress and shopAddressSchema', () => {
  it('when the address has blank lines, Windows line ends and spaces around lines, then it is tidied', () => {
    expect(tidyShopAddress('  Via Roma 1 \r\n\r\n  50100 Firenze\n \nItalia  ')).toBe(
      'Via Roma 1\n50100 Firenze\nItalia',
    );
    expect(tidyShopAddress('\n \n')).toBe('');
  });

  it('when the address has six lines of 80 characters, then it is accepted; an empty one too', () => {
    const six = [x(80), x(60), x(60), x(60), x(60), x(40)].join('\n');
    expect(six).toHaveLength(365);
    expect(shopAddressSchema.parse(six)).toBe(six);
    expect(shopAddressSchema.parse('')).toBe('');
    expect(SHOP_ADDRESS_MAX_LINES).toBe(6);
  });

  it('when the address has seven lines, then it is refused', () => {
    expect(issues(shopAddressSchema, 'a\nb\nc\nd\ne\nf\ng')).toEqual([': Use at most 6 lines']);
  });

  it('when a line has 81 characters, then it is refused', () => {
    expect(issues(shopAddressSchema, `Via Roma 1\n${x(81)}`)).toEqual([': Keep each line to 80 characters']);
    expect(issues(shopAddressSchema, x(81))).toEqual([': Keep each line to 80 characters']);
  });

  it('when the tidied address is over 400 characters, or the text sent over 600, then it is refused', () => {
    const tidy401 = [x(80), x(80), x(80), x(80), x(77)].join('\n');
    expect(tidy401).toHaveLength(401);
    expect(issues(shopAddressSchema, tidy401)).toEqual([': Too big: expected string to have <=400 characters']);
    const tidy400 = [x(79), x(79), x(79), x(79), x(80)].join('\n');
    expect(tidy400).toHaveLength(400);
    expect(shopAddressSchema.parse(tidy400)).toBe(tidy400);
    expect(issues(shopAddressSchema, `${' '.repeat(590)}Via Roma 1`)).toEqual([]);
    expect(issues(shopAddressSchema, `${' '.repeat(591)}Via Roma 1`)).toEqual([
      ': Too big: expected string to have <=600 characters',
    ]);
  });
});

describe('adminConfigSchema', () => {
  const config = {
    categories_order: ['c2', 'c1'],
    shipment_amount: '9.90',
    shipment_method: ' UPS Ground ',
    admin_email: ' shop@example.com ',
  };

  it('when SPEC §7’s fields are sent, then they parse with the amount read as a number and texts trimmed', () => {
    expect(adminConfigSchema.parse(config)).toEqual({
      categories_order: ['c2', 'c1'],
      shipment_amount: 9.9,
      shipment_method: 'UPS Ground',
      admin_email: 'shop@example.com',
    });
  });

  it('when the shop name, address, currency and payment lists are sent back, then they are kept', () => {
    expect(
      adminConfigSchema.parse({
        ...config,
        shop_name: ' Bottega ',
        shop_address: 'Via Roma 1\n\nFirenze',
        currency_code: 'USD',
        payment_method: ['paypal', 'card'],
        payment_country: ['US', 'IT'],
      }),
    ).toMatchObject({
      shop_name: 'Bottega',
      shop_address: 'Via Roma 1\nFirenze',
      currency_code: 'USD',
      payment_method: ['paypal', 'card'],
      payment_country: ['US', 'IT'],
    });
  });

  it('when the shop name is blank or over 120 characters, then it is refused; 120 is accepted', () => {
    expect(SHOP_NAME_MAX).toBe(120);
    expect(issues(adminConfigSchema, { ...config, shop_name: '  ' })).toEqual(['shop_name: Enter the shop name']);
    expect(issues(adminConfigSchema, { ...config, shop_name: x(121) })).toEqual([
      'shop_name: Too big: expected string to have <=120 characters',
    ]);
    expect(adminConfigSchema.parse({ ...config, shop_name: x(120) }).shop_name).toBe(x(120));
  });

  it('when a field is over its limit, then it is refused', () => {
    expect(issues(adminConfigSchema, { ...config, shipment_amount: 10000.5 })).toEqual([
      'shipment_amount: Too big: expected number to be <=10000',
    ]);
    expect(issues(adminConfigSchema, { ...config, shipment_method: x(201) })).toEqual([
      'shipment_method: Too big: expected string to have <=200 characters',
    ]);
    expect(issues(adminConfigSchema, { ...config, admin_email: 'shop' })).toEqual([
      'admin_email: Invalid email address',
    ]);
    expect(issues(adminConfigSchema, { ...config, admin_email: `${x(309)}@example.com` })).toEqual([
      'admin_email: Too big: expected string to have <=320 characters',
    ]);
    expect(issues(adminConfigSchema, { ...config, currency_code: 'EURO' })).toEqual([
      'currency_code: Too big: expected string to have <=3 characters',
    ]);
    expect(issues(adminConfigSchema, { ...config, payment_method: [x(31)] })).toEqual([
      'payment_method.0: Too big: expected string to have <=30 characters',
    ]);
    expect(issues(adminConfigSchema, { ...config, payment_method: Array(51).fill('card') })).toEqual([
      'payment_method: Too big: expected array to have <=50 items',
    ]);
    expect(issues(adminConfigSchema, { ...config, payment_country: ['USA123'] })).toEqual([
      'payment_country.0: Too big: expected string to have <=5 characters',
    ]);
    expect(issues(adminConfigSchema, { ...config, payment_country: Array(51).fill('US') })).toEqual([
      'payment_country: Too big: expected array to have <=50 items',
    ]);
    expect(issues(adminConfigSchema, { ...config, categories_order: ['c 1'] })).toEqual([
      'categories_order.0: Invalid id',
    ]);
    expect(issues(adminConfigSchema, { ...config, categories_order: Array(1001).fill('c1') })).toEqual([
      'categories_order: Too big: expected array to have <=1000 items',
    ]);
  });

  it('when a field is at its limit, then it is accepted', () => {
    expect(
      adminConfigSchema.parse({
        ...config,
        shipment_amount: 10000,
        shipment_method: x(200),
        currency_code: 'EUR',
        payment_method: Array(50).fill(x(30)),
        payment_country: Array(50).fill('12345'),
        categories_order: [x(64), ...Array(999).fill('c1')],
      }),
    ).toMatchObject({ shipment_amount: 10000, shipment_method: x(200), currency_code: 'EUR' });
    expect(issues(adminConfigSchema, { ...config, categories_order: [x(65)] })).toEqual([
      'categories_order.0: Invalid id',
    ]);
  });
});

describe('the orders and notifications lists’ queries', () => {
  it('when one status is sent, then it becomes a list of one; a list is kept', () => {
    expect(openOrdersQuerySchema.parse({ status: 'NEW' })).toEqual({ status: ['NEW'] });
    expect(openOrdersQuerySchema.parse({ status: ['NEW', 'PROCESSING', 'SHIPPED', 'DELIVERED'] })).toEqual({
      status: ['NEW', 'PROCESSING', 'SHIPPED', 'DELIVERED'],
    });
    expect(archiveOrdersQuerySchema.parse({ status: ['COMPLETED', 'CANCELLED'] })).toEqual({
      status: ['COMPLETED', 'CANCELLED'],
    });
  });

  it('when a tab is sent a status of the other tab, or more statuses than it has, then it is refused', () => {
    expect(openOrdersQuerySchema.safeParse({ status: 'COMPLETED' }).success).toBe(false);
    expect(archiveOrdersQuerySchema.safeParse({ status: 'NEW' }).success).toBe(false);
    expect(openOrdersQuerySchema.safeParse({ status: ['NEW', 'NEW', 'NEW', 'NEW', 'NEW'] }).success).toBe(false);
    expect(archiveOrdersQuerySchema.safeParse({ status: ['COMPLETED', 'CANCELLED', 'COMPLETED'] }).success).toBe(false);
  });

  it('when every filter is sent, then it parses with numbers read and texts trimmed', () => {
    expect(
      openOrdersQuerySchema.parse({
        page: '2',
        limit: '100',
        search: ' rossi ',
        number: ' 1042 ',
        sort: ['payer_full_name', 'DESC'],
      }),
    ).toEqual({ page: 2, limit: 100, search: 'rossi', number: '1042', sort: ['payer_full_name', 'DESC'] });
  });

  it('when a filter is over its limit or sorts another column, then it is refused', () => {
    expect(issues(openOrdersQuerySchema, { limit: '101' })).toEqual(['limit: Too big: expected number to be <=100']);
    expect(issues(openOrdersQuerySchema, { search: x(101) })).toEqual([
      'search: Too big: expected string to have <=100 characters',
    ]);
    expect(issues(openOrdersQuerySchema, { number: x(41) })).toEqual([
      'number: Too big: expected string to have <=40 characters',
    ]);
    expect(openOrdersQuerySchema.parse({ search: x(100), number: x(40) })).toEqual({ search: x(100), number: x(40) });
    expect(issues(openOrdersQuerySchema, { sort: ['created_at', 'ASC'] })).toEqual([
      'sort.0: Invalid input: expected "payer_full_name"',
    ]);
  });

  it('when the selector sets a status, then any but NEW is accepted', () => {
    expect(orderStatusUpdateSchema.parse({ status: 'COMPLETED' })).toEqual({ status: 'COMPLETED' });
    expect(orderStatusUpdateSchema.safeParse({ status: 'NEW' }).success).toBe(false);
  });

  it('when notifications are filtered and sorted, then the five record statuses and the update date are accepted', () => {
    expect(
      notificationsQuerySchema.parse({
        page: '1',
        limit: '100',
        search: ' maria ',
        status: ['new', 'read', 'resolved', 'approved', 'deleted'],
        sort: ['updated_at', 'ASC'],
      }),
    ).toEqual({
      page: 1,
      limit: 100,
      search: 'maria',
      status: ['new', 'read', 'resolved', 'approved', 'deleted'],
      sort: ['updated_at', 'ASC'],
    });
    expect(notificationsQuerySchema.parse({ status: 'read' })).toEqual({ status: ['read'] });
    expect(issues(notificationsQuerySchema, { limit: '101' })).toEqual(['limit: Too big: expected number to be <=100']);
    expect(issues(notificationsQuerySchema, { search: x(101) })).toEqual([
      'search: Too big: expected string to have <=100 characters',
    ]);
    expect(notificationsQuerySchema.safeParse({ sort: ['email', 'ASC'] }).success).toBe(false);
    expect(notificationsQuerySchema.safeParse({ status: ['new', 'new', 'new', 'new', 'new', 'new'] }).success).toBe(
      false,
    );
  });

  it('when a notification’s status is set, then a record status is accepted and anything else refused', () => {
    expect(notificationUpdateSchema.parse({ status: 'resolved' })).toEqual({ status: 'resolved' });
    expect(notificationUpdateSchema.safeParse({ status: 'NEW' }).success).toBe(false);
  });

  it('when the contact messages are exported, then the filters are those of the list without paging', () => {
    expect(contactsExportQuerySchema.parse({ search: ' maria ', status: 'new', sort: ['updated_at', 'DESC'] })).toEqual(
      {
        search: 'maria',
        status: ['new'],
        sort: ['updated_at', 'DESC'],
      },
    );
    expect(issues(contactsExportQuerySchema, { page: '1' })).toEqual([': Unrecognized key: "page"']);
    expect(issues(contactsExportQuerySchema, { limit: '10' })).toEqual([': Unrecognized key: "limit"']);
  });

  it('when the Open tab is exported, then its statuses and filters are accepted with or without tab=open', () => {
    expect(ordersExportQuerySchema.parse({ tab: 'open', status: 'NEW', number: ' 10 ' })).toEqual({
      tab: 'open',
      status: ['NEW'],
      number: '10',
    });
    expect(ordersExportQuerySchema.parse({ search: 'rossi' })).toEqual({ search: 'rossi' });
  });

  it('when either tab is exported with a page or a limit, then it is refused', () => {
    for (const paging of [{ page: '1' }, { limit: '10' }]) {
      expect(ordersExportQuerySchema.safeParse(paging).success).toBe(false);
      expect(ordersExportQuerySchema.safeParse({ tab: 'open', ...paging }).success).toBe(false);
      expect(ordersExportQuerySchema.safeParse({ tab: 'archive', ...paging }).success).toBe(false);
    }
    expect(ordersExportQuerySchema.parse({ tab: 'archive' })).toEqual({ tab: 'archive' });
  });
});

describe('the papers', () => {
  it('when a selection is printed, then the ids are kept in order with doubles dropped', () => {
    expect(paperworkSelectionSchema.parse({ ids: ['b', 'a', 'b'] })).toEqual({ ids: ['b', 'a'] });
  });

  it('when no order is selected, or more than 200, then it is refused with the reason', () => {
    expect(PAPERWORK_MAX_ORDERS).toBe(200);
    expect(issues(paperworkSelectionSchema, { ids: [] })).toEqual(['ids: Select at least one order']);
    const many = (n: number) => Array.from({ length: n }, (_, i) => `o${i}`);
    expect(issues(paperworkSelectionSchema, { ids: many(201) })).toEqual(['ids: At most 200 orders at a time']);
    expect(paperworkSelectionSchema.parse({ ids: many(200) }).ids).toHaveLength(200);
  });

  it('when an order’s paper is named, then it carries the kind and the order number’s letters, digits and dashes', () => {
    expect(orderPaperFileName('invoice', 'A-1042', 'o1')).toBe('invoice-A-1042.pdf');
    expect(orderPaperFileName('packing-slip', ' #10 42/"x" ', 'o1')).toBe('packing-slip-1042x.pdf');
  });

  it('when the order number is empty or has nothing usable, then the order id names the file, and failing that "order"', () => {
    expect(orderPaperFileName('invoice', '', 'ord-7')).toBe('invoice-ord-7.pdf');
    expect(orderPaperFileName('invoice', '#/', 'ord-7')).toBe('invoice-ord-7.pdf');
    expect(orderPaperFileName('invoice', '', '..')).toBe('invoice-order.pdf');
  });

  it('when a selection’s paper is named, then it carries the local day, zero-padded, and the number of orders', () => {
    expect(selectionPaperFileName('pick-list', new Date(2026, 0, 5, 23, 59), 1)).toBe(
      'pick-list-2026-01-05-1-order.pdf',
    );
    expect(selectionPaperFileName('packing-slips', new Date(2026, 11, 24, 0, 1), 12)).toBe(
      'packing-slips-2026-12-24-12-orders.pdf',
    );
    expect(selectionPaperFileName('pick-list', new Date(2026, 9, 10), 0)).toBe('pick-list-2026-10-10-0-orders.pdf');
  });
});

describe('trackingNumberSchema and orderStatusChangeSchema', () => {
  it('when a tracking number has letters, digits, spaces and dashes, then it is kept trimmed; 64 characters are accepted', () => {
    expect(trackingNumberSchema.parse('  1Z 999-AA ')).toBe('1Z 999-AA');
    expect(trackingNumberSchema.parse(`1${x(63)}`)).toBe(`1${x(63)}`);
  });

  it('when a tracking number is blank, too long, starts with a dash or has other characters, then it is refused', () => {
    expect(issues(trackingNumberSchema, '   ')).toEqual([
      ': A tracking number is required',
      ': A tracking number has letters, digits, spaces and dashes only',
    ]);
    expect(issues(trackingNumberSchema, `1${x(64)}`)).toEqual([': Too big: expected string to have <=64 characters']);
    expect(issues(trackingNumberSchema, '-1Z')).toEqual([
      ': A tracking number has letters, digits, spaces and dashes only',
    ]);
    expect(issues(trackingNumberSchema, '1Z<b>')).toEqual([
      ': A tracking number has letters, digits, spaces and dashes only',
    ]);
  });

  it('when an order is marked shipped with a tracking number, then both are kept; without one, too', () => {
    expect(orderStatusChangeSchema.parse({ status: 'SHIPPED', tracking_number: ' 1Z9 ' })).toEqual({
      status: 'SHIPPED',
      tracking_number: '1Z9',
    });
    expect(orderStatusChangeSchema.parse({ status: 'SHIPPED' })).toEqual({ status: 'SHIPPED' });
    expect(orderStatusChangeSchema.parse({ status: 'DELIVERED' })).toEqual({ status: 'DELIVERED' });
  });

  it('when a tracking number comes with another status, or the status is NEW, then it is refused', () => {
    expect(issues(orderStatusChangeSchema, { status: 'DELIVERED', tracking_number: '1Z9' })).toEqual([
      'tracking_number: A tracking number goes with SHIPPED only',
    ]);
    expect(orderStatusChangeSchema.safeParse({ status: 'NEW' }).success).toBe(false);
  });
});

describe('bulkOrdersSchema’s reasons', () => {
  it('when every order of a shipping gets a number, then it parses; cancelling needs none', () => {
    expect(bulkOrdersSchema.parse({ ids: ['a'], action: 'cancel' })).toEqual({ ids: ['a'], action: 'cancel' });
    expect(bulkOrdersSchema.parse({ ids: ['a'], action: 'complete', tracking_numbers: {} })).toEqual({
      ids: ['a'],
      action: 'complete',
      tracking_numbers: {},
    });
  });

  it('when the bulk checks refuse, then each refusal is a custom issue', () => {
    const codes = (input: unknown) => bulkOrdersSchema.safeParse(input).error?.issues.map((i) => i.code);
    expect(codes({ ids: ['a', 'a'], action: 'complete' })).toEqual(['custom']);
    expect(codes({ ids: ['a'], action: 'ship', tracking_numbers: { a: 'T1', z: 'T2' } })).toEqual(['custom']);
    expect(codes({ ids: ['a'], action: 'cancel', tracking_numbers: { a: 'T1' } })).toEqual(['custom']);
  });

  it('when an order is selected twice, then the reason says so', () => {
    expect(issues(bulkOrdersSchema, { ids: ['a', 'a'], action: 'complete' })).toEqual([
      'ids: An order is selected twice',
    ]);
  });

  it('when a tracking number names an order not selected, then the reason says so', () => {
    expect(issues(bulkOrdersSchema, { ids: ['a'], action: 'ship', tracking_numbers: { a: 'T1', z: 'T2' } })).toEqual([
      'tracking_numbers: A tracking number names no selected order',
    ]);
  });

  it('when tracking numbers come with another action, then the reason says they go with shipping only', () => {
    expect(issues(bulkOrdersSchema, { ids: ['a'], action: 'cancel', tracking_numbers: { a: 'T1' } })).toEqual([
      'tracking_numbers: Tracking numbers go with shipping only',
    ]);
    expect(issues(bulkOrdersSchema, { ids: ['a'], action: 'cancel', tracking_numbers: { z: 'T1' } })).toEqual([
      'tracking_numbers: Tracking numbers go with shipping only',
    ]);
  });

  it('when no order or more than 200 are selected, then it is refused; 200 are accepted', () => {
    expect(BULK_ORDERS_MAX).toBe(200);
    const many = (n: number) => Array.from({ length: n }, (_, i) => `o${i}`);
    expect(issues(bulkOrdersSchema, { ids: [], action: 'cancel' })).toEqual([
      'ids: Too small: expected array to have >=1 items',
    ]);
    expect(issues(bulkOrdersSchema, { ids: many(201), action: 'cancel' })).toEqual([
      'ids: Too big: expected array to have <=200 items',
    ]);
    expect(bulkOrdersSchema.parse({ ids: many(200), action: 'cancel' }).ids).toHaveLength(200);
  });
});

describe('orderNoteSchema', () => {
  it('when a note has tabs and line breaks inside, then it is kept, trimmed', () => {
    expect(orderNoteSchema.parse({ text: '  Call first.\tGate 2\nRing twice\r\nThanks  ' })).toEqual({
      text: 'Call first.\tGate 2\nRing twice\r\nThanks',
    });
  });

  it('when a note is empty after trimming, then it is refused', () => {
    expect(issues(orderNoteSchema, { text: ' \n ' })).toEqual(['text: The note is empty']);
  });

  it('when a note has 2001 characters, then it is refused; 2000 are accepted', () => {
    expect(issues(orderNoteSchema, { text: x(2001) })).toEqual(['text: A note has 2000 characters at most']);
    expect(orderNoteSchema.parse({ text: x(2000) }).text).toHaveLength(2000);
  });

  it('when a note has a C0 control character, DEL or a C1 control character, then it is refused', () => {
    for (const ch of ['\u0000', '\u0007', '\u001b', '\u001f', '\u007f', '\u0080', '\u009f']) {
      expect(issues(orderNoteSchema, { text: `a${ch}b` }), JSON.stringify(ch)).toEqual([
        'text: The note contains control characters',
      ]);
    }
  });

  it('when a note has characters just outside the control ranges, then it is accepted', () => {
    for (const ch of [' ', '~', '\u00a0', 'è', '😀']) {
      expect(orderNoteSchema.parse({ text: `a${ch}b` }).text).toBe(`a${ch}b`);
    }
  });
});

describe('the audit log’s queries', () => {
  it('when the log is filtered by every field, then each is kept', () => {
    expect(
      auditLogQuerySchema.parse({
        collection: 'settings',
        user: 'u-1',
        operation: 'delete',
        from: ' 2026-11-01 ',
        to: '2026-11-24T10:00:00Z',
        record_id: ' rec_1-a ',
        page: '2',
        limit: '100',
      }),
    ).toEqual({
      collection: 'settings',
      user: 'u-1',
      operation: 'delete',
      from: '2026-11-01',
      to: '2026-11-24T10:00:00Z',
      record_id: 'rec_1-a',
      page: 2,
      limit: 100,
    });
  });

  it('when the log is filtered by collection or operation, then exactly those of the log are accepted', () => {
    expect(AUDITED_COLLECTIONS).toEqual([
      'products',
      'categories',
      'settings',
      'users',
      'assets',
      'recipes',
      'changelogs',
      'orders',
      'notifications',
      'coupons',
    ]);
    expect(AUDIT_OPERATIONS).toEqual(['create', 'update', 'delete']);
    for (const collection of AUDITED_COLLECTIONS) {
      expect(auditLogQuerySchema.parse({ collection })).toEqual({ collection });
    }
    expect(auditLogQuerySchema.safeParse({ collection: 'payments' }).success).toBe(false);
    expect(auditLogQuerySchema.safeParse({ operation: 'read' }).success).toBe(false);
  });

  it('when a date is a day, a date-time with Z, a space or an offset, then it is accepted', () => {
    for (const date of [
      '2026-11-24',
      '2026-11-24T10:00:00Z',
      '2026-11-24 10:00:00',
      '2026-11-24T10:00:00.5+01:00',
      '2026-11-24T10:00:00+0100',
    ]) {
      expect(auditLogQuerySchema.parse({ from: date })).toEqual({ from: date });
    }
  });

  it('when a date is in another format or no real date, then it is refused', () => {
    for (const date of [
      '24/11/2026',
      '2026-11-24T',
      'x2026-11-24',
      '2026-11-24Tx',
      '2026-13-45',
      '2026-11-24T10:00Z!',
    ]) {
      expect(issues(auditLogQuerySchema, { to: date }), date).toEqual(['to: A date is YYYY-MM-DD or an ISO date-time']);
    }
  });

  it('when a date the clock could read has more before or after the pattern, then it is refused', () => {
    // Date.parse reads each of these; the pattern must hold from the first character to the last.
    for (const date of ['12026-11-24', '2026-11-24 10:00:00 GMT', '2026-11-24 GMT']) {
      expect(issues(auditLogQuerySchema, { from: date }), date).toEqual([
        'from: A date is YYYY-MM-DD or an ISO date-time',
      ]);
    }
  });

  it('when a date is over 40 characters, then it is refused for its length', () => {
    const long = `2026-11-24T10:00:00.${'0'.repeat(20)}Z`;
    expect(long).toHaveLength(41);
    expect(issues(auditLogQuerySchema, { from: long })[0]).toBe(
      'from: Too big: expected string to have <=40 characters',
    );
  });

  it('when a record id has other characters or over 100, then it is refused; 100 are accepted', () => {
    expect(issues(auditLogQuerySchema, { record_id: 'a b' })).toEqual(['record_id: Invalid record id']);
    expect(issues(auditLogQuerySchema, { record_id: 'a/b' })).toEqual(['record_id: Invalid record id']);
    expect(issues(auditLogQuerySchema, { record_id: x(101) })).toEqual([
      'record_id: Too big: expected string to have <=100 characters',
    ]);
    expect(auditLogQuerySchema.parse({ record_id: x(100) })).toEqual({ record_id: x(100) });
    expect(auditLogQuerySchema.parse({ record_id: '' })).toEqual({ record_id: '' });
  });

  it('when the log is exported, then the same filters are accepted and paging is not', () => {
    expect(auditLogExportQuerySchema.parse({ collection: 'users', operation: 'create' })).toEqual({
      collection: 'users',
      operation: 'create',
    });
    expect(issues(auditLogExportQuerySchema, { page: '1' })).toEqual([': Unrecognized key: "page"']);
    expect(issues(auditLogQuerySchema, { limit: '101' })).toEqual(['limit: Too big: expected number to be <=100']);
  });
});

describe('the live alerts and the order timeline', () => {
  it('when the control centre listens, then these are the event names and the timeline’s entry types', () => {
    expect(LIVE_EVENT_NAMES).toEqual([
      'order.paid',
      'payment.alert',
      'contact.created',
      'stock.low',
      'stock.shortfall',
      'session.ended',
    ]);
    expect(ORDER_EVENT_TYPES).toEqual([
      'paid',
      'status',
      'note',
      'mail_resent',
      'refund',
      'mail_sent',
      'restock',
      'payment',
    ]);
  });
});
