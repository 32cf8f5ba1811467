/**
 * Test data for the checkout spec, created through the real server's API as the demo admin that the seed
 * creates. Every helper fails loudly when the server refuses, so a broken precondition never looks like a
 * broken page.
 */
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import type { PublicConfig, PublicProduct } from '../../packages/shared/src';

const DEMO_ADMIN = { email: 'admin@bottega.example', password: 'Bottega2025!' };

export const sha256hex = (text: string) => createHash('sha256').update(text).digest('hex');
export const uid = () => randomBytes(4).toString('hex');

export interface ProductInput {
  name: string;
  price: number;
  apply_discount?: boolean;
  discount_unit?: '%' | 'CASH';
  discount_amount?: number;
  apply_shipping?: boolean;
  inventory_stock?: boolean;
  published?: boolean;
  quantity_amount?: number;
}

/** The product fields the spec reads back; the same shape as the storefront's PublicProduct pricing fields. */
export type TestProduct = Pick<
  PublicProduct,
  | 'id'
  | 'name'
  | 'price'
  | 'apply_discount'
  | 'discount_unit'
  | 'discount_amount'
  | 'apply_shipping'
  | 'inventory_stock'
>;

/** Payload's REST API acting as the signed-in admin (cookie kept by the request context). */
export class AdminApi {
  private categoryId: string | null = null;

  private constructor(
    private readonly request: APIRequestContext,
    private readonly origin: string,
  ) {}

  static async login(request: APIRequestContext, baseURL: string | undefined): Promise<AdminApi> {
    if (!baseURL) throw new Error('baseURL is not configured');
    const res = await request.post('/api/users/login', {
      data: { email: DEMO_ADMIN.email, password: sha256hex(DEMO_ADMIN.password) },
      headers: { Origin: baseURL },
    });
    expect(res.status(), `admin login: ${await res.text()}`).toBe(200);
    return new AdminApi(request, baseURL);
  }

  /** Payload checks the Origin of cookie-authenticated writes (its CSRF list). */
  private get headers() {
    return { Origin: this.origin };
  }

  async anyCategoryId(): Promise<string> {
    if (this.categoryId) return this.categoryId;
    const res = await this.request.get('/api/categories?limit=1&depth=0', { headers: this.headers });
    expect(res.status(), `categories: ${await res.text()}`).toBe(200);
    const body = (await res.json()) as { docs: { id: string }[] };
    expect(body.docs.length, 'the demo seed has categories').toBeGreaterThan(0);
    this.categoryId = body.docs[0].id;
    return this.categoryId;
  }

  async createProduct(input: ProductInput): Promise<TestProduct> {
    const data = {
      description: 'Made by the family for the checkout test.',
      categories: [await this.anyCategoryId()],
      published: true,
      inventory_stock: true,
      apply_discount: false,
      discount_unit: '%',
      discount_amount: 0,
      apply_shipping: true,
      quantity_amount: 500,
      quantity_unit: 'Ml',
      stars: 4,
      ...input,
    };
    const res = await this.request.post('/api/products', { data, headers: this.headers });
    expect(res.status(), `create product: ${await res.text()}`).toBe(201);
    const { doc } = (await res.json()) as { doc: { id: string } };
    return {
      id: doc.id,
      name: data.name,
      price: data.price,
      apply_discount: data.apply_discount,
      discount_unit: data.discount_unit as TestProduct['discount_unit'],
      discount_amount: data.discount_amount,
      apply_shipping: data.apply_shipping,
      inventory_stock: data.inventory_stock,
    };
  }

  async updateProduct(id: string, data: Partial<ProductInput>): Promise<void> {
    const res = await this.request.patch(`/api/products/${id}`, { data, headers: this.headers });
    expect(res.status(), `update product: ${await res.text()}`).toBe(200);
  }
}

export async function publicConfig(request: APIRequestContext): Promise<PublicConfig> {
  const res = await request.get('/api/v2/config');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { result: PublicConfig }).result;
}

/** Adds a product from its product page and waits for the navbar badge to show the new count. */
export async function addFromProductPage(page: Page, product: TestProduct, expectedBadge: number): Promise<void> {
  await page.goto(`/site/shop/${product.id}`);
  await expect(page.getByTestId('product-name')).toHaveText(product.name);
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('nav-cart-badge')).toHaveText(String(expectedBadge));
}

/** The cart line of one product. */
export const cartLine = (page: Page, productId: string) =>
  page.locator(`[data-testid="cart-line"][data-product-id="${productId}"]`);

export const MOBILE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Full-page screenshots at desktop and phone width: test-results/screenshots/checkout-<name>-<width>.png
 * (the project's output directory, so a run with --output keeps its pictures with its other results).
 */
export async function screenshots(
  page: Page,
  testInfo: TestInfo,
  name: string,
  ready?: () => Promise<void>,
): Promise<void> {
  const before = page.viewportSize() ?? DESKTOP;
  // Cart and payment toasts last a few seconds: the pictures are of the page, not of the notices.
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0, { timeout: 10_000 });
  for (const size of [DESKTOP, MOBILE]) {
    await page.setViewportSize(size);
    await ready?.();
    // Let layout and lazy images settle after the resize.
    await page.waitForTimeout(300);
    const file = path.join(testInfo.project.outputDir, 'screenshots', `checkout-${name}-${size.width}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
    await testInfo.attach(`${name}-${size.width}`, { path: file, contentType: 'image/png' });
  }
  await page.setViewportSize(before);
}
