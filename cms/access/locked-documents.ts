import {
  APIError,
  Forbidden,
  type Access,
  type CollectionBeforeOperationHook,
  type PayloadRequest,
  type Where,
} from 'payload';
import { isAdminUser, isStaffUser } from '../lib/roles';

/**
 * Payload's document locks (`payload-locked-documents`, issue 21 §3). The panel makes and renews its locks
 * through the database directly; through REST it only reads them (is this document being edited?), takes one
 * over (PATCH with itself as the user) and deletes its own when leaving the document. Payload's default access
 * let any signed-in account claim a lock in another's name on any document, or delete anyone's lock. Here:
 *
 * - a lock's `user` is always the requester: naming anyone else is refused, a missing one is filled in;
 * - its `document` (or `globalSlug`) must be one the requester may update, checked by that collection's or
 *   global's own update rule;
 * - staff see their own locks and the locks on what they may edit (the panel shows who holds a document);
 * - deleting is for one's own locks only, admins included.
 */

type LockTarget = { relationTo: string; value: string };

const ownLocks = (req: PayloadRequest): Where => ({ 'user.value': { equals: req.user?.id } });

/** The collections and globals whose update rule lets this requester in at all (before any one document). */
async function editableTargets(req: PayloadRequest): Promise<{ collections: string[]; globals: string[] }> {
  const lockField = req.payload.collections['payload-locked-documents']?.config.flattenedFields.find(
    (f) => f.name === 'document',
  );
  const lockable =
    lockField && (lockField.type === 'relationship' || lockField.type === 'upload')
      ? [lockField.relationTo].flat()
      : [];
  const collections: string[] = [];
  for (const slug of lockable) {
    const rule = req.payload.collections[slug]?.config.access.update;
    if (rule && (await rule({ req }))) collections.push(slug);
  }
  const globals: string[] = [];
  for (const global of req.payload.config.globals) {
    if (global.lockDocuments === false) continue;
    if (await global.access.update({ req })) globals.push(global.slug);
  }
  return { collections, globals };
}

/** Read and take over: one's own locks, and the locks on what one may edit. */
export const readOrTakeOverLocks: Access = async ({ req }) => {
  if (isAdminUser(req.user)) return true;
  if (!isStaffUser(req.user)) return false;
  const { collections, globals } = await editableTargets(req);
  const or: Where[] = [ownLocks(req)];
  // One `equals` each: Payload refuses `in` on a polymorphic relation's relationTo (QueryError).
  for (const slug of collections) or.push({ 'document.relationTo': { equals: slug } });
  for (const slug of globals) or.push({ globalSlug: { equals: slug } });
  return { or };
};

export const createLock: Access = ({ req }) => isStaffUser(req.user);

export const deleteOwnLock: Access = ({ req }) => (isStaffUser(req.user) ? ownLocks(req) : false);

const idOf = (value: unknown): string | null => {
  const id = value !== null && typeof value === 'object' && 'id' in value ? (value as { id: unknown }).id : value;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
};

/** `{relationTo, value}` as the REST API carries a polymorphic relation; null when it is not one. */
function asTarget(value: unknown): LockTarget | null {
  if (value === null || typeof value !== 'object') return null;
  const { relationTo, value: target } = value as { relationTo?: unknown; value?: unknown };
  const id = idOf(target);
  return typeof relationTo === 'string' && id !== null ? { relationTo, value: id } : null;
}

/** Whether the requester may update this document, by its collection's own update rule. */
async function mayUpdateDocument(req: PayloadRequest, { relationTo, value }: LockTarget): Promise<boolean> {
  const collection = req.payload.collections[relationTo];
  if (!collection) return false;
  const result = await collection.config.access.update({ req, id: value });
  if (!result) return false;
  const byId: Where = { id: { equals: value } };
  const { totalDocs } = await req.payload.count({
    collection: collection.config.slug,
    where: result === true ? byId : { and: [byId, result] },
    overrideAccess: true,
    req,
  });
  return totalDocs > 0;
}

async function mayUpdateGlobal(req: PayloadRequest, slug: unknown): Promise<boolean> {
  const global = req.payload.config.globals.find((g) => g.slug === slug);
  return Boolean(global && (await global.access.update({ req })));
}

/** What a lock points at must be the requester's to edit. */
async function assertEditableTarget(req: PayloadRequest, document: unknown, globalSlug: unknown): Promise<void> {
  if (document !== undefined && document !== null) {
    const target = asTarget(document);
    if (!target) throw new APIError('A lock names its document as {relationTo, value}', 400);
    if (!(await mayUpdateDocument(req, target))) throw new Forbidden(req.t);
  }
  if (globalSlug !== undefined && globalSlug !== null && !(await mayUpdateGlobal(req, globalSlug))) {
    throw new Forbidden(req.t);
  }
}

/**
 * Before Payload's own create and update of a lock through REST (or the Local API without overrideAccess):
 * the requester holds it, and may edit what it locks. An update is a take-over, so it is the requester's
 * afterwards whatever it said; an update of many locks at once is refused.
 */
export const lockOnlyOwnEditableDocuments: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'create' && operation !== 'update') return args;
  const { overrideAccess, data, id } = args as {
    overrideAccess?: boolean;
    data?: Record<string, unknown>;
    id?: string | number;
  };
  // Anonymous requests are refused by the access rules, which Payload runs after this hook.
  if (overrideAccess === true || !req.user || !data) return args;

  const requester = { relationTo: req.user.collection, value: req.user.id };
  if (data.user !== undefined && data.user !== null) {
    const named = asTarget(data.user);
    if (!named || named.relationTo !== requester.relationTo || named.value !== String(requester.value)) {
      throw new Forbidden(req.t);
    }
  }

  if (operation === 'create') {
    const hasDocument = data.document !== undefined && data.document !== null;
    const hasGlobal = data.globalSlug !== undefined && data.globalSlug !== null;
    if (hasDocument === hasGlobal) throw new APIError('A lock names either a document or a globalSlug', 400);
  } else {
    if (id === undefined) throw new Forbidden(req.t);
    const existing = (await req.payload.findByID({
      collection: 'payload-locked-documents',
      id,
      depth: 0,
      overrideAccess: true,
      disableErrors: true,
      req,
    })) as { document?: unknown; globalSlug?: unknown } | null;
    // The access rule answers 404 for a lock this requester may not see.
    if (existing) await assertEditableTarget(req, existing.document, existing.globalSlug);
  }
  await assertEditableTarget(req, data.document, data.globalSlug);
  return { ...args, data: { ...data, user: requester } };
};
