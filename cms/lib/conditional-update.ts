import { sql } from '@payloadcms/db-sqlite';
import type { Payload } from 'payload';
import { adapterOf, mongoModel, type SQL } from './adapter-handles';

/** A date field's condition: empty, or holding a time before the given one. */
export type DateCondition =
  { field: string; isNull: true } | { field: string; before: Date } | { field: string; equals: Date };

/**
 * Sets date fields of one document only while the conditions hold, as ONE statement the database applies
 * atomically, and tells whether this call made the change. Payload's read-then-update cannot do this: two
 * requests (or two app instances) would both read "not sent yet" and both send. `conditions` is a list of
 * alternatives groups: every group must hold, and a group holds when any of its conditions does.
 *
 * Only date and null values: these are claims ("I am sending this mail now") and their completion marks.
 */
export async function setDatesIf(
  payload: Payload,
  collection: string,
  id: string,
  set: Record<string, Date | null>,
  conditions: DateCondition[][],
): Promise<boolean> {
  const db = adapterOf(payload);
  if (db.name === 'mongoose') {
    const model = mongoModel(db, collection);
    const clause = (c: DateCondition) =>
      'isNull' in c ? { [c.field]: null } : 'before' in c ? { [c.field]: { $lt: c.before } } : { [c.field]: c.equals };
    const filter = conditions.length
      ? { _id: id, $and: conditions.map((group) => ({ $or: group.map(clause) })) }
      : { _id: id };
    const result = await model.updateOne(filter, { $set: set });
    return result.modifiedCount === 1;
  }
  if (!db.drizzle) throw new Error(`Conditional updates are not supported on the ${db.name} adapter`);
  // Payload's SQLite adapter keeps dates as ISO-8601 text, which orders correctly as strings.
  const column = (name: string) => sql.identifier(name);
  const clause = (c: DateCondition): SQL =>
    'isNull' in c
      ? sql`${column(c.field)} IS NULL`
      : 'before' in c
        ? sql`${column(c.field)} < ${c.before.toISOString()}`
        : sql`${column(c.field)} = ${c.equals.toISOString()}`;
  const assignments = sql.join(
    Object.entries(set).map(([field, value]) => sql`${column(field)} = ${value ? value.toISOString() : null}`),
    sql`, `,
  );
  const where = conditions.map((group) => sql`(${sql.join(group.map(clause), sql` OR `)})`);
  const result = await db.drizzle.run(
    // The adapter names a collection's table after its slug in snake_case (notification-replies → notification_replies).
    sql`UPDATE ${sql.identifier(collection.replace(/-/g, '_'))} SET ${assignments} WHERE ${sql.join([sql`id = ${id}`, ...where], sql` AND `)}`,
  );
  return result.rowsAffected === 1;
}

/**
 * Moves a document's status field from one of `from` to `to` (with `extra` text fields set in the same write)
 * as ONE statement, and tells whether this call made the move. Whoever wins does the work that goes with the
 * move (a refund's timeline entry, its mail) exactly once; a webhook, the reconciler and the request that
 * asked PayPal may all try.
 */
export async function moveStatusIf(
  payload: Payload,
  collection: string,
  id: string,
  move: { field?: string; from: readonly string[]; to: string; extra?: Record<string, string | null> },
): Promise<boolean> {
  const field = move.field ?? 'status';
  const set: Record<string, string | null> = { ...move.extra, [field]: move.to, updatedAt: new Date().toISOString() };
  const db = adapterOf(payload);
  if (db.name === 'mongoose') {
    const model = mongoModel(db, collection);
    const result = await model.updateOne({ _id: id, [field]: { $in: [...move.from] } }, { $set: set });
    return result.modifiedCount === 1;
  }
  if (!db.drizzle) throw new Error(`Conditional updates are not supported on the ${db.name} adapter`);
  const column = (name: string) => sql.identifier(name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
  const assignments = sql.join(
    Object.entries(set).map(([name, value]) => sql`${column(name)} = ${value}`),
    sql`, `,
  );
  const from = sql.join(
    move.from.map((s) => sql`${s}`),
    sql`, `,
  );
  const result = await db.drizzle.run(
    sql`UPDATE ${sql.identifier(collection.replace(/-/g, '_'))} SET ${assignments} WHERE id = ${id} AND ${column(field)} IN (${from})`,
  );
  return result.rowsAffected === 1;
}
