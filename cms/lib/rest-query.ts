import type { FlattenedField, SanitizedConfig } from 'payload';
import { badRequest } from './app-error';
import { PROTOTYPE_KEYS } from './prototype-keys';

/**
 * A guard for the query string of Payload's own REST API (/api/<collection>, /api/globals/<slug>).
 *
 * Payload hands `where`, `limit`, `page`, `depth` and `sort` to its database adapter with little checking,
 * and several malformed values reach code that throws a plain error (500) instead of answering 400:
 * `near`/`within`/`intersects`/`all` on ordinary fields, an array or object where one value is expected
 * (`where[name][like][0]=a`), a date compared with text, a string `where` that is not JSON, a page or limit
 * of 1e308. Everything the shop's own clients send passes; anything else is refused here, before Payload.
 */

/** The operators a shop query may use; the geometric ones need point fields (there are none) and `all` crashes. */
const SCALAR_OPERATORS = new Set([
  'equals',
  'not_equals',
  'like',
  'not_like',
  'contains',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
  'exists',
]);
const LIST_OPERATORS = new Set(['in', 'not_in']);
const LOGICAL_KEYS = new Set(['and', 'or']);

/** One word per segment, as Payload's own SAFE_FIELD_PATH_REGEX. */
const FIELD_PATH = /^\w+(?:\.\w+)*$/;
/**
 * A field path is also never a prototype's name: `__proto__` is a word, and Payload's query sanitiser writes
 * through it into Object.prototype (issue 29).
 */
const isFieldPath = (path: string) => FIELD_PATH.test(path) && !path.split('.').some((s) => PROTOTYPE_KEYS.has(s));
const isSortItem = (item: string) => isFieldPath(item.startsWith('-') ? item.slice(1) : item);
/** qs parses at most 10 levels; a deeper key would be read differently by Payload than by this guard. */
const MAX_KEY_DEPTH = 8;
const MAX_WHERE_NESTING = 5;

const NUMBER_PARAMS: Record<string, { min: number; max: number }> = {
  depth: { min: 0, max: 10 },
  limit: { min: 0, max: 1000 },
  page: { min: 1, max: 1_000_000 },
};

/** A query-string value as qs builds it: a string, or a tree of them keyed by bracket segments. */
type Node = string | string[] | { [key: string]: Node };

const isTree = (node: Node | undefined): node is { [key: string]: Node } =>
  typeof node === 'object' && node !== null && !Array.isArray(node);

const invalid = (what: string) => badRequest(`Invalid query: ${what}`);

/** `where[a][b]` → ['where', 'a', 'b']; null when the key is not plain bracket syntax. */
function splitKey(key: string): string[] | null {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!m) return null;
  const segments = [m[1]];
  for (const seg of m[2].matchAll(/\[([^[\]]*)\]/g)) segments.push(seg[1]);
  return segments;
}

/** Builds the guarded parameters the way qs would; a key given as both a value and a tree is refused. */
function readParams(params: URLSearchParams, names: Set<string>): Record<string, Node> {
  const out: Record<string, Node> = {};
  for (const [key, value] of params) {
    const segments = splitKey(key);
    const top = segments?.[0] ?? key.split('[')[0];
    if (!names.has(top)) continue;
    if (!segments || segments.length > MAX_KEY_DEPTH) throw invalid(`malformed key "${key.slice(0, 80)}"`);
    // Walking `where[__proto__]` below would step into Object.prototype itself.
    if (segments.some((s) => PROTOTYPE_KEYS.has(s))) throw invalid(`malformed key "${key.slice(0, 80)}"`);
    let parent: Record<string, Node> = out;
    for (let i = 0; i < segments.length - 1; i++) {
      const seg = segments[i] === '' ? String(Object.keys(parent).length) : segments[i];
      const next = parent[seg];
      if (next === undefined) parent[seg] = {};
      else if (!isTree(next)) throw invalid(`"${segments.slice(0, i + 1).join('.')}" is given twice`);
      parent = parent[seg] as Record<string, Node>;
    }
    const last = segments[segments.length - 1];
    const leafKey = last === '' ? String(Object.keys(parent).length) : last;
    const existing = parent[leafKey];
    if (existing === undefined) parent[leafKey] = value;
    else if (typeof existing === 'string') parent[leafKey] = [existing, value];
    else if (Array.isArray(existing)) existing.push(value);
    else throw invalid(`"${segments.join('.')}" is given twice`);
  }
  return out;
}

/** A JSON `where` (Payload parses a string `where` as JSON) as the same tree. */
function fromJson(value: unknown): Node {
  if (value === null || typeof value !== 'object') return String(value);
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  return Object.fromEntries(entries.map(([k, v]) => [k, fromJson(v)]));
}

/** The values of an `in`/`not_in` list: "a,b", a repeated key, or indexed entries. */
function listValues(node: Node, where: string): string[] {
  if (typeof node === 'string') return node.split(',');
  if (Array.isArray(node)) return node;
  return Object.values(node).map((v) => {
    if (typeof v !== 'string') throw invalid(`${where} must be a list of values`);
    return v;
  });
}

