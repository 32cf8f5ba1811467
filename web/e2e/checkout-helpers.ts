/**
 * Test data for the checkout spec, created through the real server's API as the demo admin that the seed
 * creates. Every helper fails loudly when the server refuses, so a broken precondition never looks like a
 * broken page.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import type { PublicConfig, PublicProduct } from '../../packages/shared/src';
import { AdminApi } from './support/admin-api';
import { SCREENSHOTS } from './support/screens';

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

/** The checkout spec's view of the shared AdminApi: products come back as the pricing fields it checks. */
export class CheckoutAdmin {
  private constructor(private readonly api: AdminApi) {}

  static async login(request: APIRequestContext, baseURL: string | undefined): Promise<CheckoutAdmin> {
    if (!baseURL) throw new Error('baseURL is not configured');
    return new CheckoutAdmin(await AdminApi.login(request, baseURL));
  }

  async createProduct(input: ProductInput): Promise<TestProduct> {
    const doc = await this.api.createProduct({
      description: 'Made by the family for the checkout test.',
      stars: 4,
      ...input,
      categories: [await this.api.anyCategoryId()],
    });
    return {
      id: doc.id,
      name: doc.name,
      price: doc.price,
      apply_discount: doc.apply_discount,
      discount_unit: doc.discount_unit,
      discount_amount: doc.discount_amount,
      apply_shipping: doc.apply_shipping,
      inventory_stock: doc.inventory_stock,
    };
  }

  async updateProduct(id: string, data: Partial<ProductInput>): Promise<void> {
    await this.api.updateProduct(id, data);
  }

  /** The stored order, as the admin REST API has it. */
  order(id: string) {
    return this.api.get(`/api/orders/${id}?depth=0`);
  }

  /** How many shop orders name this PayPal order (exactly one, however often it was captured). */
  async countOrdersFor(paypalOrderId: string): Promise<number> {
    const body = await this.api.get(
      `/api/orders/count?where[paypal_order_id][equals]=${encodeURIComponent(paypalOrderId)}`,
    );
    return Number(body.totalDocs);
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
  // Without pictures only `ready` is left to do, at both widths (it may assert what each width shows).
  if (!SCREENSHOTS && !ready) return;
  // Cart and payment toasts last a few seconds: the pictures are of the page, not of the notices.
  if (SCREENSHOTS) await expect(page.locator('.ant-notification-notice')).toHaveCount(0, { timeout: 10_000 });
  for (const size of [DESKTOP, MOBILE]) {
    await page.setViewportSize(size);
    await ready?.();
    if (!SCREENSHOTS) continue;
    // Let layout and lazy images settle after the resize.
    await page.waitForTimeout(300);
    const file = path.join(testInfo.project.outputDir, 'screenshots', `checkout-${name}-${size.width}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
    await testInfo.attach(`${name}-${size.width}`, { path: file, contentType: 'image/png' });
  }
  await page.setViewportSize(before);
}
