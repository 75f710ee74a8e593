import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DEPTH } from '../src/plugins/edge-validation';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';
import { type Call, ownerClient } from './studio/studio-helpers';

/** `{"a":{"a":…{"a":1}…}}`, `levels` objects deep, as JSON text. */
const nestedObjects = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe.each(backends)('the nesting limit counts JSON depth on %s', (backend) => {
  let site: TestSite;
  let call: Call;
  let session: string;
  let postUrl: string;
  const putRaw = (payload: string) =>
    site.request({
      method: 'PUT',
      url: postUrl,
      cookies: { siteUserSession: session },
      headers: { 'content-type': 'application/json' },
      payload,
    });

  beforeAll(async () => {
    site = await createTestSite(backend);
    ({ call, session } = await ownerClient(site));
    const blogId = (await call('GET', '/api/studio/pages'))
      .json()
      .pages.find((p: { urlId: string }) => p.urlId === 'blog').id;
    const post = (await call('POST', `/api/studio/blogs/${blogId}/posts`, { title: 'Brackets' })).json();
    postUrl = `/api/studio/blogs/${blogId}/posts/${post.id}`;
  });
  afterAll(() => site.app.close());

  it('accepts text with a hundred unclosed [ and { (text, not JSON)', async () => {
    const author = `${'['.repeat(100)} ${'{'.repeat(50)}`;
    const res = await call('PUT', postUrl, { author });
    expect(res.statusCode).toBe(200);
    const posts = (await call('GET', postUrl.replace(/\/[^/]+$/, ''))).json().posts;
    expect(posts.find((p: { title: string }) => p.title === 'Brackets').author).toBe(author);
  });

  it(`refuses a body nested ${MAX_DEPTH + 1} deep with NESTED_TOO_DEEP, and takes ${MAX_DEPTH}`, async () => {
    expect(MAX_DEPTH).toBe(32);
    const tooDeep = await putRaw(`{"author":"x","tags":${nestedObjects(MAX_DEPTH)}}`);
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().error.code).toBe('NESTED_TOO_DEEP');
    // 32 levels in all (the body is the first): past the nesting check, refused by the schema.
    const deepest = await putRaw(`{"author":"x","tags":${nestedObjects(MAX_DEPTH - 1)}}`);
    expect(deepest.statusCode).toBe(400);
    expect(deepest.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('still refuses JSON text in a field that is truly nested too deep', async () => {
    const json = `${'['.repeat(MAX_DEPTH + 1)}${']'.repeat(MAX_DEPTH + 1)}`;
    const res = await call('PUT', postUrl, { author: json });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('NESTED_TOO_DEEP');
  });
});
