/**
 * The finishing touches of the OpenAPI document, applied once to what @fastify/swagger built
 * from the routes' zod schemas: an operationId per operation (what client generators name
 * their functions by), the error answers every operation can give (docs/api-errors.md: the
 * codes and reasons as enums), and shared components for the schemas many routes repeat (a
 * cart, an order, a product), so the document states each once.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface OpenApiDocument {
  paths?: Record<string, Record<string, JsonObject>>;
  components?: { schemas?: Record<string, Json>; responses?: Record<string, Json>; [key: string]: unknown };
  [key: string]: unknown;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** `GET /api/studio/products/{id}` → `getStudioProductsById` (unique across the document). */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((part) => part && part !== 'api')
    .flatMap((part) => {
      const param = /^\{(.+)\}$/.exec(part);
      return param ? ['by', param[1] ?? ''] : part.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  return method.toLowerCase() + words.map(cap).join('');
}

function isObject(node: Json | undefined): node is JsonObject {
  return node !== null && typeof node === 'object' && !Array.isArray(node);
}

/** Stable text of a schema (keys sorted), to find the ones repeated word for word. */
function canonical(node: Json): string {
  if (Array.isArray(node)) return `[${node.map(canonical).join(',')}]`;
  if (isObject(node))
    return `{${Object.keys(node)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(node[k] as Json)}`)
      .join(',')}}`;
  return JSON.stringify(node);
}

/** Schemas smaller than this stay inline: a reference would not make the document clearer. */
const SHARE_FROM_CHARS = 200;

/**
 * The schema nodes of the document (bodies, responses, parameters and what they contain), each
 * with a name drawn from where it sits: the operation and part for a body or an answer, the
 * property for a field, "…Item" for the items of a list.
 */
function* schemaNodes(
  node: Json,
  label: string,
  inProperties = false,
): Generator<{ node: JsonObject; label: string }> {
  if (Array.isArray(node)) {
    for (const item of node) yield* schemaNodes(item, label);
    return;
  }
  if (!isObject(node)) return;
  if (
    !inProperties &&
    (typeof node.type === 'string' || node.properties || node.items || node.anyOf || node.oneOf)
  )
    yield { node, label };
  for (const [key, child] of Object.entries(node)) {
    const operationId = isObject(child as Json) ? (child as JsonObject).operationId : undefined;
    let next = label;
    if (inProperties) next = pascal(key);
    else if (typeof operationId === 'string') next = pascal(operationId);
    else if (key === 'requestBody') next = `${label}Body`;
    else if (/^\d{3}$/.test(key)) next = `${label}Response`;
    else if (key === 'items') next = `${label}Item`;
    yield* schemaNodes(child as Json, next, key === 'properties' && !inProperties);
  }
}

function pascal(key: string): string {
  const text = key.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase());
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Move every large schema that occurs more than once into components.schemas, largest first. */
function shareRepeatedSchemas(doc: OpenApiDocument): void {
  doc.components ??= {};
  const schemas = doc.components.schemas ?? {};
  doc.components.schemas = schemas;
  for (;;) {
    const seen = new Map<string, { count: number; label: string; node: JsonObject }>();
    for (const root of [doc.paths as unknown as Json, schemas as Json]) {
      for (const { node, label } of schemaNodes(root, '')) {
        const text = canonical(node);
        if (text.length < SHARE_FROM_CHARS) continue;
        const entry = seen.get(text);
        if (entry) entry.count++;
        else seen.set(text, { count: 1, label, node });
      }
    }
    const best = [...seen.entries()]
      .filter(([, e]) => e.count > 1)
      .sort(([a], [b]) => b.length - a.length)[0];
    if (!best) return;
    const [text, entry] = best;
    const base = entry.label || 'Shared';
    let name = base;
    for (let n = 2; name in schemas; n++) name = `${base}${n}`;
    schemas[name] = JSON.parse(JSON.stringify(entry.node)) as Json;
    const ref = `#/components/schemas/${name}`;
    const replace = (node: Json, inside: string | null): void => {
      if (Array.isArray(node)) {
        node.forEach((child) => {
          replace(child, inside);
        });
        return;
      }
      if (!isObject(node)) return;
      for (const [k, child] of Object.entries(node)) {
        if (isObject(child) && inside !== name && canonical(child) === text) node[k] = { $ref: ref };
        else if (Array.isArray(child))
          child.forEach((item, i) => {
            if (isObject(item) && canonical(item) === text) child[i] = { $ref: ref };
            else replace(item, inside);
          });
        else replace(child as Json, inside);
      }
    };
    replace(doc.paths as unknown as Json, null);
    for (const [key, schema] of Object.entries(schemas)) if (key !== name) replace(schema, key);
  }
}

export function finishDocument(
  doc: OpenApiDocument,
  errors: { codes: readonly string[]; reasons: readonly string[] },
): OpenApiDocument {
  doc.components ??= {};
  const components = doc.components;
  components.schemas = {
    ...components.schemas,
    Error: {
      type: 'object',
      description: 'Every /api error (docs/api-errors.md).',
      required: ['error'],
      properties: {
        error: {
          type: 'object',
          required: ['code', 'message'],
          properties: {
            code: { type: 'string', enum: [...errors.codes] },
            message: { type: 'string', description: 'For people: show it as it is.' },
          },
        },
        reason: {
          type: 'string',
          enum: [...errors.reasons],
          description: 'Which expected outcome it was, when a service refused the request.',
        },
        errors: { type: 'object', additionalProperties: { type: 'string' }, description: 'Field → message.' },
      },
    },
  };
  components.responses = {
    ...components.responses,
    Error: {
      description: 'The request was refused (4XX) or failed (5XX): `{ error: { code, message } }`.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    },
  };
  const used = new Set<string>();
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHODS.has(method)) continue;
      let id = operationIdOf(method, path);
      for (let n = 2; used.has(id); n++) id = `${operationIdOf(method, path)}${n}`;
      used.add(id);
      operation.operationId = id;
      const responses = isObject(operation.responses) ? operation.responses : {};
      responses['4XX'] ??= { $ref: '#/components/responses/Error' };
      responses['5XX'] ??= { $ref: '#/components/responses/Error' };
      operation.responses = responses;
    }
  }
  shareRepeatedSchemas(doc);
  return doc;
}
