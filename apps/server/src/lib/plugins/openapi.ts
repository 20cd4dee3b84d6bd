import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';

/**
 * The OpenAPI documents, generated from the routes' Zod schemas (packages/contracts) by
 * @fastify/swagger: one for the back office's API (/admin/api/docs, staff only) and one for the
 * public API (/api/openapi.json), whose paths are written once with their `{lang}` prefix. Routes
 * without a schema (pages, files) are left out.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Storefront API', version: '1' },
    },
    transform: jsonSchemaTransform,
    hideUntagged: false,
  });
}

export type ApiAudience = 'admin' | 'public';

/** The document of one audience, from the whole app's. */
export function openApiDocument(app: FastifyInstance, audience: ApiAudience): OpenAPIV3.Document {
  const whole = app.swagger() as OpenAPIV3.Document;
  const paths: OpenAPIV3.PathsObject = {};
  const firstLanguage = app.config.languages[0] ?? 'fa';
  for (const [route, item] of Object.entries(whole.paths ?? {})) {
    if (!item || !hasSchema(item)) continue;
    if (audience === 'admin' && route.startsWith('/admin/api/') && !route.startsWith('/admin/api/docs')) {
      paths[route] = item;
    }
    if (audience === 'public' && route.startsWith(`/${firstLanguage}/api/`)) {
      paths[route.replace(`/${firstLanguage}/api/`, '/{lang}/api/')] = withLanguage(
        item,
        app.config.languages,
      );
    }
  }
  return {
    ...whole,
    info: {
      title: audience === 'admin' ? 'Storefront back office API' : 'Storefront API',
      version: '1',
      description:
        audience === 'admin'
          ? 'Signed-in staff only (session cookie). Every write sends the session\'s CSRF token in X-CSRF-Token. Errors: {detail, code} or field errors {field: [message], code: "validation_failed", codes}.'
          : 'The storefront\'s API, in each language under /{lang}/api/. Errors: {detail, code} or field errors {field: [message], code: "validation_failed", codes}.',
    },
    paths,
  };
}

function hasSchema(item: OpenAPIV3.PathItemObject): boolean {
  return Object.values(item).some(
    (op) =>
      typeof op === 'object' &&
      op !== null &&
      'responses' in op &&
      Object.keys(op.responses ?? {}).length > 0,
  );
}

function withLanguage(
  item: OpenAPIV3.PathItemObject,
  languages: readonly string[],
): OpenAPIV3.PathItemObject {
  const parameter: OpenAPIV3.ParameterObject = {
    name: 'lang',
    in: 'path',
    required: true,
    schema: { type: 'string', enum: [...languages] },
    description: 'The language of the answer (texts, messages).',
  };
  return { ...item, parameters: [parameter, ...(item.parameters ?? [])] };
}

/** GET /api/openapi.json: the public API's document. */
export async function publicOpenApiRoute(app: FastifyInstance): Promise<void> {
  let document: OpenAPIV3.Document | undefined;
  app.get('/api/openapi.json', async (_request, reply) => {
    document ??= openApiDocument(app, 'public');
    return reply.header('Cache-Control', 'public, max-age=300').send(document);
  });
}
