/**
 * The recipe drawer's product list as pure steps: the order is what shoppers see on the recipe page, so
 * every change keeps the others where they were.
 */

/** The ids the multi-select now holds: kept ones in their old order, new ones appended as chosen. */
export function mergeSelection(current: readonly string[], selected: readonly string[]): string[] {
  const chosen = new Set(selected);
  const kept = current.filter((id) => chosen.has(id));
  const added = selected.filter((id) => !current.includes(id));
  return [...kept, ...added];
}

/** Moves the entry at `index` one place up (-1) or down (+1); at either end nothing changes. */
export function moveItem<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** The reasons a refused save carries ([{path, message}] or a sentence), as lines to show. */
export function refusalLines(result: unknown): string[] {
  if (typeof result === 'string') return [result];
  if (!Array.isArray(result)) return [];
  return result
    .map((issue) => (typeof issue === 'object' && issue !== null && 'message' in issue ? String(issue.message) : ''))
    .filter(Boolean);
}

/**
 * The list as the save sends it: each chosen id in its order with its quantity (1 when none was typed).
 * `stored`, when given, supplies the quantities instead (the list as the server last sent it).
 */
export function productLines(
  ids: readonly string[],
  quantities: Readonly<Record<string, number>>,
  stored?: ReadonlyArray<{ id: string; quantity: number }>,
): Array<{ id: string; quantity: number }> {
  const from = stored ? Object.fromEntries(stored.map((p) => [p.id, p.quantity])) : quantities;
  return ids.map((id) => ({ id, quantity: from[id] ?? 1 }));
}
