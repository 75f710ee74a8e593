import { contract, type Contract, type RouteKey } from '@store/api';
import type { ErrorCode } from '../errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { markDocumentsOnly, setValidationErrorCode, zodValidatorCompiler } from './validate';

type Def<K extends RouteKey> = Contract[K];
type Pick2<D, P extends string> = D extends { [key in P]: infer S } ? S : undefined;

/** The Fastify `schema` of a contract route: typed request parts and the success response. */
export type RouteSchema<K extends RouteKey> = {
  summary: string;
  tags: string[];
  params: Pick2<Def<K>, 'params'>;
  querystring: Pick2<Def<K>, 'querystring'>;
  body: Pick2<Def<K>, 'body'>;
  headers: Pick2<Def<K>, 'headers'>;
  response: Record<number, Def<K>['response']>;
};

/**
 * The schema a route declares, taken from the @store/api contract by its `"<METHOD> <path>"`
 * key (a test checks every registered /api route has one and the document lists it).
 */
export function schemaOf<K extends RouteKey>(key: K): RouteSchema<K> {
  const def = contract[key] as Contract[RouteKey] & {
    params?: object;
    querystring?: object;
    body?: object;
    headers?: object;
    status?: number;
    errorCode?: ErrorCode;
    documentsOnly?: boolean;
  };
  const parts = [def.params, def.querystring, def.body].filter((p): p is object => p !== undefined);
  for (const part of parts) {
    if (def.documentsOnly) markDocumentsOnly(part);
    if (def.errorCode) setValidationErrorCode(part, def.errorCode);
  }
  const area = key.split(' ')[1]?.split('/')[2] ?? 'api';
  // Only the parts the route has: Fastify warns about a part that is present but undefined.
  return {
    summary: def.summary,
    tags: [area],
    ...(def.params ? { params: def.params } : {}),
    ...(def.querystring ? { querystring: def.querystring } : {}),
    ...(def.body ? { body: def.body } : {}),
    ...(def.headers ? { headers: def.headers } : {}),
    response: { [def.status ?? 200]: def.response },
  } as RouteSchema<K>;
}

/**
 * The route plugin's typed instance: zod validation in this plugin's scope (so a plugin
 * registered on its own, as in tests, behaves as inside buildApp). Answers go out with plain
 * JSON.stringify: the response schemas type the handlers and the document; re-checking every
 * answer at run time would cost the hot paths for nothing the compiler has not checked.
 */
export function zodRoutes(app: FastifyInstance) {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  return app.withTypeProvider<ZodTypeProvider>();
}

/**
 * A contract route's address and options, from its key alone: `api.get(...at('GET /api/x'),
 * handler)` writes the path once (in the key), and `options` add to the schema (config, hooks).
 */
export function at<K extends RouteKey, O extends object = Record<never, never>>(
  key: K,
  options?: O,
): [url: string, options: O & { schema: RouteSchema<K> }] {
  const url = key.slice(key.indexOf(' ') + 1);
  return [url, { ...(options as O), schema: schemaOf(key) }];
}