type FieldLookup = (path: string) => FlattenedField | undefined;

/** A relation to several collections is stored as {relationTo, value}: queried by one of the two only. */
const POLYMORPHIC_PARTS = new Set(['value', 'relationTo']);

function fieldLookup(config: SanitizedConfig, collectionSlug: string): FieldLookup {
  const collection = config.collections.find((c) => c.slug === collectionSlug);
  return (path) => {
    let fields: FlattenedField[] | undefined = collection?.flattenedFields;
    let field: FlattenedField | undefined;
    const names = path.split('.');
    for (const [i, name] of names.entries()) {
      if (!fields) return undefined;
      field = fields.find((f) => f.name === name);
      if (!field) return undefined;
      const relationTo = field.type === 'relationship' || field.type === 'upload' ? field.relationTo : undefined;
      // The database adapter answers any other path through such a relation with "Not supported" (a 500).
      if (Array.isArray(relationTo)) {
        const rest = names.slice(i + 1);
        if (rest.length !== 1 || !POLYMORPHIC_PARTS.has(rest[0])) {
          throw invalid(`${names.slice(0, i + 1).join('.')} is queried as ${name}.value or ${name}.relationTo`);
        }
        return undefined;
      }
      if ('flattenedFields' in field) fields = field.flattenedFields;
      else if (typeof relationTo === 'string') {
        fields = config.collections.find((c) => c.slug === relationTo)?.flattenedFields;
      } else fields = undefined;
    }
    return field;
  };
}

/** Values a date or number column can be compared with; anything else makes the database layer throw. */
function assertComparable(field: FlattenedField | undefined, value: string, where: string): void {
  if (field?.type === 'date' && Number.isNaN(new Date(value).getTime())) {
    throw invalid(`${where} must be a date`);
  }
  if (field?.type === 'number' && !Number.isFinite(Number(value))) throw invalid(`${where} must be a number`);
}

function checkWhere(node: Node, lookup: FieldLookup, at: string, nesting: number): void {
  if (nesting > MAX_WHERE_NESTING) throw invalid(`${at} is nested too deeply`);
  if (!isTree(node)) throw invalid(`${at} must be an object of conditions`);
  for (const [key, value] of Object.entries(node)) {
    const here = `${at}.${key}`;
    if (LOGICAL_KEYS.has(key)) {
      if (!isTree(value)) throw invalid(`${here} must be a list of conditions`);
      for (const [i, condition] of Object.entries(value)) checkWhere(condition, lookup, `${here}.${i}`, nesting + 1);
      continue;
    }
    if (!isFieldPath(key)) throw invalid(`${here} is not a field path`);
    if (!isTree(value)) throw invalid(`${here} must name an operator, e.g. ${here}[equals]=…`);
    const field = lookup(key);
    for (const [operator, operand] of Object.entries(value)) {
      const place = `${here}.${operator}`;
      if (LIST_OPERATORS.has(operator)) {
        for (const item of listValues(operand, place)) assertComparable(field, item, place);
      } else if (SCALAR_OPERATORS.has(operator)) {
        if (typeof operand !== 'string') throw invalid(`${place} takes one value`);
        if (operator === 'exists') {
          if (operand !== 'true' && operand !== 'false') throw invalid(`${place} must be true or false`);
        } else assertComparable(field, operand, place);
      } else {
        throw invalid(`unknown or unsupported operator "${operator.slice(0, 40)}"`);
      }
    }
  }
}

function checkNumber(name: string, node: Node): void {
  const { min, max } = NUMBER_PARAMS[name];
  const value = typeof node === 'string' && /^\d{1,7}$/.test(node) ? Number(node) : NaN;
  if (!(value >= min && value <= max)) throw invalid(`${name} must be a whole number from ${min} to ${max}`);
}

function checkSort(node: Node): void {
  const items = typeof node === 'string' ? node.split(',') : Array.isArray(node) ? node : Object.values(node);
  for (const item of items) {
    if (typeof item !== 'string' || !isSortItem(item.trim())) throw invalid('sort must be field names');
  }
}

const GUARDED = new Set(['where', 'sort', ...Object.keys(NUMBER_PARAMS)]);

/**
 * Throws a 400 AppError when the query string of a Payload REST request would make Payload fail.
 * `pathname` is the request path, e.g. /api/products/count.
 */
export function assertSafeRestQuery(config: SanitizedConfig, pathname: string, search: URLSearchParams): void {
  const params = readParams(search, GUARDED);
  for (const name of Object.keys(NUMBER_PARAMS)) if (name in params) checkNumber(name, params[name]);
  if ('sort' in params) checkSort(params.sort);
  if (!('where' in params)) return;
  let where = params.where;
  if (typeof where === 'string') {
    try {
      where = fromJson(JSON.parse(where));
    } catch {
      throw invalid('where must be an object of conditions or valid JSON');
    }
  }
  const collectionSlug = pathname.split('/')[2] ?? '';
  checkWhere(where, fieldLookup(config, collectionSlug), 'where', 0);
}
