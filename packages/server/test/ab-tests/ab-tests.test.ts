import { abVariantIndex } from '@store/api';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abTestVisitors, websites } from '../../src/db/schema/index';
import { AB_SPLIT_SCRIPT } from '../../src/pages/ab-test-page';
import { signupToken } from '../../src/services/lists/signup-tokens';
import { demoProduct } from '../helpers/shop';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { type Backend, backends, testDatabase } from '../helpers/test-db';
import { type Call, ownerClient } from '../studio/studio-helpers';

const layout = {
  sections: [
    { id: 'hero', blocks: [{ id: 'hero-title', type: 'heading', props: { text: 'Autumn sale', level: 1 } }] },
    { id: 'rest', blocks: [{ id: 'rest-text', type: 'text', props: { html: '<p>Always here</p>' } }] },
  ],
};
const cvr = (id: string) => `${id}|1700000000000|1700000000000|1700000000000|1`;

/** A page with the layout, published, and a running two-variant test of its hero section. */
async function runningTest(call: Call, title: string) {
  const page = (await call('POST', '/api/studio/pages', { title, kind: 'page' })).json();
  expect((await call('POST', `/api/studio/pages/${page.id}/publish`, { layout })).statusCode).toBe(200);
  const created = await call('POST', '/api/studio/ab-tests', {
    pageId: page.id,
    sectionId: 'hero',
    goal: 'add_to_cart',
  });
  expect(created.statusCode).toBe(201);
  const test = created.json();
  const b = test.variants[1];
  b.section.blocks[0].props.text = 'Half price today';
  const edited = await call('PUT', `/api/studio/ab-tests/${test.id}`, {
    variants: [{ letter: 'b', section: b.section }],
  });
  expect(edited.statusCode).toBe(200);
  expect((await call('POST', `/api/studio/ab-tests/${test.id}/start`)).json().status).toBe('running');
  return {
    page,
    test: edited.json() as { id: string; variants: { letter: string; section: { id: string } }[] },
  };
}

async function visitorRows(backend: Backend, testId: string) {
  const { db } = await testDatabase(backend);
  return db.select().from(abTestVisitors).where(eq(abTestVisitors.testId, testId));
}

