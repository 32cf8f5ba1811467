import {
  commitTransaction,
  createLocalReq,
  initTransaction,
  killTransaction,
  type Payload,
  type PayloadRequest,
} from 'payload';
import {
  richTextHeading,
  richTextLink,
  richTextList,
  richTextParagraph,
  richTextRoot,
  richTextText,
} from '@shop/shared';
import { staticAssetsDir } from '../lib/paths';
import { clientPasswordHash } from '../lib/client-password';
import { CATEGORIES, CHANGELOGS, type CategoryKey, NOTIFICATIONS, PRODUCTS, RECIPES } from './catalog-data';
import { artworkSvg, mapLimited, renderPng, writeStaticImages } from './artwork';
import { DEMO_ADMIN } from './demo-admin';
import { buildOrderHistory, createOrders, type SellableProduct } from './orders-history';

/**
 * Development only: printed on start. A production demo install (SEED_DEMO=true with NODE_ENV=production)
 * gets the demo data without this account, whose password is published here and in the README: its admin
 * comes from ADMIN_EMAIL/ADMIN_PASSWORD (services/first-admin.ts) as in any production shop.
 */
export { DEMO_ADMIN };

export const DEMO_SETTINGS = {
  shipment_amount: 7.9,
  shipment_method: 'USPS Priority Mail',
  admin_email: 'shop@bottegadifamiglia.example',
  shop_name: 'Bottega di Famiglia',
  // A made-up address (the .example of street addresses): the demo's papers show where one goes.
  shop_address: '118 Mulberry Street\nNew York, NY 10013\nUnited States',
} as const;

const DAY = 24 * 60 * 60 * 1000;
/** Image uploads run a few at a time: sharp keeps both cores busy. */
const IMAGE_CONCURRENCY = 4;

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

export interface SeedSummary {
  categories: number;
  products: number;
  recipes: number;
  assets: number;
  orders: number;
  notifications: number;
  changelogs: number;
  ms: number;
  /** Milliseconds per step. */
  steps: Record<string, number>;
}

/**
 * Fills an empty database with the demo shop: categories, products, recipes and their generated pictures,
 * the storefront's static pictures, shop settings, two years of orders, contact messages, a changelog and
 * the demo admin (not in production, see DEMO_ADMIN). Does nothing when products already exist.
 */
export async function seedDemo(payload: Payload): Promise<void> {
  await seedDemoData(payload);
}

/** seedDemo with a summary for the CLI; null when the database already had products. */
export async function seedDemoData(payload: Payload): Promise<SeedSummary | null> {
  const { totalDocs: existing } = await payload.count({ collection: 'products', overrideAccess: true });
  if (existing > 0) {
    payload.logger.info(`Demo data not seeded: the database already has ${existing} products`);
    return null;
  }

  const startedAt = performance.now();
  const steps: Record<string, number> = {};
  let stepStart = startedAt;
  const step = (name: string) => {
    const t = performance.now();
    steps[name] = Math.round(t - stepStart);
    stepStart = t;
  };

  const staticImages = writeStaticImages(staticAssetsDir);
  const images = await uploadImages(payload);
  step('images');

  // Everything else goes in one transaction (when the database has them): much faster on SQLite, and a
  // failed seed leaves no half-filled catalogue behind, so the next start seeds again from scratch.
  const req = await createLocalReq({}, payload);
  await initTransaction(req);
  let orders = 0;
  try {
    orders = await writeDocuments(payload, req, images, step);
    await commitTransaction(req);
  } catch (err) {
    await killTransaction(req);
    throw err;
  }
  await staticImages;
  step('static images');

  const summary: SeedSummary = {
    categories: CATEGORIES.length,
    products: PRODUCTS.length,
    recipes: RECIPES.length,
    assets: images.size,
    orders,
    notifications: NOTIFICATIONS.length,
    changelogs: CHANGELOGS.length,
    ms: Math.round(performance.now() - startedAt),
    steps,
  };
  payload.logger.info(
    `Demo data seeded in ${summary.ms} ms: ${summary.products} products, ${summary.categories} categories, ` +
      `${summary.recipes} recipes, ${summary.assets} images, ${summary.orders} orders`,
  );
  return summary;
}

const imageKey = (kind: 'category' | 'product' | 'recipe', name: string) => `${kind}-${slug(name)}`;

/** Renders every picture (cms/seed/images/) and uploads it as a PNG; the assets collection stores WebP in three sizes. */
async function uploadImages(payload: Payload): Promise<Map<string, string>> {
  const jobs = [
    ...CATEGORIES.map((c) => ({ key: imageKey('category', c.name), alt: c.name })),
    ...PRODUCTS.map((p) => ({ key: imageKey('product', p.name), alt: p.name })),
    ...RECIPES.map((r) => ({ key: imageKey('recipe', r.name), alt: r.name })),
  ];
  const ids = await mapLimited(jobs, IMAGE_CONCURRENCY, async (job) => {
    const data = await renderPng(await artworkSvg(job.key));
    const doc = await payload.create({
      collection: 'assets',
      data: { alt: job.alt },
      file: { data, mimetype: 'image/png', name: `${job.key}.png`, size: data.length },
      depth: 0,
      overrideAccess: true,
    });
    return String(doc.id);
  });
  return new Map(jobs.map((job, i) => [job.key, ids[i]]));
}

