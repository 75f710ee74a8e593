import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ROUTE_CAPABILITIES } from '../plugins/permissions';
import { errorCatalogue } from '../errors';
import { reasonCatalogue } from '../reasons';
import { apiReferenceHtml } from './api-reference';
import { finishDocument, type OpenApiDocument } from './openapi-document';

/**
 * Collects every route's schemas (registered before the routes, so its onRoute hook sees
 * them) into an OpenAPI 3 document. Not encapsulated, so it sees all areas. Routes without a
 * schema (pages, assets) are hidden from the document.
 */
export const openApiCollector = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Juniper storefront API',
        version: '1',
        description:
          'Every error answers `{ "error": { "code", "message" } }` (docs/api-errors.md). State-changing calls signed in with the session cookie echo the `crumb` cookie in `X-CSRF-Token`; calls with an owner API token (`Authorization: Bearer`, docs/api-tokens.md) need no crumb.',
      },
      components: {
        securitySchemes: {
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An owner API token (Settings → Developers): acts as the contributor role it was made with.',
          },
          session: { type: 'apiKey', in: 'cookie', name: 'siteUserSession' },
        },
      },
    },
    transform: (input) => {
      if (!input.url.startsWith('/api/') || !input.schema) return { schema: { hide: true }, url: input.url };
      const transformed = jsonSchemaTransform(input);
      // Owner routes (the permission table's): a session cookie or an API token.
      const methods = [input.route.method].flat();
      if (methods.some((method) => ROUTE_CAPABILITIES[`${method} ${input.url}`]))
        return {
          ...transformed,
          schema: { ...transformed.schema, security: [{ apiToken: [] }, { session: [] }] },
        };
      return transformed;
    },
    // Schemas registered with an id (the recursive ones: a cycle cannot be inlined) are
    // defined once under components.schemas, where the routes' $refs point.
    transformObject: jsonSchemaTransformObject,
  });
});

/** `GET /api/openapi.json` (the document) and `GET /api/docs` (a readable reference, no CDN). */
export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  // Built once per process: the routes do not change after start.
  let doc: OpenApiDocument | null = null;
  const documentOf = (): OpenApiDocument => {
    doc ??= finishDocument(structuredClone(app.swagger()) as unknown as OpenApiDocument, {
      codes: Object.keys(errorCatalogue),
      reasons: Object.keys(reasonCatalogue),
    });
    return doc;
  };
  app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return documentOf();
  });
  let html: string | null = null;
  app.get('/api/docs', { schema: { hide: true } }, async (_request, reply) => {
    html ??= apiReferenceHtml(documentOf() as unknown as Parameters<typeof apiReferenceHtml>[0]);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}
