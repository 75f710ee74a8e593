import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms, items, pageRevisions, pageSettings } from '../src/db/schema/index';
import { shopId, teeBody } from './catalog-admin/catalog-helpers';
import { HOSTILE_HTML, KEPT_TEXT, activeContent } from './helpers/active-content';
import { present } from './helpers/present';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';
import { notifySiteChanged } from '../src/services/studio/site-changed';
import { type Call, eventually, ownerClient } from './studio/studio-helpers';

const DIRTY = `${KEPT_TEXT}\n${HOSTILE_HTML}`;
const PLAYER =
  '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Our film" loading="lazy"></iframe>';

/** What a contributor meant to keep is still there after cleaning. */
function expectKept(html: string) {
  expect(html).toContain('<strong>bold</strong>');
  expect(html).toContain('<a href="/shop">a link</a>');
}

/** The page's island data (the JSON block the storefront reads). */
function pageData(html: string): Record<string, unknown> {
  const json = /<script type="application\/json" id="sf-data">(.*?)<\/script>/s.exec(html)?.[1];
  return JSON.parse(present(json, 'the page data block'));
}

describe.each(backends)('contributor HTML on %s', (backend) => {
  let site: TestSite;
  let call: Call;
  const visit = (url: string) => site.request({ method: 'GET', url, crumb: false });

  beforeAll(async () => {
    site = await createTestSite(backend);
    ({ call } = await ownerClient(site));
  });
  afterAll(() => site.app.close());

  it('text, code and video embed blocks keep no script, in the draft, the live page and its JSON', async () => {
    const created = await call('POST', '/api/studio/pages', { title: 'Hostile blocks', kind: 'page' });
    const { id, urlId } = created.json();
    const layout = {
      sections: [
        {
          id: 's1',
          blocks: [
            { id: 'text', type: 'text', props: { html: DIRTY } },
            { id: 'code', type: 'code', props: { html: `${PLAYER}\n${DIRTY}` } },
            { id: 'video', type: 'video', props: { embedCode: `${PLAYER}\n${DIRTY}` } },
          ],
        },
      ],
    };
    expect((await call('PUT', `/api/studio/pages/${id}/layout`, { layout })).statusCode).toBe(200);
    const draft = (await call('GET', `/api/studio/pages/${id}/layout`)).json().draft;
    const [text, code, video] = draft.sections[0].blocks.map(
      (b: { props: Record<string, string> }) => b.props,
    );
    for (const html of [text.html, code.html, video.embedCode]) {
      expect(activeContent(html)).toEqual([]);
      expectKept(html);
    }
    // The code block's own rules: a player from a known video host stays; rich text has none.
    expect(code.html).toContain(PLAYER);
    expect(text.html).not.toContain('<iframe');

    expect((await call('POST', `/api/studio/pages/${id}/publish`, { layout })).statusCode).toBe(200);
    const page = await visit(`/${urlId}`);
    expect(page.statusCode).toBe(200);
    expect(activeContent(page.body)).toEqual([]);
    expectKept(page.body);
    expect(page.body).toContain(PLAYER);
    const json = (await visit(`/${urlId}?format=json`)).json();
    expect(activeContent(JSON.stringify(json.layout).replace(/\\"/g, '"'))).toEqual([]);
  });

  it('product descriptions keep no script in the studio answer or on the product page', async () => {
    const res = await call('POST', '/api/studio/products', {
      ...teeBody(await shopId(backend, site)),
      description: DIRTY,
    });
    expect(res.statusCode).toBe(201);
    const product = res.json();
    expect(activeContent(product.description)).toEqual([]);
    expectKept(product.description);
    const read = (await call('GET', `/api/studio/products/${product.id}`)).json();
    expect(read.description).toBe(product.description);
    const page = await visit(product.fullUrl);
    expect(page.statusCode).toBe(200);
    expect(activeContent(page.body)).toEqual([]);
    expectKept(page.body);
  });

  it('blog post bodies and excerpts keep no script in the studio, the blog list or the post', async () => {
    const blogId = (await call('GET', '/api/studio/pages'))
      .json()
      .pages.find((p: { urlId: string }) => p.urlId === 'blog').id;
    const created = (
      await call('POST', `/api/studio/blogs/${blogId}/posts`, { title: 'Hostile post' })
    ).json();
    const saved = await call('PUT', `/api/studio/blogs/${blogId}/posts/${created.id}`, {
      excerpt: DIRTY,
      body: DIRTY,
      publishOn: '2026-01-01T10:00:00Z',
    });
    expect(saved.statusCode).toBe(200);
    const posts = (await call('GET', `/api/studio/blogs/${blogId}/posts`)).json().posts;
    const post = posts.find((p: { id: string }) => p.id === created.id);
    for (const html of [post.excerpt, post.body]) {
      expect(activeContent(html)).toEqual([]);
      expectKept(html);
    }
    for (const url of ['/blog', `/blog/${created.urlId}`]) {
      const page = await visit(url);
      expect(page.statusCode).toBe(200);
      expect(activeContent(page.body)).toEqual([]);
      expectKept(page.body);
    }
  });

  it('form messages and post-submit HTML keep no script in the studio or the page data', async () => {
    const formId = (await visit('/contact?format=json')).json().form.id as string;
    const form = (await call('GET', `/api/studio/forms/${formId}`)).json();
    const res = await call('PUT', `/api/studio/forms/${formId}`, {
      name: form.name,
      notificationEmail: form.notificationEmail,
      definition: {
        ...form.definition,
        parsedSubmissionMessage: DIRTY,
        parsedDisclaimerMessage: DIRTY,
        submissionHTML: `${PLAYER}\n${DIRTY}`,
      },
    });
    expect(res.statusCode).toBe(200);
    const answer = (await call('GET', `/api/studio/forms/${formId}`)).json().definition;
    const page = await visit('/contact');
    const shown = pageData(page.body).form as Record<string, string>;
    for (const definition of [answer, shown])
      for (const field of ['parsedSubmissionMessage', 'parsedDisclaimerMessage', 'submissionHTML']) {
        expect(activeContent(definition[field] ?? '')).toEqual([]);
        expectKept(definition[field] ?? '');
      }
    expect(answer.submissionHTML).toContain(PLAYER);
    expect(activeContent(page.body)).toEqual([]);
  });

  it('a translated text block keeps no script', async () => {
    await call('PUT', '/api/multilingual/languages', {
      languages: [
        { language: 'en-US', isDefault: true, enabled: true },
        { language: 'fr-FR', isDefault: false, enabled: true },
      ],
    });
    const { entries } = (await call('GET', '/api/multilingual/translations?language=fr-FR')).json();
    const text = entries.find(
      (e: { subjectType: string; field: string; defaultText: string }) =>
        e.subjectType === 'block' && e.field === 'html' && e.defaultText.includes('two-person studio'),
    );
    const saved = await call('PUT', '/api/multilingual/translations', {
      language: 'fr-FR',
      entries: [{ subjectType: 'block', subjectId: text.subjectId, field: 'html', value: DIRTY }],
    });
    expect(saved.statusCode).toBe(200);
    const after = (await call('GET', '/api/multilingual/translations?language=fr-FR')).json().entries;
    const value = after.find(
      (e: { subjectId: string; field: string }) => e.subjectId === text.subjectId,
    ).value;
    expect(activeContent(value)).toEqual([]);
    expectKept(value);
    const page = await visit('/about?lang=fr-FR');
    expect(activeContent(page.body)).toEqual([]);
    expectKept(page.body);
  });

  it('content stored before it was sanitised is cleaned when a page renders it', async () => {
    const db = site.app.database.db;
    // Rows as an older version wrote them: straight into the tables, never through a save.
    const tee = (await visit('/shop/p/classic-tee?format=json')).json().item.id as string;
    await db.update(items).set({ body: DIRTY }).where(eq(items.id, tee));
    const post = (await visit('/blog/welcome-to-the-shop?format=json')).json().item.id as string;
    await db.update(items).set({ body: DIRTY, excerpt: DIRTY }).where(eq(items.id, post));
    const contact = (await visit('/contact?format=json')).json().form.id as string;
    const [row] = await db.select().from(forms).where(eq(forms.id, contact));
    await db
      .update(forms)
      .set({ definition: { ...present(row, 'the contact form').definition, parsedDisclaimerMessage: DIRTY } })
      .where(eq(forms.id, contact));
    const about = (await visit('/about?format=json')).json().collection.id as string;
    const [settings] = await db.select().from(pageSettings).where(eq(pageSettings.collectionId, about));
    const revision = present(settings?.publishedRevisionId, 'the about page revision');
    await db
      .update(pageRevisions)
      .set({
        layout: {
          sections: [
            {
              id: 'old',
              blocks: [
                { id: 'old-text', type: 'text', props: { html: DIRTY } },
                { id: 'old-code', type: 'code', props: { html: DIRTY } },
              ],
            },
          ],
        },
      })
      .where(and(eq(pageRevisions.id, revision), eq(pageRevisions.collectionId, about)));
    // Rendered pages are cached until a change is announced: announce this one.
    await db.transaction((tx) => notifySiteChanged(tx, site.websiteId));
    expect(await eventually(() => false, 300)).toBe(false);

    for (const url of [
      '/shop/p/classic-tee',
      '/shop/p/classic-tee?format=json',
      '/blog',
      '/blog/welcome-to-the-shop',
      '/blog/welcome-to-the-shop?format=json',
      '/contact',
      '/about',
      '/about?format=json',
      '/search?q=welcome',
    ]) {
      const res = await visit(url);
      expect(res.headers['x-page-cache'], url).toBe('miss');
      const html = url.includes('format=json') ? res.body.replace(/\\"/g, '"') : res.body;
      expect(activeContent(html), url).toEqual([]);
    }
    const shown = pageData((await visit('/contact')).body).form as Record<string, string>;
    expect(activeContent(shown.parsedDisclaimerMessage ?? '')).toEqual([]);
  });
});
