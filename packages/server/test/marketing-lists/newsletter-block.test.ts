import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/db/schema/index';
import { listMembers } from '../../src/db/schema/newsletter';
import { signupToken } from '../../src/services/lists/signup-tokens';
import { publishLayout } from '../../src/services/studio/layouts.service';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { type Call, ownerClient } from '../studio/studio-helpers';

const LISTS = '/api/studio/marketing/lists';
const OUTDATED = 'This sign-up form is out of date. Reload the page and try again.';
const block = (id: string, type: string, props: Record<string, unknown> = {}) => ({ id, type, props });
const layoutOf = (...blocks: ReturnType<typeof block>[]) => ({ sections: [{ id: 's1', blocks }] });

describe.each(backends)('newsletter block sign-up on %s', (backend) => {
  let site: TestSite;
  let other: TestSite;
  let call: Call;
  let n = 0;
  const db = () => site.app.database.db;
  // Each sign-up from its own address: the sign-up routes share one per-address limit.
  const signUp = (payload: object, on = site, address = `10.9.${n++ % 250}.${1 + (n % 200)}`) =>
    on.request({
      method: 'POST',
      url: '/api/newsletter/subscribers',
      payload,
      headers: { 'x-forwarded-for': address },
    });
  const membersOf = (listId: string) => db().select().from(listMembers).where(eq(listMembers.listId, listId));
  const makeList = async (name: string, doubleOptIn = false) =>
    (await call('POST', LISTS, { name, doubleOptIn })).json().list.id as string;
  /** Publish a new page with one newsletter block; its address and the list token it carries. */
  const publishBlock = async (title: string, props: Record<string, unknown>) => {
    const page = (await call('POST', '/api/studio/pages', { title })).json();
    const res = await call('POST', `/api/studio/pages/${page.id}/publish`, {
      layout: layoutOf(block('nl', 'newsletter', props)),
    });
    expect(res.statusCode, res.body).toBe(200);
    return { pageId: page.id as string, url: `/${title.toLowerCase().replace(/\s+/g, '-')}` };
  };
  const tokenOn = async (url: string) => {
    const body = (await site.request({ method: 'GET', url })).body;
    return /data-island="newsletter-signup" data-list="([^"]+)"/.exec(body)?.[1] ?? '';
  };

  beforeAll(async () => {
    site = await createTestSite(backend);
    other = await createTestSite(backend);
    ({ call } = await ownerClient(site));
  });
  afterAll(async () => {
    await site.app.close();
    await other.app.close();
  });

  it('offers the site’s lists in the editor’s catalogue, the default list first', async () => {
    await makeList('Catalogue list');
    const { lists } = (await call('GET', '/api/studio/catalog')).json();
    expect(lists[0]).toMatchObject({ name: 'Newsletter', isDefault: true });
    expect(lists.map((l: { name: string }) => l.name)).toContain('Catalogue list');
  });

  it('renders title, description, e-mail field and button, and joins the chosen list', async () => {
    const vip = await makeList('VIP readers');
    const { url } = await publishBlock('Join VIP', {
      listId: vip,
      title: 'Be first in line',
      description: 'Early access, once a month.',
      buttonLabel: 'Count me in',
    });
    const body = (await site.request({ method: 'GET', url })).body;
    expect(body).toContain('<h2>Be first in line</h2>');
    expect(body).toContain('<p>Early access, once a month.</p>');
    expect(body).toMatch(/<label for="newsletter-nl-email">Email address<\/label>/);
    expect(body).toContain('type="email"');
    expect(body).toContain('<button type="submit" class="button">Count me in</button>');
    expect(body).toContain('role="status"');
    expect(body).toContain('<noscript><p>Please enable JavaScript to sign up.</p></noscript>');
    // The list travels only as the server's token, never as a plain id a visitor could change.
    const token = await tokenOn(url);
    expect(token.startsWith(`${vip}.`)).toBe(true);

    const res = await signUp({ email: 'Block.Reader@Example.com', source: 'block', listToken: token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, confirm: false });
    const [member] = await membersOf(vip);
    expect(member).toMatchObject({
      email: 'block.reader@example.com',
      status: 'subscribed',
      source: 'newsletter',
      consentSource: 'newsletter block',
    });
    expect(member?.consentAt).toBeInstanceOf(Date);
  });

  it('a double opt-in list leaves the visitor pending and mails the confirmation link', async () => {
    const careful = await makeList('Confirmed readers', true);
    const { url } = await publishBlock('Confirmed letter', { listId: careful });
    const res = await signUp({
      email: 'block-careful@example.com',
      source: 'block',
      listToken: await tokenOn(url),
    });
    expect(res.json()).toEqual({ ok: true, confirm: true });
    const [member] = await membersOf(careful);
    expect(member).toMatchObject({ status: 'pending', consentSource: 'newsletter block' });
    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.websiteId, site.websiteId),
          eq(emailOutbox.toAddress, 'block-careful@example.com'),
        ),
      );
    expect(mails.map((m) => m.kind)).toEqual(['list-confirmation']);
    expect(mails[0]?.textBody).toContain('"Confirmed readers"');
    expect(mails[0]?.textBody).toMatch(/\/mailing-list\/confirm\?token=\S+/);
  });

  it('refuses a forged, changed or missing token and joins nobody', async () => {
    const vip = await makeList('Forgery target');
    const shop = await makeList('Shop news');
    const { url } = await publishBlock('Shop letter', { listId: shop });
    const token = await tokenOn(url);
    const [, signature] = token.split('.');
    const attempts = [
      { source: 'block', listToken: `${vip}.${signature}` }, // another list, the page's signature
      { source: 'block', listToken: `${shop}.${'A'.repeat(43)}` }, // a made-up signature
      { source: 'block', listToken: 'not a token' },
      { source: 'block' }, // no token at all
      { listToken: `${vip}.${signature}` }, // a token without saying it is a block
    ];
    for (const attempt of attempts) {
      const res = await signUp({ email: 'block-mallory@example.com', ...attempt });
      expect(res.statusCode, JSON.stringify(attempt)).toBe(400);
      expect(res.json().error.message).toBe(OUTDATED);
    }
    expect(await membersOf(vip)).toEqual([]);
    expect(await membersOf(shop)).toEqual([]);
  });

  it('refuses another site’s list: its token on this site, or this site signing another site’s list', async () => {
    const mine = await makeList('Only here');
    const { url } = await publishBlock('Only here page', { listId: mine });
    const token = await tokenOn(url);
    const onOther = await signUp(
      { email: 'block-cross@example.com', source: 'block', listToken: token },
      other,
    );
    expect(onOther.statusCode).toBe(400);
    // A token the other site signed for this site's list names a list it does not have.
    const crossSigned = await signupToken(db(), other.websiteId, mine);
    const foreign = await signUp(
      { email: 'block-cross@example.com', source: 'block', listToken: crossSigned },
      other,
    );
    expect(foreign.statusCode).toBe(404);
    expect(await membersOf(mine)).toEqual([]);
  });

  it('refuses to save or publish a page whose newsletter block has no list, or a list not on the site', async () => {
    const page = (await call('POST', '/api/studio/pages', { title: 'No list yet' })).json();
    const noList = layoutOf(
      block('h', 'heading', { text: 'Hi' }),
      block('nl', 'newsletter', { title: 'Join' }),
    );
    for (const url of [`/api/studio/pages/${page.id}/layout`, `/api/studio/pages/${page.id}/publish`]) {
      const res = await call(url.endsWith('publish') ? 'POST' : 'PUT', url, { layout: noList });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('A List must be selected');
      expect(res.json().errors).toEqual({
        'layout.sections.0.blocks.1.props.listId': 'A List must be selected',
      });
    }
    const otherOwner = await ownerClient(other);
    const theirs = (await otherOwner.call('POST', LISTS, { name: 'Theirs' })).json().list.id;
    const foreign = await call('PUT', `/api/studio/pages/${page.id}/layout`, {
      layout: layoutOf(block('nl', 'newsletter', { listId: theirs })),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errors).toEqual({
      'layout.sections.0.blocks.0.props.listId': 'That mailing list is not on this site.',
    });
    const draft = (await call('GET', `/api/studio/pages/${page.id}/layout`)).json().draft;
    expect(JSON.stringify(draft)).not.toContain('newsletter');
  });

  it('a block published before lists (a form, no list) still renders and joins the default list', async () => {
    const page = (await call('POST', '/api/studio/pages', { title: 'Old letter' })).json();
    const published = await publishLayout(db(), site.websiteId, page.id, {
      sections: [
        {
          id: 's',
          blocks: [block('old', 'newsletter', { formId: 'f-old', title: 'Stay in touch' }) as never],
        },
      ],
    });
    expect(published.ok).toBe(true);
    const token = await tokenOn('/old-letter');
    const { lists } = (await call('GET', '/api/studio/catalog')).json();
    const defaultId = lists.find((l: { isDefault: boolean }) => l.isDefault).id;
    expect(token.startsWith(`${defaultId}.`)).toBe(true);
    const res = await signUp({ email: 'block-old-page@example.com', source: 'block', listToken: token });
    expect(res.statusCode).toBe(200);
    expect((await membersOf(defaultId)).map((m) => m.email)).toContain('block-old-page@example.com');
  });

  it('a block whose list was deleted: its page is fresh at once on the default list; a page loaded before says reload', async () => {
    const shortLived = await makeList('Short-lived letter');
    const { url } = await publishBlock('Short letter', { listId: shortLived });
    const stale = await tokenOn(url); // rendered, and cached
    expect((await call('DELETE', `${LISTS}/${shortLived}`)).statusCode).toBe(200);
    const { lists } = (await call('GET', '/api/studio/catalog')).json();
    const defaultId = lists.find((l: { isDefault: boolean }) => l.isDefault).id;
    // Deleting the list dropped the cached page: the next view already carries the default list.
    const fresh = await tokenOn(url);
    expect(fresh.startsWith(`${defaultId}.`)).toBe(true);
    // A browser still showing the page from before is told to reload, and nobody joins.
    const refused = await signUp({ email: 'block-late@example.com', source: 'block', listToken: stale });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(OUTDATED);
    const joined = await signUp({ email: 'block-late@example.com', source: 'block', listToken: fresh });
    expect(joined.statusCode).toBe(200);
    expect((await membersOf(defaultId)).map((m) => m.email)).toContain('block-late@example.com');
  });

  it('rate-limits sign-ups from one address like the popup', async () => {
    const { url } = await publishBlock('Busy letter', { listId: await makeList('Busy') });
    const listToken = await tokenOn(url);
    const codes: number[] = [];
    for (let i = 0; i < 21; i++)
      codes.push(
        (await signUp({ email: `block-busy${i}@example.com`, source: 'block', listToken }, site, '10.99.0.1'))
          .statusCode,
      );
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes[20]).toBe(429);
  });
});
