import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as r from './api-responses';

/** A reply that satisfies its schema comes out of parsing exactly as it went in, nested records included. */
const roundTrip = (schema: z.ZodType, reply: unknown) => expect(schema.parse(reply)).toEqual(reply);

/**
 * For the replies issue 22 is widening (refunds, tracking links): the reply is sent with the new fields too, and
 * every field checked here comes out as sent, whether or not the schema already has the new ones.
 */
const keeps = (schema: z.ZodType, reply: Record<string, unknown>, extra: Record<string, unknown>) =>
  expect(schema.parse({ ...reply, ...extra })).toMatchObject(reply);
const ORDER_EXTRA = {
  transaction_refunded_amount: '0.00',
  refund_state: 'NONE',
  tracking_number: null,
  tracking_url: null,
};

const AT = '2026-11-24T10:00:00.000Z';
const image = { id: 'img1' };
const product = {
  id: 'p1',
  name: 'Olio Nuovo',
  description: 'First pressing.',
  price: 18.5,
  stars: 5,
  img: image,
  img_id: 'img1',
  categories: [{ id: 'c1', name: 'Oils' }],
  inventory_stock: true,
  quantity_amount: 500,
  quantity_unit: 'Ml',
  published: true,
  apply_discount: true,
  discount_unit: 'CASH',
  discount_amount: 2,
  apply_shipping: false,
  updated_at: AT,
  stock_left: 3,
};
const category = {
  id: 'c1',
  name: 'Oils',
  description: 'Cold pressed.',
  img: null,
  img_id: null,
  published: true,
  updated_at: AT,
};
const richText = {
  root: {
    type: 'root',
    version: 1,
    direction: 'ltr',
    children: [
      { type: 'paragraph', version: 1, format: '', children: [{ type: 'text', version: 1, text: 'Mix well.' }] },
    ],
  },
};
const address = {
  address_line_1: 'Via Roma 1',
  address_line_2: null,
  admin_area_1: 'CA',
  admin_area_2: 'San José',
  postal_code: '95112',
  country_code: 'US',
};
const line = {
  id: 'l1',
  product: 'p1',
  price: 18.5,
  quantity: 2,
  apply_discount: false,
  discount_unit: '%',
  discount_amount: 0,
};
const publicOrder = {
  id: 'o1',
  number: 'A1042',
  created_at: AT,
  status: 'SHIPPED',
  payer_full_name: 'Maria Rossi',
  payer_email_address: 'maria@example.com',
  shipment_full_name: 'Maria Rossi',
  shipment_amount: 9.9,
  shipment_method: 'UPS Ground',
  shipment_address: address,
  transaction_id: 'TX1',
  transaction_status: 'COMPLETED',
  transaction_gross_amount: '46.90',
  currency_code: 'USD',
  coordinates: [37.33, -121.89],
  products: [line],
};
const changelog = {
  id: 'ch1',
  version: '1.2.0',
  title: 'Recipes',
  description: 'Recipes fill the cart.',
  body: richText,
  date: AT,
  created_at: AT,
};

