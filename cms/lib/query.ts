import { z, type ZodType } from 'zod';
import { badRequest } from './app-error';

export type QueryValue = string | string[];

/**
 * Reads SPEC §7 list queries: `key=value`, arrays as `key[0]=value`. Any other bracket form (e.g.
 * `search[$ne]=x`) stays a literal key, which the strict schemas then reject, so operator objects never
 * reach a database query. A plain key given twice becomes an array and fails a string schema.
 */
export function parseQuery(params: URLSearchParams): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  const indexed: Record<string, Array<[number, string]>> = {};
  for (const [rawKey, value] of params) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)\[(\d{0,3})\]$/.exec(rawKey);
    if (m) {
      const [, key, index] = m;
      (indexed[key] ??= []).push([index === '' ? Number.MAX_SAFE_INTEGER : Number(index), value]);
      continue;
    }
    const existing = out[rawKey];
    if (existing === undefined) out[rawKey] = value;
    else out[rawKey] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  for (const [key, pairs] of Object.entries(indexed)) {
    if (key in out) throw badRequest(`Query key "${key}" is given both as a value and as an array`);
    out[key] = pairs.sort((a, b) => a[0] - b[0]).map(([, v]) => v);
  }
  // Empty values are "not given" (SPEC §7 omits them on the client too).
  for (const [key, value] of Object.entries(out)) if (value === '') delete out[key];
  return out;
}

export function parseWith<S extends ZodType>(schema: S, data: unknown): z.output<S> {
  return schema.parse(data);
}
