/**
 * Test data through the real HTTP API, as the demo admin (the seed creates it on the e2e server).
 *
 * Payload's REST API (/api/<collection>) takes the `payload-token` cookie that login sets, but only when the
 * request also carries an Origin of the shop itself (its CSRF guard): every admin call here sends one.
 */
import { createHash, randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import sharp from 'sharp';

export const DEMO_ADMIN = { email: 'admin@bottega.example', password: 'Bottega2025!' } as const;

/** What the browser sends as the password (SPEC §5): the SHA-256 hex of the plain text. */
export const sha256hex = (plain: string): string => createHash('sha256').update(plain, 'utf8').digest('hex');

/**
 * A short word nobody else uses: 9 lowercase letters and digits, starting with a letter, so that a name
 * search for it finds exactly the record that carries it.
 */
export function uniqueWord(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const chars = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let word = letters[randomInt(letters.length)];
  for (let i = 0; i < 8; i += 1) word += chars[randomInt(chars.length)];
  return word;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Doc = { id: string; [field: string]: any };

export interface ProductInput {
  name: string;
  description?: string;
  price?: number;
  categories: string[];
  img?: string;
  stars?: number;
  inventory_stock?: boolean;
  apply_discount?: boolean;
  discount_unit?: string;
  discount_amount?: number;
  quantity_amount?: number;
  quantity_unit?: string;
  apply_shipping?: boolean;
  published?: boolean;
  /** Issue 24: units counted (absent: not counted) and the "Only N left" threshold. */
  stock_quantity?: number;
  low_stock_threshold?: number;
}

/** One line of an order as PayPal's capture leaves it. */
export interface OrderLineSeed {
  product_id: string;
  product: string;
  price: number;
  quantity: number;
}

/**
 * An order made through Payload's REST API, as a capture would leave it. Only the payer and the lines are the
 * test's to choose; the rest is a plausible US parcel. The amount paid defaults to the lines plus shipping.
 */
export interface OrderSeed {
  payer_full_name: string;
  products: OrderLineSeed[];
  status?: 'NEW' | 'PROCESSING' | 'SHIPPED' | 'DELIVERED' | 'CANCELLED' | 'COMPLETED';
  payer_email_address?: string;
  shipment_amount?: number;
  transaction_gross_amount?: string;
  transaction_paypal_fee?: string;
  transaction_net_amount?: string;
}

async function explain(res: APIResponse): Promise<string> {
  return `${res.status()} ${res.url()}: ${(await res.text()).slice(0, 500)}`;
}

export class AdminApi {
  private someCategoryId: string | null = null;

  private constructor(
    private readonly request: APIRequestContext,
    private readonly origin: string,
  ) {}

  /**
   * Signs in as the control centre does (SHA-256 hex); the request context keeps the payload-token cookie for
   * the calls that follow.
   */
  static async login(request: APIRequestContext, baseURL: string): Promise<AdminApi> {
    const origin = new URL(baseURL).origin;
    const res = await request.post('/api/v2/auth/login', {
      headers: { Origin: origin },
      data: { email: DEMO_ADMIN.email, password: sha256hex(DEMO_ADMIN.password) },
    });
    expect(res.status(), await explain(res)).toBe(200);
    return new AdminApi(request, origin);
  }

  async get(path: string): Promise<Doc> {
    const res = await this.request.get(path, { headers: { Origin: this.origin } });
    expect(res.status(), await explain(res)).toBe(200);
    return (await res.json()) as Doc;
  }

  private async create(collection: string, data: Record<string, unknown>): Promise<Doc> {
    const res = await this.request.post(`/api/${collection}`, { headers: { Origin: this.origin }, data });
    expect(res.status(), await explain(res)).toBe(201);
    const body = (await res.json()) as { doc: Doc };
    expect(body.doc?.id, `created ${collection} has an id`).toBeTruthy();
    return body.doc;
  }

  createCategory(name: string, description = 'Made for the storefront end-to-end test.'): Promise<Doc> {
    return this.create('categories', { name, description, published: true });
  }

  /** A published, in-stock 500 Ml product with the shop's form defaults (SPEC §4 "Form defaults"). */
  createProduct(input: ProductInput): Promise<Doc> {
    return this.create('products', {
      description: 'Cold-pressed from this autumn’s olives. Created by the storefront end-to-end test.',
      price: 18.5,
      published: true,
      inventory_stock: true,
      apply_discount: false,
      discount_unit: '%',
      discount_amount: 0,
      apply_shipping: true,
      quantity_amount: 500,
      quantity_unit: 'Ml',
      stars: 5,
      ...input,
    });
  }

  /** Any category of the demo seed, for specs that do not care which one a product is in. */
  async anyCategoryId(): Promise<string> {
    if (!this.someCategoryId) {
      const body = await this.get('/api/categories?limit=1&depth=0');
      expect(body.docs.length, 'the demo seed has categories').toBeGreaterThan(0);
      this.someCategoryId = String(body.docs[0].id);
    }
    return this.someCategoryId;
  }

  async updateProduct(id: string, data: Partial<ProductInput> & { published?: boolean }): Promise<Doc> {
    const res = await this.request.patch(`/api/products/${id}`, { headers: { Origin: this.origin }, data });
    expect(res.status(), await explain(res)).toBe(200);
    return ((await res.json()) as { doc: Doc }).doc;
  }

  /** A discount code through Payload's REST API (the /cms panel's door), active unless told otherwise. */
  createCoupon(data: {
    code: string;
    kind: 'percent' | 'cash';
    amount: number;
    active?: boolean;
    /** ISO times; absent: no limit. */
    starts_at?: string;
    ends_at?: string;
  }): Promise<Doc> {
    return this.create('coupons', data);
  }

  async updateCoupon(id: string, data: { active?: boolean; amount?: number }): Promise<Doc> {
    const res = await this.request.patch(`/api/coupons/${id}`, { headers: { Origin: this.origin }, data });
    expect(res.status(), await explain(res)).toBe(200);
    return ((await res.json()) as { doc: Doc }).doc;
  }

  /** POST /api/assets as multipart (field `file`), the way the admin gallery uploads. */
  async uploadPng(png: Buffer, filename: string): Promise<Doc> {
    const res = await this.request.post('/api/assets', {
      headers: { Origin: this.origin },
      multipart: { file: { name: filename, mimeType: 'image/png', buffer: png } },
    });
    expect(res.status(), await explain(res)).toBe(201);
    return ((await res.json()) as { doc: Doc }).doc;
  }

  /** An order as seeded by `seed` (see OrderSeed); answers its id and number with the rest of the stored row. */
  createOrder(seed: OrderSeed): Promise<Doc & { number: string }> {
    const shipment = seed.shipment_amount ?? 7.9;
    const lines = seed.products.reduce((sum, l) => sum + l.price * l.quantity, 0);
    return this.create('orders', {
      status: 'PROCESSING',
      payer_email_address: `${seed.payer_full_name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`,
      shipment_full_name: seed.payer_full_name,
      shipment_method: 'USPS Priority Mail',
      shipment_address: {
        address_line_1: '350 5th Ave',
        admin_area_1: 'NY',
        admin_area_2: 'New York',
        postal_code: '10118',
        country_code: 'US',
      },
      transaction_id: `E2E${uniqueWord().toUpperCase()}`,
      transaction_status: 'COMPLETED',
      transaction_gross_amount: (lines + shipment).toFixed(2),
      currency_code: 'USD',
      ...seed,
      shipment_amount: shipment,
    }) as Promise<Doc & { number: string }>;
  }

  /** The order page's status change (PUT admin/orders/{id}), with a tracking number when it is SHIPPED. */
  async setOrderStatus(id: string, status: string, trackingNumber?: string): Promise<Doc> {
    const res = await this.request.put(`/api/v2/admin/orders/${id}`, {
      headers: { Origin: this.origin },
      data: trackingNumber === undefined ? { status } : { status, tracking_number: trackingNumber },
    });
    expect(res.status(), await explain(res)).toBe(200);
    return ((await res.json()) as { result: Doc }).result;
  }

  /** Notifications (contact messages) sent from one email address, newest first. */
  async notificationsFrom(email: string): Promise<Doc[]> {
    const body = await this.get(`/api/notifications?where[email][equals]=${encodeURIComponent(email)}&sort=-createdAt`);
    return body.docs as Doc[];
  }
}

/**
 * A product photo stand-in: a bottle of oil on a warm background, drawn as SVG and rendered to PNG by sharp.
 * No text, so it looks the same whatever fonts the machine has.
 */
export function oilBottlePng(hue: 'green' | 'amber' = 'green'): Promise<Buffer> {
  const oil = hue === 'green' ? '#8a9a2b' : '#b8741f';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#f6ecd9"/><stop offset="1" stop-color="#e4d3b4"/>
      </linearGradient>
      <linearGradient id="oil" x1="0" y1="0" x2="1" y2="0">
        <stop offset="0" stop-color="${oil}" stop-opacity="0.95"/><stop offset="0.5" stop-color="${oil}" stop-opacity="0.75"/>
        <stop offset="1" stop-color="${oil}" stop-opacity="0.95"/>
      </linearGradient>
    </defs>
    <rect width="800" height="800" fill="url(#bg)"/>
    <ellipse cx="400" cy="690" rx="190" ry="26" fill="#000" opacity="0.12"/>
    <rect x="370" y="120" width="60" height="70" rx="8" fill="#3b3026"/>
    <path d="M360 190 h80 v70 q70 40 70 120 v280 q0 30 -30 30 h-160 q-30 0 -30 -30 v-280 q0 -80 70 -120 z" fill="url(#oil)" stroke="#5c4a32" stroke-width="6"/>
    <rect x="315" y="420" width="170" height="150" rx="10" fill="#fbf4e6" stroke="#5c4a32" stroke-width="4"/>
    <path d="M400 440 c0 40 6 70 30 100" fill="none" stroke="#5a6e2c" stroke-width="6" stroke-linecap="round"/>
    <ellipse cx="380" cy="490" rx="12" ry="24" transform="rotate(-35 380 490)" fill="#5a6e2c"/>
    <ellipse cx="425" cy="500" rx="11" ry="20" transform="rotate(40 425 500)" fill="#7d8f45"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
