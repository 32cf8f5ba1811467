/**
 * Issue 33 §1: the storefront's routes get their data from react-router loaders run in the server's own
 * process, and its forms work without JavaScript. What the server receives while it draws a page (a request
 * log written by request-log.mjs inside the server), the tracking search and the contact form sent as plain
 * HTML forms, their rate limits, and hostile form bodies.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AdminClient, repoRoot, type RawResponse, startServer, type TestServer, uid } from './harness';
import { countDocs, createOrder, createProduct } from './factories';
import { decodeHtml, requireWebBuild } from './storefront-html';

const LOOKUP_LIMIT = 4;
const CONTACT_LIMIT = 3;

let server: TestServer;
let admin: AdminClient;
let requestLog: string;

beforeAll(async () => {
  requireWebBuild(['web/dist/index.html', 'web/dist/.vite/manifest.json', 'web/dist-ssr/entry-server.js']);
  requestLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-requests-')), 'requests.log');
  const hook = path.join(repoRoot, 'cms/test/request-log.mjs');
  server = await startServer({
    contactRateLimit: CONTACT_LIMIT,
    env: {
      ORDER_LOOKUP_RATE_LIMIT: String(LOOKUP_LIMIT),
      REQUEST_LOG_FILE: requestLog,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${hook}`.trim(),
    },
  });
  admin = await server.loginAdmin();
});
afterAll(() => server?.stop());

/** The requests the server received since the log was last emptied, as "METHOD url". */
function received(): string[] {
  return fs.existsSync(requestLog) ? fs.readFileSync(requestLog, 'utf8').split('\n').filter(Boolean) : [];
}
const emptyLog = () => fs.rmSync(requestLog, { force: true });

interface Handover {
  data?: Record<string, { status: number }>;
  routes?: { loaderData: Record<string, unknown>; actionData: Record<string, unknown> | null };
}

const handoverOf = (res: RawResponse): Handover | null => {
  const text = /<script type="application\/json" id="shop-handover">([\s\S]*?)<\/script>/.exec(res.text)?.[1];
  return text ? (JSON.parse(text) as Handover) : null;
};
const pageText = (res: RawResponse) =>
  decodeHtml(res.text.replace(/<style[\s\S]*?<\/style>|<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, ' ')).replace(
    /\s+/g,
    ' ',
  );

const page = (pathname: string) => server.raw({ path: pathname, headers: { accept: 'text/html' } });
const sendForm = (pathname: string, body: string, contentType = 'application/x-www-form-urlencoded') =>
  server.raw({ method: 'POST', path: pathname, headers: { accept: 'text/html', 'content-type': contentType }, body });

describe('a page drawn on the server', () => {
  beforeEach(emptyLog);

  it('when a search page and a product page are drawn, then the server receives the two page requests and nothing else, and each page hands over exactly the keys its loaders named', async () => {
    const name = `Olio Loader ${uid()}`;
    const product = await createProduct(admin, { name, price: 12.5 });
    emptyLog();

    const search = await page(`/site/shop?search=${encodeURIComponent(name)}`);
    const productPage = await page(`/site/shop/${product.id}`);

    expect(search.status).toBe(200);
    expect(productPage.status).toBe(200);
    // Without loaders in process the server asked its own /api/v2 for config, products, categories and
    // suggestions over HTTP: each of those was a request in this log.
    expect(received()).toEqual([`GET /site/shop?search=${encodeURIComponent(name)}`, `GET /site/shop/${product.id}`]);
    expect(Object.keys(handoverOf(search)?.data ?? {}).sort()).toEqual(
      [
        'categories',
        'config',
        `products/suggestions?search=${encodeURIComponent(name)}`,
        `products?search=${encodeURIComponent(name)}&limit=10&page=1`,
      ].sort(),
    );
    expect(Object.keys(handoverOf(productPage)?.data ?? {}).sort()).toEqual(['config', `products/${product.id}`]);
    // Drawn from those answers: the product and its price, no loading state.
    expect(pageText(search)).toContain(name);
    expect(pageText(productPage)).toContain('$12.50');
    expect(handoverOf(productPage)?.routes).toEqual({ loaderData: { site: null, product: null }, actionData: null });
  });
});

describe('the tracking search without JavaScript', () => {
  it('when a real number, an unknown one and a malformed one are sent, then the first goes to its order page and the others say SPEC §8\'s words on the page; past the lookup limit the page says "Request already sent!"', async () => {
    const order = await createOrder(admin, { payer_given_name: 'Tracking' });
    const number = String(order.number);

    const found = await page(`/site/tracking?number=${number.toLowerCase()}`);
    expect(found.status).toBe(303);
    expect(found.headers.location).toBe(`/site/orders/${order.id}`);
    expect(found.headers['cache-control']).toBe('no-store');

    const unknown = await page('/site/tracking?number=ZZZZ9999');
    expect(unknown.status).toBe(200);
    expect(pageText(unknown)).toContain(
      'Opsss!, No orders found! Check that the order number is correct and try again...',
    );
    expect(unknown.headers['cache-control']).toBe('no-store');

    // Not a number at all: refused by the shared schema without a lookup (and without counting against the limit).
    const malformed = await page(`/site/tracking?number=${encodeURIComponent('<b>1</b>')}`);
    expect(malformed.status).toBe(200);
    expect(pageText(malformed)).toContain('Opsss!, No orders found!');
    expect(malformed.text).not.toContain('<b>1</b>');

    // Two lookups have been counted (the malformed one counts on the route too): up to the limit of 4 they are
    // answered, then the page says it is too soon.
    const third = await page('/site/tracking?number=ZZZZ9998');
    expect(pageText(third)).toContain('Opsss!, No orders found!');
    const fourth = await page('/site/tracking?number=ZZZZ9997');
    expect(pageText(fourth)).toContain(
      'Request already sent! You have already submitted another request a short time ago',
    );
    expect(fourth.status).toBe(200);
    // The tracking page itself, without a search, is not limited.
    const plain = await page('/site/tracking');
    expect(plain.status).toBe(200);
    expect(pageText(plain)).toContain('Track your order');
    expect(pageText(plain)).not.toContain('Request already sent!');
  });
});