async function writeDocuments(
  payload: Payload,
  req: PayloadRequest,
  images: Map<string, string>,
  step: (name: string) => void,
): Promise<number> {
  const now = Date.now();
  const daysAgo = (days: number, minutes = 0) => new Date(now - days * DAY + minutes * 60 * 1000).toISOString();
  const image = (kind: 'category' | 'product' | 'recipe', name: string) => images.get(imageKey(kind, name)) ?? null;
  const common = { depth: 0, overrideAccess: true, req } as const;

  // Categories, in display order.
  const categoryIds = new Map<CategoryKey, string>();
  for (const [i, c] of CATEGORIES.entries()) {
    const doc = await payload.create({
      collection: 'categories',
      data: {
        name: c.name,
        description: c.description,
        img: image('category', c.name),
        published: true,
        createdAt: daysAgo(820, i),
        updatedAt: daysAgo(820, i),
      },
      ...common,
    });
    categoryIds.set(c.key, String(doc.id));
  }

  // Products, oldest first, each with its own back-dated createdAt: the Home page shows the latest ones.
  const sellable: SellableProduct[] = [];
  const byAge = [...PRODUCTS].sort((a, b) => b.addedDaysAgo - a.addedDaysAgo);
  for (const [i, p] of byAge.entries()) {
    const category_ids = p.categories.map((key) => categoryIds.get(key)!);
    const img = image('product', p.name);
    const created = daysAgo(p.addedDaysAgo, i);
    const doc = await payload.create({
      collection: 'products',
      data: {
        name: p.name,
        description: p.description,
        price: p.price,
        stars: p.stars,
        img,
        categories: category_ids,
        inventory_stock: p.inventory_stock ?? true,
        quantity_amount: p.quantity_amount,
        quantity_unit: p.quantity_unit,
        published: p.published ?? true,
        apply_discount: Boolean(p.discount),
        discount_unit: p.discount?.unit ?? '%',
        discount_amount: p.discount?.amount ?? 0,
        apply_shipping: p.apply_shipping ?? true,
        createdAt: created,
        // Discounts started a few weeks ago (the order history applies them from then on).
        updatedAt: p.discount ? daysAgo(Math.min(p.addedDaysAgo, 45), i) : created,
      },
      ...common,
    });
    sellable.push({
      id: String(doc.id),
      name: p.name,
      price: p.price,
      discount: p.discount ?? null,
      apply_shipping: p.apply_shipping ?? true,
      inventory_stock: p.inventory_stock ?? true,
      published: p.published ?? true,
      category_ids,
      isGift: p.categories[0] === 'gifts',
      img_id: img,
      popularity: p.popularity,
      addedDaysAgo: p.addedDaysAgo,
    });
  }

  const productIds = new Map(sellable.map((p) => [p.name, p.id]));
  const productId = (name: string) => {
    const id = productIds.get(name);
    if (!id) throw new Error(`A demo recipe names a product the demo catalogue lacks: ${name}`);
    return id;
  };
  for (const [i, r] of RECIPES.entries()) {
    await payload.create({
      collection: 'recipes',
      data: {
        name: r.name,
        description: r.description,
        ingredients: r.ingredients.map((item) => ({ item })),
        body: richTextRoot([
          richTextParagraph([
            richTextText(r.intro.before),
            richTextText(r.intro.bold, { bold: true }),
            richTextText(r.intro.after),
          ]),
          richTextHeading('Method'),
          richTextList(r.directions, 'number'),
          richTextParagraph([richTextText('Read more: '), richTextLink(r.reading.label, r.reading.url, true)]),
        ]),
        img: image('recipe', r.name),
        products: r.products.map((entry) =>
          typeof entry === 'string'
            ? { product: productId(entry), quantity: 1 }
            : { product: productId(entry[0]), quantity: entry[1] },
        ),
        _status: 'published',
        createdAt: daysAgo(r.addedDaysAgo, i),
        updatedAt: daysAgo(r.addedDaysAgo, i),
      },
      ...common,
    });
  }
  step('catalogue');

  await payload.updateGlobal({
    slug: 'shop-settings',
    data: {
      categories_order: CATEGORIES.map((c) => categoryIds.get(c.key)!),
      currency_code: 'USD',
      shipment_amount: DEMO_SETTINGS.shipment_amount,
      shipment_method: DEMO_SETTINGS.shipment_method,
      admin_email: DEMO_SETTINGS.admin_email,
      shop_name: DEMO_SETTINGS.shop_name,
      shop_address: DEMO_SETTINGS.shop_address,
      payment_method: ['paypal', 'card', 'venmo', 'paylater'],
      payment_country: ['US'],
      paypal_env: 'development',
    },
    ...common,
  });

  const { totalDocs: adminExists } = await payload.count({
    collection: 'users',
    where: { email: { equals: DEMO_ADMIN.email } },
    overrideAccess: true,
    req,
  });
  if (adminExists === 0 && process.env.NODE_ENV !== 'production') {
    await payload.create({
      collection: 'users',
      data: {
        email: DEMO_ADMIN.email,
        password: clientPasswordHash(DEMO_ADMIN.password),
        firstname: 'Pina',
        lastname: 'Esposito',
        telephone: '+1 212 555 0100',
        active: true,
      },
      ...common,
    });
  }

  for (const { daysAgo: age, ...data } of NOTIFICATIONS) {
    await payload.create({
      collection: 'notifications',
      data: { ...data, createdAt: daysAgo(age, 37), updatedAt: daysAgo(age, 37) },
      ...common,
    });
  }
  for (const { daysAgo: age, summary, points, ...data } of CHANGELOGS) {
    await payload.create({
      collection: 'changelogs',
      data: {
        ...data,
        body: richTextRoot([richTextParagraph(summary), richTextList(points, 'bullet')]),
        date: daysAgo(age),
        _status: 'published',
        createdAt: daysAgo(age),
        updatedAt: daysAgo(age),
      },
      ...common,
    });
  }
  step('settings, admin, messages');

  const orders = buildOrderHistory(sellable, DEMO_SETTINGS, new Date(now));
  await createOrders(payload, orders, req);
  step('orders');
  return orders.length;
}
