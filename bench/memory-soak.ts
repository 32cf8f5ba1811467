// Issue 29 §2 and §3 figures: a production start as `npm start` runs it (scripts/start.mjs under its
// supervisor, package.json's node flags: a 160 MB heap), with a catalogue of 30 products, takes SOAK_URLS
// (default 10,000) distinct hostile addresses (made-up page numbers, searches, parameters nobody reads, long
// paths, unknown ids), a shopper's request after every tenth. Reported: the serving process's largest
// resident memory (the goal: at most 250 MB), shoppers' requests that did not answer 200 (the goal: none),
// and then how long the shop is down after a SIGKILL of the serving process (the goal: under 10 s).
import { createCategory, createProduct } from '../cms/test/factories';
import {
  alive,
  benignUrls,
  hostileUrls,
  signInAdmin,
  soak,
  startSupervisedShop,
  untilReady,
} from '../cms/test/hostile-urls';

const SOAK_URLS = Number(process.env.SOAK_URLS ?? 10_000);

export async function benchMemorySoak(): Promise<void> {
  console.log('\n== Memory under hostile addresses, and a restart (issue 29) ==');
  const shop = await startSupervisedShop();
  try {
    const admin = await signInAdmin(shop);
    const category = await createCategory(admin, { name: 'Olio e conserve' });
    const productIds: string[] = [];
    for (let i = 0; i < 30; i++) {
      const product = await createProduct(admin, {
        name: `Olio del frantoio ${i}`,
        categories: [category.id],
        description: `Extra virgin olive oil pressed within hours of the harvest, lot ${i}. `.repeat(70),
      });
      productIds.push(product.id);
    }
    const pid = shop.serverPid()!;
    const started = performance.now();
    const result = await soak(shop.baseUrl, hostileUrls(SOAK_URLS, productIds), benignUrls(productIds), shop.serverPid);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${result.hostile} hostile addresses and ${result.benign} shoppers' requests in ${seconds.toFixed(0)} s: ` +
        `server resident memory at most ${result.maxRssMiB} MiB (goal ≤ 250), ` +
        `${result.benignFailures.length} shoppers' requests not 200 (goal 0), ` +
        `${result.hostileFailures.length} hostile requests answered 5xx or not at all, ` +
        `server ${shop.serverPid() === pid ? 'never restarted' : 'RESTARTED'}`,
    );
    for (const failure of [...result.benignFailures, ...result.hostileFailures].slice(0, 10))
      console.log(`  ${failure}`);

    const killed = shop.serverPid()!;
    process.kill(killed, 'SIGKILL');
    const killedAt = performance.now();
    while (alive(killed)) await new Promise((resolve) => setTimeout(resolve, 10));
    await untilReady(shop, 120_000);
    console.log(
      `SIGKILL of the serving process: /readyz 200 again after ${Math.round(performance.now() - killedAt)} ms (goal < 10,000)`,
    );
  } finally {
    await shop.stop();
  }
}