describe('the envelope', () => {
  it('when a list reply names its count, page and limit, then it parses as sent', () => {
    roundTrip(r.paginationSchema, { count: 0, page: 1, limit: 10 });
    roundTrip(r.paginationSchema, { count: 250 });
  });

  it('when a count is below 0 or a page below 1, then the pagination is refused', () => {
    expect(r.paginationSchema.safeParse({ count: -1 }).success).toBe(false);
    expect(r.paginationSchema.safeParse({ count: 3, page: 0 }).success).toBe(false);
    expect(r.paginationSchema.safeParse({ count: 3, page: 2, limit: 1 }).success).toBe(true);
  });

  it('when a single record is wrapped, then result and the literal status make the reply, without pagination', () => {
    const schema = r.envelopeOf(r.suggestionSchema, 200);
    roundTrip(schema, { result: { id: 'p1', name: 'Olio' }, status: 200 });
    expect(schema.parse({ result: { id: 'p1', name: 'Olio' }, status: 200, pagination: { count: 1 } })).toEqual({
      result: { id: 'p1', name: 'Olio' },
      status: 200,
    });
    expect(schema.safeParse({ result: { id: 'p1', name: 'Olio' }, status: 201 }).success).toBe(false);
  });

  it('when a list is wrapped, then its pagination is required and kept', () => {
    const schema = r.envelopeOf(r.suggestionSchema.array(), 200, true);
    roundTrip(schema, {
      result: [{ id: 'p1', name: 'Olio' }],
      status: 200,
      pagination: { count: 1, page: 1, limit: 10 },
    });
    expect(schema.safeParse({ result: [{ id: 'p1', name: 'Olio' }], status: 200 }).success).toBe(false);
  });

  it('when an error reply holds a sentence, field issues, a notice or a sentence with details, then each parses as sent', () => {
    const schema = r.errorEnvelopeOf(400);
    roundTrip(schema, { result: 'Not found', status: 400 });
    roundTrip(schema, { result: [{ path: 'email', message: 'Invalid email' }], status: 400 });
    roundTrip(schema, { result: { title: 'Too many login attempts!', description: 'Wait.' }, status: 400 });
    roundTrip(schema, { result: { message: 'Some products are unavailable', products: ['p1'] }, status: 400 });
    expect(schema.safeParse({ result: 'Not found', status: 404 }).success).toBe(false);
    expect(schema.safeParse({ result: 42, status: 400 }).success).toBe(false);
    expect(schema.safeParse({ result: { products: ['p1'] }, status: 400 }).success).toBe(false);
  });

  it('when the error envelope of one status is asked for twice, then it is the same schema, named after the status', () => {
    expect(r.errorEnvelopeOf(409)).toBe(r.errorEnvelopeOf(409));
    expect(r.errorEnvelopeOf(409)).not.toBe(r.errorEnvelopeOf(410));
    expect(r.errorEnvelopeOf(409).meta()).toEqual({ id: 'Error409' });
    roundTrip(r.errorEnvelopeOf(409), { result: 'Conflict', status: 409 });
  });
});

