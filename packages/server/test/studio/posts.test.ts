import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { type Call, ownerClient } from './studio-helpers';

describe.each(backends)('blog posts on %s', (backend) => {
  let site: TestSite;
  let call: Call;
  let blogId: string;
  beforeAll(async () => {
    site = await createTestSite(backend);
    ({ call } = await ownerClient(site));
    blogId = (await call('GET', '/api/studio/pages'))
      .json()
      .pages.find((p: { urlId: string }) => p.urlId === 'blog').id;
  });
  afterAll(() => site.app.close());

  it('lists the blog posts newest first', async () => {
    const res = await call('GET', `/api/studio/blogs/${blogId}/posts`);
    expect(res.json().posts.map((p: { urlId: string }) => p.urlId)).toEqual([
      'caring-for-merino',
      'behind-the-kiln',
      'welcome-to-the-shop',
    ]);
  });

  it('creates and edits a post: text, excerpt, author, date, tags and categories show on the site', async () => {
    const created = await call('POST', `/api/studio/blogs/${blogId}/posts`, { title: 'Behind the kiln' });
    expect(created.statusCode).toBe(201);
    expect(created.json().urlId).toBe('behind-the-kiln-1');
    const res = await call('PUT', `/api/studio/blogs/${blogId}/posts/${created.json().id}`, {
      title: 'Glaze day',
      excerpt: '<p>Twelve glazes, one kiln.</p>',
      body: '<p>We mix every glaze by hand.</p>',
      author: 'Ada',
      publishOn: '2026-11-20T10:00:00Z',
      tags: ['glaze', 'kiln'],
      categories: ['Studio', 'Process'],
    });
    expect(res.statusCode).toBe(200);
    const post = (await call('GET', `/api/studio/blogs/${blogId}/posts`)).json().posts[0];
    expect(post).toMatchObject({
      title: 'Glaze day',
      author: 'Ada',
      tags: ['glaze', 'kiln'],
      categories: ['Studio', 'Process'],
    });
    const page = (await site.request({ method: 'GET', url: '/blog/behind-the-kiln-1' })).body;
    expect(page).toContain('Glaze day');
    expect(page).toContain('We mix every glaze by hand.');
    const list = (await site.request({ method: 'GET', url: '/blog' })).body;
    expect(list.indexOf('Glaze day')).toBeLessThan(list.indexOf('Caring for merino'));
  });

  it.each([
    [{ tags: ['x'.repeat(51)] }, 'A tag is 1 to 50 characters.'],
    [{ tags: ['Kiln', 'kiln'] }, 'This tag already exists'],
    [{ categories: ['y'.repeat(26)] }, 'A category is 1 to 25 characters.'],
    [{ publishOn: 'soon' }, 'publishOn'],
  ])('refuses %j', async (payload, message) => {
    const [post] = (await call('GET', `/api/studio/blogs/${blogId}/posts`)).json().posts;
    const res = await call('PUT', `/api/studio/blogs/${blogId}/posts/${post.id}`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
  });

  it('deletes a post; a page is not a blog (404)', async () => {
    const [post] = (await call('GET', `/api/studio/blogs/${blogId}/posts`)).json().posts;
    expect((await call('DELETE', `/api/studio/blogs/${blogId}/posts/${post.id}`)).statusCode).toBe(200);
    expect((await site.request({ method: 'GET', url: post.fullUrl })).statusCode).toBe(404);
    const about = (await call('GET', '/api/studio/pages'))
      .json()
      .pages.find((p: { urlId: string }) => p.urlId === 'about');
    expect((await call('GET', `/api/studio/blogs/${about.id}/posts`)).statusCode).toBe(404);
  });
});
