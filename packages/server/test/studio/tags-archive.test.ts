import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections, items } from '../../src/db/schema/index';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends, testDatabase } from '../helpers/test-db';
import { type Call, ownerClient } from './studio-helpers';

const block = (id: string, type: string, props: Record<string, unknown> = {}) => ({ id, type, props });

describe.each(backends)('tag cloud, archive and the blog filtered by tag or month on %s', (backend) => {
  let site: TestSite;
  let call: Call;
  let blogId: string;
  const visit = (url: string) => site.request({ method: 'GET', url });

  beforeAll(async () => {
    site = await createTestSite(backend);
    ({ call } = await ownerClient(site));
    const { db } = await testDatabase(backend);
    const [blog] = await db
      .select()
      .from(collections)
      .where(and(eq(collections.websiteId, site.websiteId), eq(collections.urlId, 'blog')));
    blogId = blog!.id;
    // The demo's three posts (Sep, Oct, Nov 2026, tagged "studio") and two more of our own.
    await db.insert(items).values([
      {
        websiteId: site.websiteId,
        collectionId: blogId,
        recordType: 1,
        title: 'Glaze notes',
        urlId: 'glaze-notes',
        tags: ['glaze', 'studio'],
        publishOn: new Date('2025-12-10T10:00:00Z'),
        displayIndex: 10,
      },
      {
        websiteId: site.websiteId,
        collectionId: blogId,
        recordType: 1,
        title: 'Kiln & <fire>',
        urlId: 'kiln-fire',
        tags: ['glaze', 'kiln & fire'],
        publishOn: new Date('2025-12-20T10:00:00Z'),
        displayIndex: 11,
      },
    ]);
  });
  afterAll(() => site.app.close());

  it('lists the blog’s tags, sized by use, linking to the posts carrying each', async () => {
    const page = (await call('POST', '/api/studio/pages', { title: 'Topics' })).json();
    const layout = {
      sections: [
        {
          id: 's',
          blocks: [
            block('t', 'tagcloud', { collectionId: blogId, title: 'Topics', showCount: true }),
            block('a', 'archive', { collectionId: blogId, title: 'By month' }),
            block('y', 'archive', {
              collectionId: blogId,
              title: 'By year',
              groupBy: 'year',
              showCount: false,
            }),
          ],
        },
      ],
    };
    expect((await call('POST', `/api/studio/pages/${page.id}/publish`, { layout })).statusCode).toBe(200);
    const body = (await visit('/topics')).body;
    // studio: 4 posts (largest), glaze: 2, "kiln & fire": 1 (smallest); alphabetical.
    expect(body).toContain(
      '<li class="tagcloud-size-2"><a href="/blog?tag=glaze">glaze</a> <span class="tagcloud-count">(2)</span></li>',
    );
    expect(body).toContain('<a href="/blog?tag=kiln%20%26%20fire">kiln &amp; fire</a>');
    expect(body).toContain('<li class="tagcloud-size-5"><a href="/blog?tag=studio">studio</a>');
    expect(body.indexOf('tag=glaze')).toBeLessThan(body.indexOf('tag=studio'));
    // Months newest first with counts; years group their months.
    expect(body).toContain(
      '<a href="/blog?month=2026-11">November 2026</a> <span class="archive-count">(1)</span>',
    );
    expect(body).toContain(
      '<a href="/blog?month=2025-12">December 2025</a> <span class="archive-count">(2)</span>',
    );
    expect(body.indexOf('month=2026-11')).toBeLessThan(body.indexOf('month=2025-12'));
    expect(body).toContain(
      '<span class="archive-block__year">2025</span><ul><li><a href="/blog?month=2025-12">',
    );
    // The studio preview gets the same data.
    const data = (await call('POST', '/api/studio/block-data', { layout })).json();
    expect(data.facets[blogId].tags).toEqual([
      { name: 'studio', count: 4 },
      { name: 'glaze', count: 2 },
      { name: 'kiln & fire', count: 1 },
    ]);
  });

  it('filters the blog by tag and by month, and answers 404 for nothing or nonsense', async () => {
    const glaze = (await visit('/blog?tag=glaze')).body;
    expect(glaze).toContain('Glaze notes');
    expect(glaze).toContain('Kiln &amp; &lt;fire&gt;');
    expect((await visit('/blog?tag=kiln%20%26%20fire')).body).not.toContain('Glaze notes');
    const december = (await visit('/blog?month=2025-12')).body;
    expect(december).toContain('Glaze notes');
    expect(december).toContain(
      '<p class="blog-filter">Posts from December 2025 · <a href="/blog">All posts</a></p>',
    );
    expect(glaze).toContain(
      '<p class="blog-filter">Posts tagged “glaze” · <a href="/blog">All posts</a></p>',
    );
    const november = (await visit('/blog?month=2026-11')).body;
    expect(november).not.toContain('Glaze notes');
    expect((await visit('/blog?tag=nothing-here')).statusCode).toBe(404);
    expect((await visit('/blog?month=2024-01')).statusCode).toBe(404);
    expect((await visit('/blog?month=2025-13')).statusCode).toBe(404);
    expect((await visit('/blog?month=december')).statusCode).toBe(404);
    expect((await visit(`/blog?tag=${'x'.repeat(51)}`)).statusCode).toBe(404);
  });

  it('says what to do when no collection is chosen', async () => {
    const page = (await call('POST', '/api/studio/pages', { title: 'Empty cloud' })).json();
    const layout = { sections: [{ id: 's', blocks: [block('t', 'tagcloud'), block('a', 'archive')] }] };
    expect((await call('POST', `/api/studio/pages/${page.id}/publish`, { layout })).statusCode).toBe(200);
    const body = (await visit('/empty-cloud')).body;
    expect(body.match(/Choose a blog or collection\./g)).toHaveLength(2);
  });
});