describe('the storefront replies', () => {
  it('when a product, a category and a category with its products are sent, then each parses as sent', () => {
    roundTrip(r.imageRefSchema, image);
    roundTrip(r.categoryRefSchema, { id: 'c1', name: 'Oils' });
    roundTrip(r.publicProductSchema, product);
    roundTrip(r.publicProductSchema, { ...product, img: null, img_id: null, categories: [] });
    roundTrip(r.publicCategorySchema, { ...category, products: 12 });
    roundTrip(r.categoryDetailSchema, { ...category, products: [product] });
  });

  it('when a product’s discount unit is not % or CASH, then it is refused', () => {
    expect(r.publicProductSchema.safeParse({ ...product, discount_unit: 'EUR' }).success).toBe(false);
  });

  it('when a recipe with rich text and products is sent, then it parses as sent, unknown rich-text keys kept', () => {
    roundTrip(r.richTextValueSchema, richText);
    roundTrip(r.recipeProductSchema, { ...product, unit_price: 16.5, recipe_quantity: 2 });
    roundTrip(r.recipeSchema, {
      id: 'r1',
      name: 'Bruschetta',
      description: 'Toast, oil, salt.',
      ingredients: ['Bread', 'Oil'],
      directions: ['Toast', 'Pour'],
      body: richText,
      img: image,
      created_at: AT,
      products: [{ ...product, unit_price: 16.5, recipe_quantity: 1 }],
    });
  });

  it('when a rich-text value is not rooted in a root node, then it is refused', () => {
    expect(r.richTextValueSchema.safeParse({ root: { ...richText.root, type: 'paragraph' } }).success).toBe(false);
    expect(r.richTextNodeSchema.safeParse({ type: 'text', version: 1, children: [{ type: 'text' }] }).success).toBe(
      false,
    );
  });

  it('when the public config, a suggestion, an order and a payment are sent, then each parses as sent', () => {
    roundTrip(r.publicConfigSchema, {
      currency_code: 'USD',
      payment_method: ['paypal', 'card'],
      payment_country: ['US'],
      shipment_amount: 9.9,
      shipment_method: 'UPS Ground',
      paypal: { client_id: 'sb', sdk_base_url: null, env: 'emulator' },
    });
    roundTrip(r.suggestionSchema, { id: 'p1', name: 'Olio Nuovo' });
    expect(r.suggestionSchema.safeParse({ name: 'Olio Nuovo' }).success, 'a suggestion without its product id').toBe(
      false,
    );
    roundTrip(r.shipmentAddressSchema, { ...address, address_line_2: 'Scala B' });
    roundTrip(r.orderLineSchema, line);
    keeps(r.publicOrderSchema, publicOrder, ORDER_EXTRA);
    keeps(r.publicOrderSchema, { ...publicOrder, coordinates: null }, ORDER_EXTRA);
    roundTrip(r.idResultSchema, { id: 'o1' });
    roundTrip(r.confirmationResentSchema, { sent: true });
    roundTrip(r.webhookReceiptSchema, { received: true, order: null });
    roundTrip(r.webhookReceiptSchema, { received: true, order: 'o1' });
  });

  it('when a payment reply is CREATED, COMPLETED or PENDING, then it parses; any other status is refused', () => {
    roundTrip(r.paymentReplySchema, { status: 'CREATED', id: 'PP1', secret: 's3cr3t' });
    roundTrip(r.paymentReplySchema, { status: 'COMPLETED', id: 'PP1' });
    roundTrip(r.paymentReplySchema, { status: 'PENDING', id: 'PP1' });
    expect(r.paymentReplySchema.safeParse({ status: 'FAILED', id: 'PP1' }).success).toBe(false);
  });
});

