/**
 * Loaded into the server under test only (NODE_OPTIONS=--import, see hostile-sweep-canary.test.ts), never part
 * of the shop: a loopback listener of its own that tells whether any shared prototype of the server's process
 * changed. GET /baseline remembers every own property of the built-in prototypes; GET /changes lists what was
 * added, removed or replaced since. A prototype polluted through a request shows here at once, whatever the
 * polluted key breaks later. Node runs this file as it is (type stripping), before tsx is registered.
 */
import http from 'node:http';

const PROTOTYPES: Record<string, object> = {
  Object: Object.prototype,
  Array: Array.prototype,
  Function: Function.prototype,
  String: String.prototype,
  Number: Number.prototype,
  Boolean: Boolean.prototype,
  Date: Date.prototype,
  RegExp: RegExp.prototype,
  Error: Error.prototype,
  Promise: Promise.prototype,
  Map: Map.prototype,
  Set: Set.prototype,
};

type Snapshot = Map<string, PropertyDescriptor>;

function snapshot(): Snapshot {
  const properties: Snapshot = new Map();
  for (const [name, prototype] of Object.entries(PROTOTYPES)) {
    for (const key of Reflect.ownKeys(prototype)) {
      properties.set(`${name}.prototype.${String(key)}`, Object.getOwnPropertyDescriptor(prototype, key)!);
    }
  }
  return properties;
}

const sameDescriptor = (a: PropertyDescriptor, b: PropertyDescriptor) =>
  a.value === b.value && a.get === b.get && a.set === b.set && a.enumerable === b.enumerable;

function changesSince(baseline: Snapshot) {
  const now = snapshot();
  const added = [...now.keys()].filter((key) => !baseline.has(key));
  const removed = [...baseline.keys()].filter((key) => !now.has(key));
  const replaced = [...now.keys()].filter(
    (key) => baseline.has(key) && !sameDescriptor(baseline.get(key)!, now.get(key)!),
  );
  return { added, removed, replaced };
}

let baseline = snapshot();

const probe = http.createServer((req, res) => {
  if (req.url === '/baseline') baseline = snapshot();
  else if (req.url !== '/changes') {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(changesSince(baseline)));
});
// Never what keeps the server's process alive, nor what it waits for when it shuts down.
probe.unref();
probe.listen(0, '127.0.0.1', () => {
  const { port } = probe.address() as { port: number };
  process.stdout.write(`prototype-probe listening on ${port}\n`);
});
