import fs from 'node:fs';
import path from 'node:path';
import {
  adminPageSchema,
  aboutUsBodySchema,
  bulkBodySchema,
  bulkResultSchema,
  catalogueKinds,
  conflictSchema,
  deleteQuerySchema,
  dependentsSchema,
  editableSchema,
  entityListQuerySchema,
  entityRowSchema,
  entitySchemas,
  savedSchema,
  storeBodySchema,
  type CatalogueKind,
} from '@storefront/contracts/admin';
import {
  aboutUsSchema,
  storeSchema,
  type ProductInput,
  type StoreIdentity,
} from '@storefront/contracts/catalogue';
import { type FieldProblem } from '@storefront/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { detailedError, fieldError, notFound, type HttpError } from '../../lib/errors.ts';
import { aboutUsOf, readEntity, versionOf } from '../catalogue/entities.ts';
import { isRemoteImage } from '../catalogue/media.ts';
import { writeCatalogue, type CatalogueWriter, type EntityKind } from '../catalogue/writes.ts';
import { ALL_ROLES, CATALOGUE_ROLES, OWNER_ONLY, staffOf } from './access.ts';
import { changes, recordAudit } from './audit.ts';
import { CatalogueEditRepository, type Dependents } from './catalogue-repository.ts';
import { CatalogueLists } from './catalogue-lists.ts';
import { Settings } from '../settings/repository.ts';
import { adminErrors } from './route-schemas.ts';

/**
 * The back office's catalogue editing under /admin/api: lists, one entity for editing (with its
 * version), create, save (409 when someone saved it since), delete (409 when others point to it and
 * the request does not say what becomes of them), bulk actions on products, the about-us page and
 * the store's identity. Every write goes through the write module (modules/catalogue/writes.ts)
 * with its audit entry in the same transaction; references are checked first, so a save never
 * leaves a dangling id.
 */

const KIND: Record<CatalogueKind, EntityKind> = {
  collections: 'collection',
  subcollections: 'subcollection',
  industries: 'industry',
  tags: 'tag',
  products: 'product',
  posts: 'post',
  banners: 'banner',
};

const errors = adminErrors;
const kindParams = z.object({ kind: z.enum(catalogueKinds, { message: 'Unknown kind.' }) });
const id = z.coerce
  .number({ message: 'A valid integer is required.' })
  .int({ message: 'A valid integer is required.' })
  .min(1, { message: 'A valid integer is required.' })
  .max(2_147_483_647, { message: 'A valid integer is required.' });
const entityParams = kindParams.extend({ id });
const anyEntity = z.record(z.string(), z.unknown());

/** An entity's JSON must stay well under the body limit of the admin API. */
const ADMIN_BODY_LIMIT = 2 * 1024 * 1024;

type Entity = Record<string, unknown>;

function conflict(current: { id: number; version: string; entity: unknown } | null): HttpError {
  return detailedError(
    409,
    'edit_conflict',
    'Someone else saved this since you opened it. Their version is shown; keep theirs or save yours again.',
    { current },
  );
}