describe('the contact form without JavaScript', () => {
  const valid = (firstname: string) =>
    new URLSearchParams({
      firstname,
      lastname: 'Rossi',
      email: 'maria.rossi@example.com',
      telephone: '+39 055 123 4567',
      title: 'Gift boxes',
      message: 'Do you ship gift boxes to Milan?',
      terms: 'on',
    }).toString();

  it("when sent with a bad email and no last name, then 400 with the form again: SPEC §8's invalid-form words, each field's reason, the typed values kept, and nothing stored", async () => {
    const before = await countDocs(admin, 'notifications');
    const res = await sendForm(
      '/site/contact',
      'firstname=Maria&lastname=&email=not-an-email&title=Hello&message=Ciao&terms=on',
    );
    expect(res.status).toBe(400);
    const text = pageText(res);
    expect(text).toContain('Cannot send request! Check that all fields are entered correctly');
    expect(text).toContain('Please enter your last name');
    expect(text).toContain('Please enter a valid email address');
    expect(res.text).toMatch(/name="firstname"[^>]*value="Maria"/);
    expect(res.text).toMatch(/name="email"[^>]*value="not-an-email"/);
    expect(await countDocs(admin, 'notifications')).toBe(before);
  });

  it('when sent without the terms ticked, then 400 with "Please accept the terms" and nothing stored; with them, the thanks and one message stored; past the limit, "Request already sent!" and nothing stored; hostile bodies never 5xx', async () => {
    const before = await countDocs(admin, 'notifications');
    const firstname = `Maria${uid().slice(0, 6)}`;

    const withoutTerms = await sendForm('/site/contact', valid(firstname).replace('&terms=on', ''));
    expect(withoutTerms.status).toBe(400);
    expect(pageText(withoutTerms)).toContain(
      'Please accept the terms Tick the terms and conditions box before sending your message.',
    );
    expect(await countDocs(admin, 'notifications')).toBe(before);

    const sent = await sendForm('/site/contact', valid(firstname));
    expect(sent.status).toBe(200);
    expect(pageText(sent)).toContain(`Thank you, ${firstname}!`);
    expect(pageText(sent)).toContain('maria.rossi@example.com');
    expect(handoverOf(sent)?.routes?.actionData).toEqual({
      contact: { sent: { firstname, email: 'maria.rossi@example.com' } },
    });
    expect(await countDocs(admin, 'notifications')).toBe(before + 1);
    const stored = await admin.api(`/api/notifications?where[firstname][equals]=${firstname}`);
    expect(stored.body.docs).toHaveLength(1);
    expect(stored.body.docs[0]).toMatchObject({
      lastname: 'Rossi',
      title: 'Gift boxes',
      telephone: '+39 055 123 4567',
    });

    // The limit of 3 counts every form sent to the page, like every POST to /api/v2/contacts: the first
    // test's, the one without terms and the one sent. The next is turned away.
    const limited = await sendForm('/site/contact', valid(`${firstname}x`));
    expect(limited.status).toBe(429);
    expect(pageText(limited)).toContain(
      'Request already sent! You have already submitted another request a short time ago',
    );
    expect(limited.text).toMatch(/name="message"[^>]*>Do you ship gift boxes to Milan\?</);
    expect(await countDocs(admin, 'notifications')).toBe(before + 1);

    // Another site's form posting in its visitor's name is refused before anything is read.
    const crossSite = await server.raw({
      method: 'POST',
      path: '/site/contact',
      headers: {
        accept: 'text/html',
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://elsewhere.example',
      },
      body: valid(`${firstname}y`),
    });
    expect(crossSite.status).toBe(403);
    // A browser names no origin ("null") for a form on a page whose Referrer-Policy is no-referrer, as the
    // shop's are: then where it came from is the browser's Sec-Fetch-Site.
    const formHeaders = { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', origin: 'null' };
    const foreignNull = await server.raw({
      method: 'POST',
      path: '/site/contact',
      headers: { ...formHeaders, 'sec-fetch-site': 'cross-site' },
      body: valid(`${firstname}z`),
    });
    expect(foreignNull.status).toBe(403);
    const ownNull = await server.raw({
      method: 'POST',
      path: '/site/contact',
      headers: { ...formHeaders, 'sec-fetch-site': 'same-origin' },
      body: valid(`${firstname}w`),
    });
    // Taken, and turned away only by the limit it has reached.
    expect(ownNull.status).toBe(429);

    const hostile: Array<[string, string]> = [
      ['{"firstname":"Maria"}', 'application/json'],
      ['firstname=a&firstname=b&__proto__[x]=1&constructor=1', 'application/x-www-form-urlencoded'],
      [`message=${'x'.repeat(300_000)}`, 'application/x-www-form-urlencoded'],
      ['%E0%A4%A=1&email=%', 'application/x-www-form-urlencoded'],
      ['', 'text/plain'],
    ];
    for (const [body, type] of hostile) {
      const res = await sendForm('/site/contact', body, type);
      expect(res.status, `${type} ${body.slice(0, 40)}`).toBeLessThan(500);
      expect(res.status, `${type} ${body.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
      // The shop answers the next shopper as before.
      const canary = await server.raw({ path: '/api/v2/config' });
      expect(canary.status).toBe(200);
    }
    expect(await countDocs(admin, 'notifications')).toBe(before + 1);
  });
});
