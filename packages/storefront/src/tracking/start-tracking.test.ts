import { describe, expect, it, vi } from 'vitest';
import { createTracking } from './start-tracking';
import { fakeEnv } from './testing/fake-env';

const page = {
  pageType: 50,
  itemId: 'item-1',
  collectionId: 'col-1',
  collectionName: 'Shop',
  websiteId: 'site-1',
  currency: 'USD',
};
const noPerf = { performanceSource: { vitals: () => {}, navigation: () => null } };

describe('createTracking', () => {
  it('sends the page-view hit with the census data and sets the visit cookies', () => {
    const f = fakeEnv();
    const t = createTracking(page, { env: f.env, ...noPerf });
    expect(t.skipped).toBe(false);
    const hit = f.sent.find((s) => s.url === '/api/census/RecordHit')!;
    const form = new URLSearchParams(hit.body);
    expect(form.get('event')).toBe('View');
    expect(form.get('ss_cvr')).toBe(t.visitorRecord);
    expect(JSON.parse(form.get('data')!)).toMatchObject({
      websiteId: 'site-1',
      url: f.env.location.href,
      title: 'Tee',
      itemId: 'item-1',
      collectionId: 'col-1',
      pageType: 50,
      clientDate: f.env.now(),
      userAgent: 'FakeAgent/1.0',
      viewportInnerWidth: 1280,
      screenHeight: 1080,
      sessionId: t.sessionId,
      isFirstLanding: true,
      isFirstSession: true,
    });
    expect([...f.cookies.jar.keys()]).toEqual(
      expect.arrayContaining(['ss_cvr', 'ss_cvt', 'ss_cid', 'ss_csid']),
    );
  });

  it('sends add-to-cart with the spec fields', async () => {
    const f = fakeEnv({ cookies: { SiteUserInfo: encodeURIComponent('{"authenticated":true}') } });
    const t = createTracking(page, { env: f.env, ...noPerf });
    await t.addToCart({
      product: { id: 'item-1', title: 'Tee', productType: 1, collectionId: 'col-1' },
      entry: { quantity: 2, purchasePriceCents: 2800 },
      productPage: 'plp',
      page,
    });
    const sent = f.sent.find((s) => s.url === '/api/v1/clanker/events')!;
    const wrapper = JSON.parse(sent.body);
    expect(wrapper.eventSchemaName).toBe('add_to_cart');
    expect(JSON.parse(wrapper.eventContent)).toMatchObject({
      website_id: 'site-1',
      page_id: 'item-1',
      product_page: 'plp',
      product: {
        item_id: 'item-1',
        item_type: 1,
        item_title: 'Tee',
        item_collection_id: 'col-1',
        item_collection_name: 'Shop',
      },
      item_price: 2800,
      item_quantity: 2,
      currency_code: 'USD',
      logged_in: true,
      ss_cvr: t.visitorRecord,
      end_user_session_id: t.sessionId,
    });
  });

  it.each([
    ['a not-found page', { pageType: 100 }],
    ['a signed-in editor', { accountRoles: [4] }],
    ['the disable flag', { disableAnalytics: true }],
  ])('sends nothing on %s', async (_l, over) => {
    const f = fakeEnv();
    const t = createTracking({ ...page, ...over }, { env: f.env, ...noPerf });
    await t.addToCart({ product: { id: 'x' } });
    await t.census('button-click');
    expect(t.skipped).toBe(true);
    expect(f.sent).toEqual([]);
  });

  it('clears the five tracking cookies under a restrictive policy and writes none', () => {
    const cookies = {
      ss_cvr: 'a|1|1|1|1',
      ss_cvt: '1',
      ss_cid: 'c',
      ss_csid: 's',
      ss_clp: '/x',
      crumb: 'keep',
    };
    const f = fakeEnv({ cookies });
    createTracking({ ...page, cookiePolicy: 'restrictive' }, { env: f.env, ...noPerf });
    expect([...f.cookies.jar.keys()]).toEqual(['crumb']);
  });

  it('keeps tracker failures in the console', async () => {
    const f = fakeEnv({ sendBeacon: undefined, status: 500 });
    const t = createTracking(page, { env: f.env, ...noPerf });
    await t.addToCart({ product: { id: 'item-1' } });
    await t.census('button-click', { buttonText: 'Go' });
    await new Promise((r) => setTimeout(r, 0));
    expect(f.errors).toEqual(expect.arrayContaining(['Error tracking event: HTTP Status 500']));
    expect(f.errors.length).toBeGreaterThanOrEqual(3);
  });

  it('census calls carry the visitor cookie and page fields', async () => {
    const f = fakeEnv();
    const t = createTracking(page, { env: f.env, ...noPerf });
    await t.census('form-render', { formId: 'f1' });
    const call = f.sent.find((s) => s.url === '/api/census/form-render')!;
    expect(JSON.parse(call.body)).toMatchObject({
      formId: 'f1',
      visitorCookie: t.visitorRecord,
      pageType: 50,
    });
  });

  it('leaves commerce_item_viewed to the server on a product page; sends checkout confirmed on order confirmed', async () => {
    const f = fakeEnv();
    const product = createTracking(page, { env: f.env, ...noPerf });
    createTracking({ ...page, pageType: 202, itemId: null, orderId: 'order-9' }, { env: f.env, ...noPerf });
    const events = () =>
      f.sent
        .filter((s) => s.url === '/api/v1/clanker/events')
        .map((s) => JSON.parse(s.body))
        .map((w) => [w.eventSchemaName, JSON.parse(w.eventContent)]);
    await vi.waitFor(() => expect(events()).toHaveLength(1));
    expect(events()[0]?.[0]).toBe('commerce_checkout_confirmed');
    expect(events()[0]?.[1]).toMatchObject({
      order_id: 'order-9',
      website_id: 'site-1',
      currency_code: 'USD',
    });
    // The page-view hit of the product page carries what the server derives the view from.
    const hit = f.sent.find((s) => s.url === '/api/census/RecordHit')!;
    expect(JSON.parse(new URLSearchParams(hit.body).get('data')!)).toMatchObject({
      pageType: 50,
      itemId: 'item-1',
    });
    // An explicit product view (a quick view, say) is still sent by the tracker.
    await product.productView({
      product: { id: 'item-1', title: 'Tee', productType: 1 },
      page: { currency: 'USD' },
    });
    expect(events()[1]).toMatchObject([
      'commerce_item_viewed',
      { product: { item_id: 'item-1', item_title: 'Tee' } },
    ]);
  });
});
