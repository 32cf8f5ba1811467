// Issue 11 figures: what Payload's panel (/cms, Next.js in the same process) costs the shop's server. The
// baseline is the same server started as if the panel had never been built (CMS_PANEL_DIR at an empty
// folder), alternated with the real one in the same run. Next is loaded on the first /cms request, so the
// start itself should not change; the first panel request pays for loading it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startShop } from './server';

const ROUNDS = 3;

/** Resident memory of a process, from /proc (Linux), in MiB. */
function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

const settle = () => new Promise((r) => setTimeout(r, 1500));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface Round {
  startMs: number;
  idleMiB: number;
  panelFirstMs?: number;
  panelMiB?: number;
}

async function round(withPanel: boolean): Promise<Round> {
  const env: Record<string, string> = {};
  if (!withPanel) env.CMS_PANEL_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'no-panel-'));
  const shop = await startShop({ env });
  try {
    await settle();
    const result: Round = { startMs: shop.firstPageMs, idleMiB: rssMiB(shop.pid) };
    if (withPanel) {
      const t0 = performance.now();
      const res = await fetch(`${shop.baseUrl}/cms/login`);
      await res.text();
      if (res.status !== 200) throw new Error(`/cms/login answered ${res.status}`);
      result.panelFirstMs = performance.now() - t0;
      await settle();
      result.panelMiB = rssMiB(shop.pid);
    }
    return result;
  } finally {
    await shop.stop();
  }
}

export async function benchPanel(): Promise<void> {
  console.log('\n== Content panel /cms (issue 11) ==');
  if (!fs.existsSync(path.join(import.meta.dirname, '..', 'cms', '.next', 'BUILD_ID'))) {
    console.log('panel not built: run npm run build first');
    return;
  }
  const without: Round[] = [];
  const withPanel: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    without.push(await round(false));
    withPanel.push(await round(true));
  }
  const base = { start: median(without.map((r) => r.startMs)), idle: median(without.map((r) => r.idleMiB)) };
  const built = { start: median(withPanel.map((r) => r.startMs)), idle: median(withPanel.map((r) => r.idleMiB)) };
  const first = median(withPanel.map((r) => r.panelFirstMs!));
  const used = median(withPanel.map((r) => r.panelMiB!));
  console.log(
    `cold start to first storefront page: ${base.start.toFixed(0)} ms without the panel build, ${built.start.toFixed(0)} ms with it (×${(built.start / base.start).toFixed(2)})`,
  );
  console.log(
    `resident memory at rest:             ${base.idle.toFixed(0)} MiB without, ${built.idle.toFixed(0)} MiB with (×${(built.idle / base.idle).toFixed(2)})`,
  );
  console.log(
    `first /cms/login (loads Next):       ${first.toFixed(0)} ms (×${(first / base.start).toFixed(2)} of a cold start)`,
  );
  console.log(
    `resident memory once /cms was used:  ${used.toFixed(0)} MiB (×${(used / base.idle).toFixed(2)} of the baseline)`,
  );
}
