/**
 * Removing characters that do harm when stored, from any value: the collections' hook
 * (hooks/strip-control-characters.ts) and services that store text themselves both use it.
 */
/**
 * Characters no shop text needs and that do harm when stored:
 * - NUL and the other C0 controls except tab, line feed and carriage return (and DEL): they cut strings
 *   short in C libraries, mail headers and terminals, and are invisible in the control centre;
 * - the bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): they make text
 *   display in an order other than the stored one, so "Gift card.pdf" can read as a different name.
 * The left-to-right and right-to-left marks (U+200E, U+200F) stay: they reorder nothing but neutral
 * characters next to them and are part of correctly written Hebrew and Arabic text.
 */
// eslint-disable-next-line no-control-regex
const UNWANTED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/g;

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * A copy of `value` with the unwanted characters removed from every string in it, however deeply nested
 * (array rows, groups). Anything that is not a string, an array or a plain object is kept as it is.
 */
export function stripControlCharacters<T>(value: T): T {
  if (typeof value === 'string') return value.replace(UNWANTED, '') as T;
  if (Array.isArray(value)) return value.map((item) => stripControlCharacters(item)) as T;
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, stripControlCharacters(v)])) as T;
  }
  return value;
}