describe('the control centre’s replies', () => {
  it('when the session, an invite, the dashboard and the settings are sent, then each parses as sent', () => {
    roundTrip(r.adminSessionSchema, { id: 'u1', email: 'anna@example.com', firstname: 'Anna', lastname: 'Bianchi' });
    roundTrip(r.inviteCheckSchema, { email: 'anna@example.com', role: 'editor' });
    roundTrip(r.changelogSchema, changelog);
    roundTrip(r.dashboardCountsSchema, {
      sell: { current: 1200.5, previous: 1000, delta: 200.5 },
      orders: 3,
      notifications: 2,
      contacts: 0,
      changelogs: [changelog, { ...changelog, id: 'ch2', body: null }],
      low_stock: [{ id: 'p1', name: 'Olio Nuovo', stock_quantity: 2, low_stock_threshold: 3 }],
    });
    const shop = {
      categories_order: ['c2', 'c1'],
      currency_code: 'USD',
      shipment_amount: 9.9,
      shipment_method: 'UPS Ground',
      admin_email: 'shop@example.com',
      shop_name: 'Bottega di Famiglia',
      shop_address: 'Via Roma 1\nFirenze',
      payment_method: ['paypal'],
      payment_country: ['US'],
    };
    const settings = {
      paypal_env: 'emulator',
      constants: { quantity_units: [{ value: 'Ml' }], discount_units: [{ value: '%' }] },
    };
    expect(r.adminConfigReplySchema.parse({ shop: { ...shop, tracking_url_template: '' }, ...settings })).toMatchObject(
      {
        shop,
        ...settings,
      },
    );
  });

  it('when the dashboard says there are contacts, then it is refused (SPEC §2: always 0)', () => {
    expect(
      r.dashboardCountsSchema.safeParse({
        sell: { current: 0, previous: 0, delta: 0 },
        orders: 0,
        notifications: 0,
        contacts: 1,
        changelogs: [],
        low_stock: [],
      }).success,
    ).toBe(false);
  });

  it('when orders, their history, events and bulk results are sent, then each parses as sent', () => {
    keeps(
      r.adminOrderListItemSchema,
      {
        id: 'o1',
        number: 'A1042',
        created_at: AT,
        status: 'NEW',
        payer_full_name: 'Maria Rossi',
        payer_email_address: 'maria@example.com',
        transaction_gross_amount: '46.90',
        currency_code: 'USD',
        refund_state: 'FULLY',
      },
      { transaction_status: 'COMPLETED' },
    );
    expect(
      r.adminOrderListItemSchema.safeParse({
        id: 'o1',
        number: 'A1042',
        created_at: AT,
        status: 'NEW',
        payer_full_name: 'Maria Rossi',
        payer_email_address: 'maria@example.com',
        transaction_gross_amount: '46.90',
        transaction_status: 'REFUNDED',
        currency_code: 'USD',
        refund_state: 'ALL',
      }).success,
    ).toBe(false);
    const change = { from: 'NEW', to: 'PROCESSING', at: AT, by_id: 'u1', by: 'Anna Bianchi <anna@example.com>' };
    roundTrip(r.orderStatusChangeRecordSchema, change);
    roundTrip(r.orderStatusChangeRecordSchema, { ...change, from: null, by_id: null });
    keeps(
      r.adminOrderSchema,
      { ...publicOrder, transaction_paypal_fee: '1.90', transaction_net_amount: '45.00', history: [change] },
      { ...ORDER_EXTRA, refunds: [], refundable_amount: '46.90' },
    );
    roundTrip(r.salesPointSchema, { x: 'Nov 2026', y: 1200.5 });
    roundTrip(r.bulkOrderResultSchema, { id: 'o1', number: 'A1042', ok: true, from: 'NEW', to: 'CANCELLED' });
    roundTrip(r.bulkOrderResultSchema, {
      id: 'zz',
      number: '',
      ok: false,
      from: null,
      to: 'COMPLETED',
      error: 'No such order',
    });
  });

  it('when a timeline event is sent, then its fields come out as sent', () => {
    const event = {
      id: 'e1',
      type: 'status',
      at: AT,
      by: 'system',
      by_id: null,
      from: 'PROCESSING',
      to: 'SHIPPED',
      tracking_number: '1Z999',
      note: null,
    };
    // Issue 22 adds a refund's amount to the events; what is checked here holds with or without it.
    expect(r.orderEventSchema.parse({ ...event, amount: null })).toMatchObject(event);
  });

  it('when an order status is not one of the six, then the order is refused', () => {
    expect(
      r.orderStatusChangeRecordSchema.safeParse({ from: null, to: 'LOST', at: AT, by_id: null, by: 'x' }).success,
    ).toBe(false);
  });

  it('when notifications, audit entries, catalogue records, users, analytics rows and recipes are sent, then each parses as sent', () => {
    roundTrip(r.adminNotificationSchema, {
      id: 'n1',
      firstname: 'Maria',
      lastname: 'Rossi',
      email: 'maria@example.com',
      telephone: null,
      title: 'Gift box',
      message: 'Do you ship to Canada?',
      type: 'contact',
      status: 'new',
      updated_at: AT,
      created_at: AT,
    });
    roundTrip(r.auditEntrySchema, {
      id: 'a1',
      at: AT,
      by: 'Anna Bianchi <anna@example.com>',
      user_id: 'u1',
      collection: 'products',
      record_id: 'p1',
      record_name: 'Olio Nuovo',
      operation: 'update',
      changes: { price: { before: 18, after: 18.5 }, name: { after: 'Olio Nuovo' } },
    });
    roundTrip(r.adminProductSchema, {
      ...product,
      publish_at: null,
      created_at: AT,
      stock_quantity: 3,
      low_stock_threshold: 5,
    });
    roundTrip(r.adminCategorySchema, { ...category, products: 4, publish_at: AT, created_at: AT });
    roundTrip(r.adminAssetSchema, { id: 'img1', created_at: AT, width: 800, height: 600, filesize: 51200 });
    roundTrip(r.adminUserSchema, {
      id: 'u1',
      firstname: 'Anna',
      lastname: 'Bianchi',
      email: 'anna@example.com',
      telephone: '+39 055 123',
      role: 'editor',
      active: true,
      invited: true,
      last_access: null,
      updated_at: AT,
    });
    roundTrip(r.analyticsResultSchemas.year, [
      { id: '2026', gross_amount: 100.5, refunded_amount: 2, fee_amount: 3.5, sales_amount: 98.5, net_amount: 95 },
    ]);
    roundTrip(r.analyticsResultSchemas.month, [
      { id: '11', gross_amount: 10, refunded_amount: 0, fee_amount: 0.5, sales_amount: 10, net_amount: 9.5 },
    ]);
    roundTrip(r.analyticsResultSchemas.categories, [{ id: 'c1', name: 'Oils', value: 7, sales_amount: 70 }]);
    roundTrip(r.analyticsResultSchemas.bestseller, [
      { id: 'p1', name: 'Olio Nuovo', img: image, sells: 7, sales_amount: 70 },
    ]);
    roundTrip(r.analyticsResultSchemas.map, [{ id: 'o1', coordinates: [37.33, -121.89] }]);
    roundTrip(r.analyticsResultSchemas.coupons, [
      {
        code: 'SPRING',
        orders: 1,
        refunded_orders: 1,
        discount_amount: 3,
        gross_amount: 60,
        refunded_amount: 30,
        sales_amount: 30,
      },
    ]);
    roundTrip(r.adminRecipeSchema, {
      id: 'r1',
      name: 'Bruschetta',
      status: 'changed',
      products: [{ id: 'p1', name: 'Olio Nuovo', price: 18.5, published: true, inventory_stock: false, quantity: 2 }],
      updated_at: AT,
    });
  });
});

