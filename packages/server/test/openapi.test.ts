import { contract, islandData } from '@store/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSite, type TestSite } from './helpers/test-app';

/** The document's own routes, which it does not list. */
const SELF = new Set(['GET /api/openapi.json', 'GET /api/docs']);

let site: TestSite;
beforeAll(async () => {
  site = await createTestSite('pglite');
});
afterAll(() => site.app.close());

const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('lists every registered /api route with its schemas (fails when a route is left out)', async () => {
    const res = await site.request({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const registered = site.app.routeTable
      .filter((r) => r.url.startsWith('/api/'))
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !SELF.has(key));
    expect(registered.length).toBeGreaterThan(30);
    const missing = registered.filter((key) => {
      const [method = '', url = ''] = key.split(' ');
      return !doc.paths[openApiPath(url)]?.[method.toLowerCase()]?.summary;
    });
    expect(missing).toEqual([]);
    // And nothing in the contract that no route serves.
    expect(Object.keys(contract).filter((key) => !registered.includes(key))).toEqual([]);
  }, 120_000); // the first request builds the document from every route's schemas

  it('describes request bodies and responses from the zod schemas', async () => {
    const doc = (await site.request({ method: 'GET', url: '/api/openapi.json' })).json();
    const add = doc.paths['/api/commerce/shopping-cart/entries'].post;
    const body = add.requestBody.content['application/json'].schema;
    expect(body.required).toContain('itemId');
    expect(Object.keys(add.responses['200'].content['application/json'].schema.properties)).toEqual([
      'shoppingCart',
      'newlyAdded',
    ]);
  });

  it('defines every schema it refers to: each $ref resolves inside the document', async () => {
    const doc = (await site.request({ method: 'GET', url: '/api/openapi.json' })).json();
    const refs = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node !== null && typeof node === 'object') {
        const ref = (node as { $ref?: unknown }).$ref;
        if (typeof ref === 'string') refs.add(ref);
        Object.values(node).forEach(walk);
      }
    };
    walk(doc);
    // The navigation tree is recursive: its entries refer to their own schema.
    expect(refs.size).toBeGreaterThan(0);
    const resolve = (ref: string): unknown => {
      if (!ref.startsWith('#/')) return undefined;
      let node: unknown = doc;
      for (const raw of ref.slice(2).split('/')) {
        const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
        node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
      }
      return node;
    };
    expect([...refs].filter((ref) => resolve(ref) === undefined)).toEqual([]);
    const body =
      doc.paths['/api/widget/UpdateNavigation'].post.requestBody.content['application/json'].schema;
    const entry = resolve(body.properties.navigation.properties.items.items.$ref) as {
      properties: { items: { items: { $ref: string } } };
    };
    expect(entry.properties.items.items.$ref).toBe(body.properties.navigation.properties.items.items.$ref);
  });

  it('shows a readable reference at /api/docs without scripts from elsewhere', async () => {
    const res = await site.request({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('/api/commerce/shopping-cart/entries');
    expect(res.body).not.toMatch(/<script/i);
  });
});

describe('validation through the declared schemas', () => {
  it('answers 400 VALIDATION_FAILED with the field errors, never a 500', async () => {
    const res = await site.request({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      payload: { itemId: '', quantity: { nested: true } },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(['itemId', 'quantity']));
  });
});

describe('island data', () => {
  it('a product page writes #sf-data in the shape of the islandData schema the islands are typed by', async () => {
    const res = await site.request({ method: 'GET', url: '/shop/p/classic-tee' });
    expect(res.statusCode).toBe(200);
    const json = /<script[^>]*id="sf-data"[^>]*>([\s\S]*?)<\/script>/.exec(res.body)?.[1];
    expect(json).toBeDefined();
    const parsed = islandData.safeParse(JSON.parse(json ?? '{}'));
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    expect(Object.keys(parsed.data?.products ?? {})).toHaveLength(1);
  });
});

describe('the document for client generators', () => {
  it('names every operation once, and answers errors with the shared error schema', async () => {
    const doc = (await site.request({ method: 'GET', url: '/api/openapi.json' })).json();
    const ids: string[] = [];
    for (const [path, operations] of Object.entries(
      doc.paths as Record<string, Record<string, Record<string, unknown>>>,
    ))
      for (const [method, op] of Object.entries(operations)) {
        expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z]+[A-Za-z0-9]*$/);
        ids.push(op.operationId as string);
        expect((op.responses as Record<string, unknown>)['4XX']).toEqual({
          $ref: '#/components/responses/Error',
        });
      }
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/studio/products/{id}'].get.operationId).toBe('getStudioProductsById');
    const error = doc.components.schemas.Error;
    expect(error.properties.error.properties.code.enum).toEqual(
      expect.arrayContaining(['VALIDATION_FAILED', 'NOT_FOUND']),
    );
    expect(error.properties.reason.enum).toEqual(expect.arrayContaining(['SLOT_TAKEN', 'TOO_MANY_PRODUCTS']));
  });

  it('states each large repeated schema once, under components', async () => {
    const res = await site.request({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json();
    const shared = Object.keys(doc.components.schemas).filter((name) => name !== 'Error');
    expect(shared.length).toBeGreaterThan(5);
    // No large schema is written out twice.
    const seen = new Map<string, number>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node !== null && typeof node === 'object') {
        const obj = node as Record<string, unknown>;
        if (typeof obj.type === 'string' || obj.properties) {
          const text = JSON.stringify(obj);
          if (text.length >= 2000) seen.set(text, (seen.get(text) ?? 0) + 1);
        }
        Object.values(obj).forEach(walk);
      }
    };
    walk(doc.paths);
    expect([...seen.values()].filter((n) => n > 1)).toEqual([]);
  });
});
