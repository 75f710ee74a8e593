import { describe, expect, it } from 'vitest';
import { createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { ownerClient } from '../studio/studio-helpers';

const versionLayout = (n: number) => ({
  sections: [{ id: 's1', blocks: [{ id: 'h', type: 'heading', props: { text: `Version ${n}`, level: 1 } }] }],
});

describe.each(backends)('publishes at the same moment on %s', (backend) => {
  it('10 concurrent publishes: the live page is the newest revision, on the site too', async () => {
    const site = await createTestSite(backend);
    const { call } = await ownerClient(site);
    const pageId = (await call('POST', '/api/studio/pages', { title: 'Timetable' })).json().id;

    const results = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        call('POST', `/api/studio/pages/${pageId}/publish`, { layout: versionLayout(n) }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));

    const opened = (await call('GET', `/api/studio/pages/${pageId}/layout`)).json();
    expect(opened.revisions).toHaveLength(10);
    // Newest first: the first listed revision is the one that is live, and no other is.
    expect(opened.revisions[0].live).toBe(true);
    expect(opened.revisions.filter((r: { live: boolean }) => r.live)).toHaveLength(1);
    expect(opened.publishedRevisionId).toBe(opened.revisions[0].id);
    const live = opened.published.sections[0].blocks[0].props.text as string;
    expect(results.map((r) => r.json().revisionId)).toContain(opened.revisions[0].id);
    // What visitors get: the page context the site renders (the HTML comes from it).
    const context = (await site.request({ method: 'GET', url: '/timetable?format=json' })).json();
    expect(context.layout.sections[0].blocks[0].props.text).toBe(live);
    await site.app.close();
  });
});
