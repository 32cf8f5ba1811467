import fs from 'node:fs';
import path from 'node:path';
import {
  NotFound,
  UnauthorizedError,
  type Endpoint,
  type PayloadRequest,
  type SanitizedCollectionConfig,
  type SanitizedConfig,
  type Where,
} from 'payload';
import { createLock, deleteOwnLock, lockOnlyOwnEditableDocuments, readOrTakeOverLocks } from './locked-documents';

/**
 * Payload adds its own collections while it sanitises the config (payload-locked-documents,
 * payload-preferences, payload-migrations, payload-jobs, payload-kv), after every plugin has run, so their
 * rules can only be set on the sanitised config: `buildConfig(...).then(guardPayloadInternals)`. The same pass
 * takes away REST routes that can only fail (issue 21 §3 and §6):
 *
 * - locks: see access/locked-documents.ts;
 * - preferences: DELETE /api/payload-preferences/{key} fails on SQLite for any key (the adapter's deleteOne
 *   cannot join the polymorphic `user` relation: a 500), so it is answered by the Local API's delete instead;
 * - migrations: no REST at all (Payload's `endpoints: false` answers 501), and no access either;
 * - jobs: the shop runs its queue itself (services/scheduled-publishing.ts, under a lease), so nobody runs it
 *   through REST; `handle-schedules` answers 500 by design when no task has a schedule, so it goes;
 * - a collection or global without versions keeps no /versions routes (Payload's handlers read a versions
 *   table that does not exist: a TypeError, 500);
 * - an upload collection answers 404 for a file name no document has, and on the local disk for a file that
 *   is not there (Payload answers both with 500).
 */
export function guardPayloadInternals(config: SanitizedConfig): SanitizedConfig {
  for (const collection of config.collections) {
    if (collection.slug === 'payload-locked-documents') {
      collection.access = {
        ...collection.access,
        create: createLock,
        read: readOrTakeOverLocks,
        update: readOrTakeOverLocks,
        delete: deleteOwnLock,
      };
      collection.hooks.beforeOperation = [...(collection.hooks.beforeOperation ?? []), lockOnlyOwnEditableDocuments];
    }
    if (collection.slug === 'payload-preferences' && Array.isArray(collection.endpoints)) {
      collection.endpoints = collection.endpoints.map((endpoint) =>
        endpoint.method === 'delete' && endpoint.path === '/:key' ? deleteOwnPreference : endpoint,
      );
    }
    if (collection.slug === 'payload-migrations') {
      const nobody = () => false;
      collection.endpoints = [];
      collection.access = { ...collection.access, create: nobody, read: nobody, update: nobody, delete: nobody };
    }
    if (collection.slug === 'payload-jobs' && Array.isArray(collection.endpoints) && !config.jobs.scheduling) {
      collection.endpoints = collection.endpoints.filter((endpoint) => endpoint.path !== '/handle-schedules');
    }
    if (!collection.versions) collection.endpoints = withoutVersionRoutes(collection.endpoints);
    if (collection.upload) guardFileRoute(collection);
  }
  for (const global of config.globals) {
    if (!global.versions) global.endpoints = withoutVersionRoutes(global.endpoints);
  }
  config.jobs.access = { ...config.jobs.access, run: () => false };
  return config;
}

/** Payload's own DELETE /api/payload-preferences/{key} (preferences/requestHandlers/delete.ts), through a find. */
const deleteOwnPreference: Endpoint = {
  method: 'delete',
  path: '/:key',
  handler: async (req) => {
    if (!req.user) throw new UnauthorizedError(req.t);
    const { docs } = await req.payload.delete({
      collection: 'payload-preferences',
      where: {
        and: [
          { key: { equals: String(req.routeParams?.key ?? '') } },
          { 'user.value': { equals: req.user.id } },
          { 'user.relationTo': { equals: req.user.collection } },
        ],
      },
      depth: 0,
      overrideAccess: true,
      req,
    });
    if (docs.length === 0) throw new NotFound(req.t);
    return Response.json({ ...docs[0], message: req.t('general:deletedSuccessfully') });
  },
};

function withoutVersionRoutes(endpoints: Endpoint[] | false): Endpoint[] | false {
  return endpoints === false ? false : endpoints.filter((endpoint) => !/^\/versions(\/|$)/.test(endpoint.path));
}

/** Longer than any file name the disk (and so an upload) can have. */
const MAX_FILE_NAME = 255;

const fileNotFound = () => Response.json({ errors: [{ message: 'Not Found' }] }, { status: 404 });

/**
 * GET /api/{upload collection}/file/{name}: a name no document of the collection has (its file or one of its
 * sizes) is a 404 before Payload looks at the disk, and so is a known name whose file is gone from the local
 * disk. With object storage (storage-s3 adds its own handler after this one) the bucket answers for the file.
 */
function guardFileRoute(collection: SanitizedCollectionConfig): void {
  const upload = collection.upload;
  const onLocalDisk = !upload.handlers?.length;
  const staticDir = path.resolve(upload.staticDir || collection.slug);
  const sizeNames = (upload.imageSizes ?? []).map((size) => size.name);
  const knownFile = async (req: PayloadRequest, filename: string): Promise<boolean> => {
    const where: Where = {
      or: [
        { filename: { equals: filename } },
        ...sizeNames.map((name) => ({ [`sizes.${name}.filename`]: { equals: filename } })),
      ],
    };
    return Boolean(await req.payload.db.findOne({ collection: collection.slug, req, where }));
  };
  type Handler = NonNullable<typeof upload.handlers>[number];
  const refusal = async (req: PayloadRequest, filename: string): Promise<Response | undefined> => {
    if (!filename || filename.length > MAX_FILE_NAME || /[/\\\0]/.test(filename)) return fileNotFound();
    if (!(await knownFile(req, filename))) return fileNotFound();
    if (onLocalDisk && !fs.existsSync(path.join(staticDir, filename))) return fileNotFound();
    return undefined;
  };
  // Payload's type says a Response or nothing; a handler answering "nothing" passes on to the next one.
  const guard = ((req, { params }) => refusal(req, params.filename)) as Handler;
  upload.handlers = [guard, ...(upload.handlers ?? [])];
}
