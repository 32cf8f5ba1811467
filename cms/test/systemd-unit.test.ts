/**
 * deploy/bottega-shop.service, the shop on a plain server under systemd (issue 29 §3): systemd's own parser
 * checks it where systemd-analyze exists, and the file is held to what keeps the shop up and contained.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './harness';
import { startEnv, startNodeFlags } from './hostile-urls';

const unitFile = path.join(repoRoot, 'deploy', 'bottega-shop.service');
const unitText = fs.readFileSync(unitFile, 'utf8');

/** Every value of `key` in the unit, in order (a key may repeat, as Environment= does). */
function values(key: string): string[] {
  return unitText
    .split('\n')
    .filter((line) => line.startsWith(`${key}=`))
    .map((line) => line.slice(key.length + 1).trim());
}
const value = (key: string) => {
  const found = values(key);
  expect(found, key).toHaveLength(1);
  return found[0];
};
/** Environment= lines as variables. */
const environment = () =>
  Object.fromEntries(values('Environment').flatMap((line) => line.split(/\s+/).map((pair) => pair.split('='))));

const analyze = spawnSync('sh', ['-c', 'command -v systemd-analyze'], { encoding: 'utf8' }).stdout.trim();

describe('systemd unit', () => {
  it.skipIf(!analyze)('when systemd-analyze verifies the unit, then it reports nothing', () => {
    // On a machine whose node lives elsewhere than /usr/bin, the copy names this node (verify checks the path).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-unit-'));
    const copy = path.join(dir, 'bottega-shop.service');
    fs.writeFileSync(copy, unitText.replace('ExecStart=/usr/bin/node ', `ExecStart=${process.execPath} `));
    const verified = spawnSync(analyze, ['verify', copy], { encoding: 'utf8' });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(verified.stderr).toBe('');
    expect(verified.status).toBe(0);
  });

  it('when the shop dies or the supervisor ends, then systemd starts it again, within limits that leave a refused configuration failed', () => {
    expect(value('Restart')).toBe('always');
    expect(value('RestartSec')).toBe('5');
    expect(value('StartLimitBurst')).toBe('5');
    expect(value('StartLimitIntervalSec')).toBe('300');
    expect(value('KillMode')).toBe('mixed');
  });

  it('when systemd starts the shop, then it runs npm start with the same node flags and malloc setting as package.json', () => {
    expect(value('ExecStart')).toBe(`/usr/bin/node ${startNodeFlags().join(' ')} scripts/start.mjs`);
    expect(value('ExecStart')).toBe('/usr/bin/node --max-old-space-size=160 --max-semi-space-size=4 scripts/start.mjs');
    expect(environment()).toMatchObject({ ...startEnv(), NODE_ENV: 'production' });
  });

  it('when the shop runs, then it runs as its own user, without new privileges, and writes only its data folder', () => {
    expect(value('User')).toBe('bottega');
    expect(value('User')).not.toBe('root');
    expect(value('EnvironmentFile')).toBe('/etc/bottega-shop/shop.env');
    expect(value('NoNewPrivileges')).toBe('yes');
    expect(value('ProtectSystem')).toBe('strict');
    expect(value('ProtectHome')).toBe('yes');
    expect(value('PrivateTmp')).toBe('yes');
    expect(value('CapabilityBoundingSet')).toBe('');
    const dataDir = environment().DATA_DIR;
    expect(dataDir).toBe('/var/lib/bottega-shop');
    expect(value('ReadWritePaths')).toBe(dataDir);
    expect(environment().UPLOADS_DIR).toBe(`${dataDir}/uploads`);
    expect(value('MemoryMax')).toBe('600M');
  });
});