describe.each(backends)('A/B tests on %s', (backend) => {
  let site: TestSite;
  let other: TestSite;
  let call: Call;
  let otherCall: Call;

  beforeAll(async () => {
    site = await createTestSite(backend);
    other = await createTestSite(backend);
    ({ call } = await ownerClient(site));
    ({ call: otherCall } = await ownerClient(other));
  });
  afterAll(async () => {
    await site.app.close();
    await other.app.close();
  });

  const visit = (url: string, cookies: Record<string, string> = {}) =>
    site.request({ method: 'GET', url, crumb: false, cookies });
  const expose = (tests: string[], visitorId?: string, target = site) =>
    target.request({
      method: 'POST',
      url: '/api/census/ab-exposure',
      crumb: false,
      payload: { tests },
      cookies: visitorId ? { ss_cvr: encodeURIComponent(cvr(visitorId)) } : {},
    });

  it('renders every variant into one page, identical for every visitor, A shown without script', async () => {
    const { page, test } = await runningTest(call, 'Split page');
    const first = await visit(`/${page.urlId}`, { ss_cvr: encodeURIComponent(cvr('visitor-one')) });
    const second = await visit(`/${page.urlId}`, { ss_cvr: encodeURIComponent(cvr('visitor-two')) });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Autumn sale');
    expect(first.body).toContain('Half price today');
    expect(first.body).toContain('data-section-id="hero-ab-b"');
    expect(first.body).toContain('src="/assets/ab-split.js"');
    // CSS hides B until the script marks the visitor's letter (no JavaScript: A).
    expect(first.body).toContain(
      `html:not([data-ab~="${test.id}:b"]) [data-section-id="hero-ab-b"]{display:none!important}`,
    );
    expect(second.body).toBe(first.body);
    expect(second.headers['x-page-cache']).toBe('hit');
    const script = await visit('/assets/ab-split.js');
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('Math.imul');
  });

  it('?variant= previews a variant for staff and internal sites only, and never enters the cache', async () => {
    const { page } = await runningTest(call, 'Preview page');
    const normal = await visit(`/${page.urlId}`);
    const anonymous = await visit(`/${page.urlId}?variant=b`);
    expect(anonymous.body).toBe(normal.body);
    expect(anonymous.body).not.toContain('&quot;force&quot;:&quot;b&quot;');
    const { session } = await ownerClient(site);
    const staff = await visit(`/${page.urlId}?variant=b`, { siteUserSession: session });
    expect(staff.body).toContain('&quot;force&quot;:&quot;b&quot;');
    expect(staff.headers['x-page-cache']).toBe('miss');
    // The staff preview polluted nothing: visitors still get the shared page.
    const after = await visit(`/${page.urlId}?variant=b`);
    expect(after.body).toBe(normal.body);
    expect(after.headers['x-page-cache']).toBe('hit');
    // A bad letter is ignored even for staff.
    const bad = await visit(`/${page.urlId}?variant=zz`, { siteUserSession: session });
    expect(bad.body).not.toContain('&quot;force&quot;:&quot;');

    const { db } = await testDatabase(backend);
    await db
      .update(websites)
      .set({ settings: sql`${websites.settings} || '{"internal": true}'::jsonb` })
      .where(eq(websites.id, site.websiteId));
    site.app.siteLookups?.forget();
    try {
      const internal = await visit(`/${page.urlId}?variant=b`);
      expect(internal.body).toContain('&quot;force&quot;:&quot;b&quot;');
    } finally {
      await db
        .update(websites)
        .set({ settings: sql`${websites.settings} - 'internal'` })
        .where(eq(websites.id, site.websiteId));
      site.app.siteLookups?.forget();
    }
  });

  it('counts one exposure per visitor and test, in the bucket the shared function picks', async () => {
    const { test } = await runningTest(call, 'Exposure page');
    for (let i = 0; i < 40; i++) {
      const res = await expose([test.id], `v${i}`);
      expect(res.statusCode).toBe(202);
    }
    const again = await expose([test.id], 'v0');
    expect(again.json().accepted).toBe(0);
    const rows = await visitorRows(backend, test.id);
    expect(rows).toHaveLength(40);
    for (const row of rows) {
      expect(row.variant).toBe(['a', 'b'][abVariantIndex(row.visitorId, test.id, [1, 1])]);
    }
    // Both variants get visitors.
    expect(new Set(rows.map((r) => r.variant))).toEqual(new Set(['a', 'b']));
  });

  it('refuses bad exposure beacons and counts nothing for another site’s test', async () => {
    const { test } = await runningTest(call, 'Isolated page');
    expect((await expose([], 'v1')).statusCode).toBe(400);
    expect((await expose([test.id])).statusCode).toBe(400);
    const tooMany = await expose(
      Array.from({ length: 11 }, (_, i) => `t${i}`),
      'v1',
    );
    expect(tooMany.statusCode).toBe(400);
    const wrongSite = await expose([test.id], 'v1', other);
    expect(wrongSite.statusCode).toBe(202);
    expect(wrongSite.json().accepted).toBe(0);
    expect(await visitorRows(backend, test.id)).toHaveLength(0);
    // Nor may the other site's owner read or change it.
    expect((await otherCall('GET', `/api/studio/ab-tests/${test.id}/results`)).statusCode).toBe(404);
    expect((await otherCall('POST', `/api/studio/ab-tests/${test.id}/stop`)).statusCode).toBe(404);
    expect((await otherCall('GET', '/api/studio/ab-tests')).json().tests).toEqual([]);
  });

  it('counts a conversion once per exposed visitor, and reads out per variant', async () => {
    const { test } = await runningTest(call, 'Conversion page');
    const tee = await demoProduct(site, 'classic-tee');
    const add = (visitorId: string) =>
      site.request({
        method: 'POST',
        url: '/api/commerce/shopping-cart/entries',
        payload: { itemId: tee.id, sku: 'TEE-NAV-M', quantity: 1 },
        cookies: { ss_cvr: encodeURIComponent(cvr(visitorId)) },
      });
    await expose([test.id], 'buyer');
    await expose([test.id], 'browser');
    expect((await add('buyer')).statusCode).toBe(200);
    expect((await add('buyer')).statusCode).toBe(200);
    // Never shown the test: not counted.
    expect((await add('stranger')).statusCode).toBe(200);
    const rows = await visitorRows(backend, test.id);
    expect(rows.filter((r) => r.convertedAt)).toHaveLength(1);
    expect(rows.find((r) => r.convertedAt)?.visitorId).toBe('buyer');

    const results = (await call('GET', `/api/studio/ab-tests/${test.id}/results`)).json();
    const total = results.variants.reduce((n: number, v: { visitors: number }) => n + v.visitors, 0);
    const conversions = results.variants.reduce(
      (n: number, v: { conversions: number }) => n + v.conversions,
      0,
    );
    expect(total).toBe(2);
    expect(conversions).toBe(1);
    expect(
      results.variants.every(
        (v: { enoughData: boolean; pValue: null }) => !v.enoughData && v.pValue === null,
      ),
    ).toBe(true);
  });

  it('answers bad set-up with 4xx', async () => {
    const page = (await call('POST', '/api/studio/pages', { title: 'Bad set-up', kind: 'page' })).json();
    expect((await call('POST', `/api/studio/pages/${page.id}/publish`, { layout })).statusCode).toBe(200);
    const missing = await call('POST', '/api/studio/ab-tests', {
      pageId: page.id,
      sectionId: 'nope',
      goal: 'order',
    });
    expect(missing.statusCode).toBe(404);
    const tooMany = await call('POST', '/api/studio/ab-tests', {
      pageId: page.id,
      sectionId: 'hero',
      goal: 'order',
      variants: 6,
    });
    expect(tooMany.statusCode).toBe(400);
    const badGoal = await call('POST', '/api/studio/ab-tests', {
      pageId: page.id,
      sectionId: 'hero',
      goal: 'hug',
    });
    expect(badGoal.statusCode).toBe(400);
    const ok = await call('POST', '/api/studio/ab-tests', {
      pageId: page.id,
      sectionId: 'hero',
      goal: 'order',
      variants: 3,
    });
    expect(ok.json().variants.map((v: { letter: string }) => v.letter)).toEqual(['a', 'b', 'c']);
    const twice = await call('POST', '/api/studio/ab-tests', {
      pageId: page.id,
      sectionId: 'hero',
      goal: 'order',
    });
    expect(twice.statusCode).toBe(409);
    const id = ok.json().id;
    const badSection = await call('PUT', `/api/studio/ab-tests/${id}`, {
      variants: [
        { letter: 'b', section: { id: 'x', blocks: [{ id: 'q', type: 'heading', props: { level: 99 } }] } },
      ],
    });
    expect(badSection.statusCode).toBe(400);
    expect(
      (await call('PUT', `/api/studio/ab-tests/${id}`, { variants: [{ letter: 'e' }] })).statusCode,
    ).toBe(400);
    await call('POST', `/api/studio/ab-tests/${id}/start`);
    expect((await call('PUT', `/api/studio/ab-tests/${id}`, { goal: 'add_to_cart' })).statusCode).toBe(409);
    expect((await call('DELETE', `/api/studio/ab-tests/${id}`)).statusCode).toBe(409);
    expect((await call('POST', `/api/studio/ab-tests/${id}/winner`, { letter: 'z' })).statusCode).toBe(400);
    const anonymous = await site.request({ method: 'GET', url: '/api/studio/ab-tests' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a variant’s newsletter block joins one of the site’s lists, as on the page', async () => {
    const page = (await call('POST', '/api/studio/pages', { title: 'List variant', kind: 'page' })).json();
    expect((await call('POST', `/api/studio/pages/${page.id}/publish`, { layout })).statusCode).toBe(200);
    const test = (
      await call('POST', '/api/studio/ab-tests', { pageId: page.id, sectionId: 'hero', goal: 'form_submit' })
    ).json();
    const withBlock = (props: Record<string, unknown>) => ({
      variants: [{ letter: 'b', section: { id: 'hero', blocks: [{ id: 'nl', type: 'newsletter', props }] } }],
    });
    const none = await call('PUT', `/api/studio/ab-tests/${test.id}`, withBlock({}));
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('A List must be selected');
    const foreignList = (
      await otherCall('POST', '/api/studio/marketing/lists', { name: 'Not yours', doubleOptIn: false })
    ).json().list.id;
    const foreign = await call('PUT', `/api/studio/ab-tests/${test.id}`, withBlock({ listId: foreignList }));
    expect(foreign.statusCode).toBe(404);
    const own = (
      await call('POST', '/api/studio/marketing/lists', { name: 'Variant readers', doubleOptIn: false })
    ).json().list.id;
    const saved = await call('PUT', `/api/studio/ab-tests/${test.id}`, withBlock({ listId: own }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('POST', `/api/studio/ab-tests/${test.id}/start`)).statusCode).toBe(200);
    // The running page carries B's sign-up for that list, as a token of the site and list.
    const body = (await visit(`/${page.urlId}`)).body;
    expect(body).toContain(`data-list="${await signupToken(site.app.database.db, site.websiteId, own)}"`);
  });

  it('picking a winner publishes its content as the section and ends the test', async () => {
    const { page, test } = await runningTest(call, 'Winner page');
    const ended = await call('POST', `/api/studio/ab-tests/${test.id}/winner`, { letter: 'b' });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ status: 'ended', winner: 'b' });
    const live = await visit(`/${page.urlId}`);
    expect(live.body).toContain('Half price today');
    expect(live.body).not.toContain('Autumn sale');
    expect(live.body).not.toContain('ab-split.js');
    expect(live.body).toContain('data-section-id="hero"');
    const editor = (await call('GET', `/api/studio/pages/${page.id}/layout`)).json();
    expect(editor.published.sections[0].blocks[0].props.text).toBe('Half price today');
  });
});