describe('the names the API description gives the schemas', () => {
  it('when the document is built, then each reply schema is the component named here', () => {
    const names = Object.fromEntries(
      Object.entries({
        paginationSchema: r.paginationSchema,
        fieldIssueSchema: r.fieldIssueSchema,
        errorResultSchema: r.errorResultSchema,
        imageRefSchema: r.imageRefSchema,
        categoryRefSchema: r.categoryRefSchema,
        publicProductSchema: r.publicProductSchema,
        publicCategorySchema: r.publicCategorySchema,
        categoryDetailSchema: r.categoryDetailSchema,
        richTextNodeSchema: r.richTextNodeSchema,
        richTextValueSchema: r.richTextValueSchema,
        recipeProductSchema: r.recipeProductSchema,
        recipeSchema: r.recipeSchema,
        publicConfigSchema: r.publicConfigSchema,
        suggestionSchema: r.suggestionSchema,
        shipmentAddressSchema: r.shipmentAddressSchema,
        orderLineSchema: r.orderLineSchema,
        publicOrderSchema: r.publicOrderSchema,
        paymentReplySchema: r.paymentReplySchema,
        idResultSchema: r.idResultSchema,
        adminSessionSchema: r.adminSessionSchema,
        inviteCheckSchema: r.inviteCheckSchema,
        changelogSchema: r.changelogSchema,
        dashboardCountsSchema: r.dashboardCountsSchema,
        adminConfigReplySchema: r.adminConfigReplySchema,
        adminOrderListItemSchema: r.adminOrderListItemSchema,
        orderStatusChangeRecordSchema: r.orderStatusChangeRecordSchema,
        adminOrderSchema: r.adminOrderSchema,
        salesPointSchema: r.salesPointSchema,
        adminNotificationSchema: r.adminNotificationSchema,
        bulkOrderResultSchema: r.bulkOrderResultSchema,
        orderEventSchema: r.orderEventSchema,
        auditEntrySchema: r.auditEntrySchema,
        adminProductSchema: r.adminProductSchema,
        adminCategorySchema: r.adminCategorySchema,
        adminAssetSchema: r.adminAssetSchema,
        adminUserSchema: r.adminUserSchema,
        salesRowSchema: r.salesRowSchema,
        categorySalesSchema: r.categorySalesSchema,
        bestsellerSchema: r.bestsellerSchema,
        mapPointSchema: r.mapPointSchema,
        adminRecipeProductSchema: r.adminRecipeProductSchema,
        adminRecipeSchema: r.adminRecipeSchema,
      }).map(([key, schema]) => [key, schema.meta()?.id]),
    );
    expect(names).toEqual({
      paginationSchema: 'Pagination',
      fieldIssueSchema: 'FieldIssue',
      errorResultSchema: 'ErrorResult',
      imageRefSchema: 'ImageRef',
      categoryRefSchema: 'CategoryRef',
      publicProductSchema: 'Product',
      publicCategorySchema: 'Category',
      categoryDetailSchema: 'CategoryDetail',
      richTextNodeSchema: 'RichTextNode',
      richTextValueSchema: 'RichText',
      recipeProductSchema: 'RecipeProduct',
      recipeSchema: 'Recipe',
      publicConfigSchema: 'PublicConfig',
      suggestionSchema: 'Suggestion',
      shipmentAddressSchema: 'ShipmentAddress',
      orderLineSchema: 'OrderLine',
      publicOrderSchema: 'PublicOrder',
      paymentReplySchema: 'PaymentReply',
      idResultSchema: 'IdResult',
      adminSessionSchema: 'AdminSession',
      inviteCheckSchema: 'InviteCheck',
      changelogSchema: 'Changelog',
      dashboardCountsSchema: 'DashboardCounts',
      adminConfigReplySchema: 'AdminConfig',
      adminOrderListItemSchema: 'AdminOrderListItem',
      orderStatusChangeRecordSchema: 'OrderStatusChange',
      adminOrderSchema: 'AdminOrder',
      salesPointSchema: 'SalesPoint',
      adminNotificationSchema: 'Notification',
      bulkOrderResultSchema: 'BulkOrderResult',
      orderEventSchema: 'OrderEvent',
      auditEntrySchema: 'AuditEntry',
      adminProductSchema: 'AdminProduct',
      adminCategorySchema: 'AdminCategory',
      adminAssetSchema: 'Asset',
      adminUserSchema: 'User',
      salesRowSchema: 'SalesRow',
      categorySalesSchema: 'CategorySales',
      bestsellerSchema: 'Bestseller',
      mapPointSchema: 'MapPoint',
      adminRecipeProductSchema: 'AdminRecipeProduct',
      adminRecipeSchema: 'AdminRecipe',
    });
  });

  it('when a schema or field carries a description or a format, then the document shows it', () => {
    expect(r.paginationSchema.meta()).toEqual({
      id: 'Pagination',
      description: 'Lists only: how many records match, and the page shown.',
    });
    expect(r.richTextValueSchema.meta()).toEqual({
      id: 'RichText',
      description: 'A Lexical rich-text value; image nodes carry their ImageRef.',
    });
    expect(r.publicCategorySchema.shape.products.meta()).toEqual({ description: 'How many products it holds.' });
    expect(r.recipeProductSchema.shape.unit_price.meta()).toEqual({ description: 'One unit after its discount.' });
    expect(r.adminOrderSchema.shape.created_at.meta()).toEqual({ format: 'date-time' });
    expect(r.adminOrderSchema.shape.status.meta()).toEqual({ id: 'OrderStatus' });
  });
});