export const adminCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const lists = new CatalogueLists(db, app.storeRepository, app.catalogueCache, app.config.languages);
  const mediaDir = app.config.mediaDir;

  /** Checks what an entity refers to exists (in the write's transaction); field errors otherwise. */
  async function checkReferences(trx: Kysely<DB>, kind: EntityKind, entity: Entity): Promise<void> {
    const problems: Record<string, FieldProblem[]> = {};
    const missing = (field: string) => {
      problems[field] = [
        { code: 'reference_invalid', message: 'There is no such entry (it may have been deleted).' },
      ];
    };
    const repository = new CatalogueEditRepository(trx);
    const exists = (table: 'collections' | 'subcollections' | 'industries' | 'tags', ids: number[]) =>
      repository.existing(table, ids);
    const image = (field: string, ref: string) => {
      if (isRemoteImage(ref)) return;
      if (
        ref.includes('/') ||
        ref.includes('\\') ||
        ref.startsWith('.') ||
        !fs.existsSync(path.join(mediaDir, ref))
      ) {
        problems[field] = [
          { code: 'reference_invalid', message: 'This image is not in the store: upload it again.' },
        ];
      }
    };
    if (kind === 'subcollection') {
      const collection = entity.collection as number;
      if (!(await exists('collections', [collection])).has(collection)) missing('entity.collection');
    }
    if (kind === 'product') {
      const p = entity as unknown as Omit<ProductInput, 'id'>;
      if (p.collection !== null && !(await exists('collections', [p.collection])).has(p.collection)) {
        missing('entity.collection');
      }
      if (p.industry !== null && !(await exists('industries', [p.industry])).has(p.industry))
        missing('entity.industry');
      const subs = await exists('subcollections', p.subcollections);
      if (p.subcollections.some((s) => !subs.has(s))) missing('entity.subcollections');
      const tags = await exists('tags', p.tags);
      if (p.tags.some((t) => !tags.has(t))) missing('entity.tags');
      p.images.forEach((img, i) => image(`entity.images.${i}`, typeof img === 'string' ? img : img.src));
    }
    if (kind === 'post') (entity.images as string[]).forEach((img, i) => image(`entity.images.${i}`, img));
    if (kind === 'banner') {
      const img = entity.image as string | Record<string, string>;
      if (typeof img === 'string') image('entity.image', img);
      else for (const [lang, ref] of Object.entries(img)) image(`entity.image.${lang}`, ref);
    }
    if (Object.keys(problems).length > 0) throw fieldError(problems);
  }

  const editable = async (kind: EntityKind, entityId: number, from: Kysely<DB> = db) => {
    const entity = await readEntity(from, kind, entityId);
    if (!entity) return undefined;
    const { id: _id, ...rest } = entity as Entity;
    return { id: entityId, version: versionOf(rest), entity: rest };
  };

  // Every staff role reads the lists (sales staff pick products and collections to filter the
  // enquiries and reviews by); one entity for editing and every write stay the catalogue roles'.
  app.get(
    '/catalogue/:kind',
    {
      config: { roles: ALL_ROLES },
      schema: {
        params: kindParams,
        querystring: entityListQuerySchema,
        response: { 200: adminPageSchema(entityRowSchema), ...errors },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const result = await lists.list(KIND[request.params.kind], {
        ...request.query,
        page,
        page_size: request.query.page_size ?? 25,
      });
      return { ...result, page };
    },
  );

  app.get(
    '/catalogue/:kind/:id',
    {
      config: { roles: CATALOGUE_ROLES },
      schema: { params: entityParams, response: { 200: editableSchema(anyEntity), ...errors } },
    },
    async (request) => {
      const found = await editable(KIND[request.params.kind], request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  app.post(
    '/catalogue/:kind',
    {
      bodyLimit: ADMIN_BODY_LIMIT,
      config: { roles: CATALOGUE_ROLES },
      schema: {
        params: kindParams,
        body: z.object({ entity: anyEntity }),
        response: { 201: savedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const session = staffOf(request);
      const kindName = request.params.kind;
      const kind = KIND[kindName];
      const entity = parseEntity(kindName, request.body.entity);
      const { value } = await writeCatalogue(app.database, async (writer) => {
        await checkReferences(writer.transaction, kind, entity);
        // Without a position, a new subcollection or banner comes last.
        if ((kind === 'subcollection' || kind === 'banner') && entity.position === undefined) {
          entity.position = await new CatalogueEditRepository(writer.transaction).nextPosition(
            kind,
            entity.collection as number,
          );
        }
        const newId = await writer.create(kind, entity as never);
        const saved = (await editable(kind, newId, writer.transaction))!;
        await recordAudit(writer.transaction, session.staff, {
          action: 'create',
          entity: kind,
          entityId: newId,
          summary: changes(undefined, saved.entity),
        });
        return saved;
      });
      return reply.status(201).send({ id: value.id, version: value.version });
    },
  );

  app.put(
    '/catalogue/:kind/:id',
    {
      bodyLimit: ADMIN_BODY_LIMIT,
      config: { roles: CATALOGUE_ROLES },
      schema: {
        params: entityParams,
        body: z.object({ version: z.string().max(100), entity: anyEntity }),
        response: { 200: savedSchema, 409: conflictSchema, ...errors },
      },
    },
    async (request) => {
      const session = staffOf(request);
      const kindName = request.params.kind;
      const kind = KIND[kindName];
      const entityId = request.params.id;
      const entity = parseEntity(kindName, request.body.entity);
      const { value } = await writeCatalogue(app.database, async (writer) => {
        const trx = writer.transaction;
        if (app.database.dialect === 'postgres') await new CatalogueEditRepository(trx).lock(kind, entityId);
        const before = await editable(kind, entityId, trx);
        if (!before) throw notFound();
        if (before.version !== request.body.version) throw conflict(before);
        await checkReferences(trx, kind, entity);
        await writer.update(kind, { ...entity, id: entityId } as never);
        const after = (await editable(kind, entityId, trx))!;
        const changed = changes(before.entity, after.entity);
        if (Object.keys(changed).length > 0) {
          await recordAudit(trx, session.staff, {
            action: 'update',
            entity: kind,
            entityId,
            summary: changed,
          });
        }
        return after;
      });
      return { id: value.id, version: value.version };
    },
  );

  app.delete(
    '/catalogue/:kind/:id',
    {
      config: { roles: CATALOGUE_ROLES },
      schema: {
        params: entityParams,
        querystring: deleteQuerySchema,
        response: { 204: z.null(), 409: dependentsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const session = staffOf(request);
      const kind = KIND[request.params.kind];
      const entityId = request.params.id;
      const { dependents: choice, to } = request.query;
      if (choice === 'move' && to === undefined) {
        throw fieldError({ to: [{ code: 'required', message: 'Choose where they go.' }] });
      }
      if (choice === 'move' && to === entityId) {
        throw fieldError({ to: [{ code: 'invalid', message: 'Choose another entry.' }] });
      }
      await writeCatalogue(app.database, async (writer) => {
        const trx = writer.transaction;
        const before = await editable(kind, entityId, trx);
        if (!before) throw notFound();
        const dependents = await new CatalogueEditRepository(trx).dependents(kind, entityId);
        const any = dependents.products.length + dependents.subcollections.length > 0;
        if (any && choice === undefined) {
          throw detailedError(
            409,
            'has_dependents',
            'Other entries point to this one: say what becomes of them.',
            {
              dependents: {
                products: dependents.products.length,
                subcollections: dependents.subcollections.length,
              },
            },
          );
        }
        if (any && choice === 'move') await moveDependents(writer, kind, entityId, to!, dependents);
        if (any && choice === 'delete') {
          await writer.remove('product', dependents.products);
        }
        // detach: the write module unlinks what is left (links go, references become null).
        await writer.remove(kind, [entityId]);
        await recordAudit(trx, session.staff, {
          action: 'delete',
          entity: kind,
          entityId,
          summary: {
            before: before.entity,
            ...(any ? { dependents: choice, to: to ?? null, products: dependents.products.length } : {}),
          },
        });
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/catalogue/products/bulk',
    {
      config: { roles: CATALOGUE_ROLES },
      schema: { body: bulkBodySchema, response: { 200: bulkResultSchema, ...errors } },
    },
    async (request) => {
      const session = staffOf(request);
      const { ids, action, collection } = request.body;
      if (action === 'set_collection' && collection === undefined) {
        throw fieldError({ collection: [{ code: 'required', message: 'Choose a collection.' }] });
      }
      const { value } = await writeCatalogue(app.database, async (writer) => {
        const trx = writer.transaction;
        const unique = [...new Set(ids)];
        if (action === 'delete') {
          const removed = await writer.remove('product', unique);
          await recordAudit(trx, session.staff, {
            action: 'bulk_delete',
            entity: 'product',
            summary: { ids: unique },
          });
          return removed;
        }
        if (action === 'set_collection' && collection !== null && collection !== undefined) {
          if (!(await new CatalogueEditRepository(trx).collectionExists(collection)))
            throw fieldError({
              collection: [{ code: 'reference_invalid', message: 'There is no such collection.' }],
            });
        }
        const products: ProductInput[] = [];
        for (const productId of unique) {
          const p = (await readEntity(trx, 'product', productId)) as ProductInput | undefined;
          if (!p) continue;
          if (action === 'publish') p.published = true;
          if (action === 'unpublish') p.published = false;
          if (action === 'set_collection') {
            p.collection = collection ?? null;
            // Subcollections belong to a collection: those of another one no longer apply.
            if (p.subcollections.length > 0) {
              p.subcollections = await new CatalogueEditRepository(trx).subcollectionsWithin(
                p.subcollections,
                collection ?? null,
              );
            }
          }
          if (p.published === true) delete p.published;
          products.push(p);
        }
        const written = await writer.put('product', products);
        await recordAudit(trx, session.staff, {
          action: `bulk_${action}`,
          entity: 'product',
          summary: { ids: written, ...(action === 'set_collection' ? { collection } : {}) },
        });
        return written.length;
      });
      return { changed: value };
    },
  );

  // ---- singletons: the about-us page and the store's identity ------------------------------------

  /** The about-us page with its team (always listed: empty when the store has none). */
  const aboutUs = async (from: Kysely<DB>) => {
    const row = await new CatalogueEditRepository(from).aboutUs();
    const entity = row ? aboutUsOf(row) : { content: { fa: '' }, team: [] };
    return { id: 1, version: versionOf(entity), entity };
  };
  const store = async (from: Kysely<DB>) => {
    const entity: StoreIdentity = (await new Settings(from).storeIdentity()) ?? {};
    return { id: 1, version: versionOf(entity), entity };
  };

  app.get(
    '/about-us',
    {
      config: { roles: CATALOGUE_ROLES },
      schema: { response: { 200: editableSchema(aboutUsSchema), ...errors } },
    },
    async () => aboutUs(db),
  );
  app.put(
    '/about-us',
    {
      bodyLimit: ADMIN_BODY_LIMIT,
      config: { roles: CATALOGUE_ROLES },
      schema: { body: aboutUsBodySchema, response: { 200: savedSchema, 409: conflictSchema, ...errors } },
    },
    async (request) => {
      const session = staffOf(request);
      const { value } = await writeCatalogue(app.database, async (writer) => {
        const before = await aboutUs(writer.transaction);
        if (request.body.version !== undefined && before.version !== request.body.version)
          throw conflict(before);
        // A team member's photo is an upload of this store (or a remote URL), as a product's images.
        const problems: Record<string, FieldProblem[]> = {};
        request.body.entity.team?.forEach((member, i) => {
          const ref = member.photo?.src;
          if (
            ref &&
            !isRemoteImage(ref) &&
            (/[/\\]/.test(ref) || ref.startsWith('.') || !fs.existsSync(path.join(mediaDir, ref)))
          ) {
            problems[`entity.team.${i}.photo.src`] = [
              { code: 'reference_invalid', message: 'This image is not in the store: upload it again.' },
            ];
          }
        });
        if (Object.keys(problems).length > 0) throw fieldError(problems);
        await writer.setAboutUs(request.body.entity);
        const after = await aboutUs(writer.transaction);
        await recordAudit(writer.transaction, session.staff, {
          action: 'update',
          entity: 'about_us',
          summary: changes(before.entity, after.entity),
        });
        return after;
      });
      return { id: 1, version: value.version };
    },
  );

  app.get(
    '/store',
    { config: { roles: OWNER_ONLY }, schema: { response: { 200: editableSchema(storeSchema), ...errors } } },
    async () => store(db),
  );
  app.put(
    '/store',
    {
      config: { roles: OWNER_ONLY },
      schema: { body: storeBodySchema, response: { 200: savedSchema, 409: conflictSchema, ...errors } },
    },
    async (request) => {
      const session = staffOf(request);
      const entity = request.body.entity;
      const { value } = await writeCatalogue(app.database, async (writer) => {
        const before = await store(writer.transaction);
        if (request.body.version !== undefined && before.version !== request.body.version)
          throw conflict(before);
        const problems: Record<string, FieldProblem[]> = {};
        for (const field of ['logo', 'favicon'] as const) {
          const ref = entity[field];
          if (ref && !isRemoteImage(ref) && (ref.includes('/') || !fs.existsSync(path.join(mediaDir, ref)))) {
            problems[`entity.${field}`] = [
              { code: 'reference_invalid', message: 'This image is not in the store: upload it again.' },
            ];
          }
        }
        if (Object.keys(problems).length > 0) throw fieldError(problems);
        await writer.setStore(entity);
        const after = await store(writer.transaction);
        await recordAudit(writer.transaction, session.staff, {
          action: 'update',
          entity: 'store',
          summary: changes(before.entity, after.entity),
        });
        return after;
      });
      return { id: 1, version: value.version };
    },
  );
};

/** The body's entity checked by its kind's schema; field errors under `entity.…`. */
function parseEntity(kind: CatalogueKind, raw: Record<string, unknown>): Entity {
  const parsed = entitySchemas[kind].safeParse(raw);
  if (parsed.success) return parsed.data as Entity;
  const problems: Record<string, FieldProblem[]> = {};
  for (const issue of parsed.error.issues) {
    const field = ['entity', ...issue.path.map(String)].join('.');
    const code = issueCode(issue);
    (problems[field] ??= []).push({ code, message: issue.message });
  }
  throw fieldError(problems);
}

function issueCode(issue: z.core.$ZodIssue): FieldProblem['code'] {
  const own = (issue as { params?: { code?: string } }).params?.code;
  if (own === 'url_invalid' || own === 'email_invalid') return own;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'required' : 'invalid_type';
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array' ? 'too_long' : 'out_of_range';
    case 'too_small':
      return issue.origin === 'string' ? 'blank' : 'out_of_range';
    case 'unrecognized_keys':
      return 'invalid';
    default:
      return 'invalid';
  }
}

/** Points what referred to `from` at `to` (same kind), through the write module. */
async function moveDependents(
  writer: CatalogueWriter,
  kind: EntityKind,
  from: number,
  to: number,
  dependents: Dependents,
): Promise<void> {
  const trx = writer.transaction;
  const target = await readEntity(trx, kind, to);
  if (!target) throw fieldError({ to: [{ code: 'reference_invalid', message: 'There is no such entry.' }] });
  if (kind === 'collection') {
    const subs = [];
    for (const subId of dependents.subcollections) {
      const sub = await readEntity(trx, 'subcollection', subId);
      if (sub) subs.push({ ...(sub as { id: number; title: { fa: string } }), collection: to });
    }
    await writer.put('subcollection', subs as never);
  }
  const products: ProductInput[] = [];
  for (const productId of dependents.products) {
    const p = (await readEntity(trx, 'product', productId)) as ProductInput | undefined;
    if (!p) continue;
    if (kind === 'collection') p.collection = to;
    if (kind === 'industry') p.industry = to;
    if (kind === 'subcollection')
      p.subcollections = [...new Set(p.subcollections.map((s) => (s === from ? to : s)))];
    if (kind === 'tag') p.tags = [...new Set(p.tags.map((t) => (t === from ? to : t)))];
    products.push(p);
  }
  await writer.put('product', products);
}