describe('the split script', () => {
  /** Run the served script against a stand-in document; what it marked and sent. */
  function runScript(cookie: string, config: Record<string, unknown>) {
    const marks: Record<string, string> = {};
    const sent: string[] = [];
    const document = {
      cookie,
      currentScript: { getAttribute: () => JSON.stringify(config) },
      documentElement: { setAttribute: (name: string, value: string) => (marks[name] = value) },
    };
    const navigator = { sendBeacon: (_url: string, body: string) => sent.push(body) > 0 };
    new Function('document', 'navigator', 'window', 'location', AB_SPLIT_SCRIPT)(
      document,
      navigator,
      {},
      { protocol: 'http:' },
    );
    return { marks, sent, cookie: document.cookie };
  }
  const tests = [{ id: 'test-9', letters: ['a', 'b'], weights: [1, 1] }];

  it('picks the letter the shared bucket function picks, and reports the exposure', () => {
    for (let i = 0; i < 50; i++) {
      const { marks, sent } = runScript(`ss_cvr=${encodeURIComponent(cvr(`s${i}`))}`, { tests, force: null });
      const letter = ['a', 'b'][abVariantIndex(`s${i}`, 'test-9', [1, 1])];
      expect(marks['data-ab']).toBe(`test-9 test-9:${letter}`);
      expect(JSON.parse(sent[0] ?? '{}').tests).toEqual(['test-9']);
    }
  });

  it('shows the forced letter without reporting, and writes a visitor record on a first visit', () => {
    const forced = runScript('', { tests, force: 'b' });
    expect(forced.marks['data-ab']).toBe('test-9 test-9:b');
    expect(forced.sent).toEqual([]);
    const first = runScript('', { tests, force: null });
    expect(first.cookie).toMatch(/^ss_cvt=\d+/);
    expect(first.sent).toHaveLength(1);
    const restrictive = runScript('', { tests, force: null, restrictive: true });
    expect(restrictive.marks['data-ab']).toBe('test-9 test-9:a');
    expect(restrictive.sent).toEqual([]);
  });
});
