import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordType } from '@store/commerce';
import { emailOutbox, forms, items, memberAreas } from '../../src/db/schema/index';
import { listMembers, popupOverlays } from '../../src/db/schema/newsletter';
import { contributorSession } from '../contributors/contributor-helpers';
import { submissionKey } from '../forms-helpers';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { sessionOf, soldOutMug } from '../restock-helpers';

const LISTS = '/api/studio/marketing/lists';

describe.each(backends)('marketing mailing lists (%s)', (backend) => {
  let site: TestSite;
  let other: TestSite;
  let owner: Record<string, string>;
  const call = (method: string, url: string, payload?: object, cookies = owner, on = site) =>
    on.request({ method: method as 'GET', url, cookies, ...(payload ? { payload } : {}) });
  const members = async (listId: string, query = '') =>
    (await call('GET', `${LISTS}/${listId}/members${query}`)).json().members as {
      id: string;
      email: string;
      status: string;
      source: string;
      consentSource: string;
      consentAt: string | null;
    }[];
  const lists = async () =>
    (await call('GET', LISTS)).json().lists as {
      id: string;
      name: string;
      isDefault: boolean;
      subscribed: number;
      pending: number;
    }[];

  beforeAll(async () => {
    site = await createTestSite(backend);
    other = await createTestSite(backend);
    owner = { siteUserSession: await sessionOf(site, 'owner') };
  });
  afterAll(async () => {
    await site.app.close();
    await other.app.close();
  });

  it('lists: the default list is there; create, rename, double opt-in, delete (not the default)', async () => {
    const start = await lists();
    expect(start.filter((l) => l.isDefault)).toHaveLength(1);
    const made = await call('POST', LISTS, { name: 'VIP' });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().list.id;
    expect((await call('POST', LISTS, { name: 'vip' })).statusCode).toBe(409);
    expect((await call('POST', LISTS, { name: '  ' })).statusCode).toBe(400);
    const renamed = await call('PUT', `${LISTS}/${id}`, { name: 'Friends', doubleOptIn: true });
    expect(renamed.json().list).toMatchObject({ name: 'Friends', doubleOptIn: true });
    const def = start.find((l) => l.isDefault);
    const refused = await call('DELETE', `${LISTS}/${def?.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('The default list cannot be deleted.');
    const gone = await call('POST', LISTS, { name: 'Short-lived' });
    expect((await call('DELETE', `${LISTS}/${gone.json().list.id}`)).statusCode).toBe(200);
    expect((await lists()).map((l) => l.name)).toEqual(['Newsletter', 'Friends']);
  });

  it('site isolation: another site cannot see or change this site’s list', async () => {
    const [, friends] = await lists();
    const otherOwner = { siteUserSession: await sessionOf(other, 'owner') };
    expect(
      (await call('GET', `${LISTS}/${friends?.id}/members`, undefined, otherOwner, other)).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `${LISTS}/${friends?.id}`, undefined, otherOwner, other)).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', `${LISTS}/${friends?.id}/members`, { email: 'x@y.test' }, otherOwner, other))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('GET', LISTS, undefined, otherOwner, other))
        .json()
        .lists.map((l: { name: string }) => l.name),
    ).toEqual(['Newsletter']);
  });

  it('roles: the campaigns editor (11) writes; reporting (3) and customers are refused', async () => {
    const editor = { siteUserSession: (await contributorSession(backend, site, 11)).cookie };
    const reporting = { siteUserSession: (await contributorSession(backend, site, 3)).cookie };
    const customer = { siteUserSession: await sessionOf(site, 'customer') };
    const made = await call('POST', LISTS, { name: 'By editor' }, editor);
    expect(made.statusCode, made.body).toBe(201);
    expect((await call('GET', LISTS, undefined, reporting)).statusCode).toBe(403);
    expect((await call('POST', LISTS, { name: 'Nope' }, reporting)).statusCode).toBe(403);
    expect((await call('GET', LISTS, undefined, customer)).statusCode).toBe(403);
    expect((await site.request({ method: 'GET', url: LISTS })).statusCode).toBeGreaterThanOrEqual(401);
    expect((await call('DELETE', `${LISTS}/${made.json().list.id}`, undefined, editor)).statusCode).toBe(200);
  });

  it('members: add by hand (owner consent), search, status filter, unsubscribe, remove, bad input', async () => {
    const [def] = await lists();
    const id = def?.id ?? '';
    const added = await call('POST', `${LISTS}/${id}/members`, { email: 'Hand@Example.com' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().member).toMatchObject({
      email: 'hand@example.com',
      status: 'subscribed',
      source: 'owner',
      consentSource: 'owner',
    });
    expect((await call('POST', `${LISTS}/${id}/members`, { email: 'not-an-email' })).statusCode).toBe(400);
    await call('POST', `${LISTS}/${id}/members`, { email: 'other@example.com' });
    expect((await members(id, '?q=HAND')).map((m) => m.email)).toEqual(['hand@example.com']);
    const memberId = added.json().member.id;
    const un = await call('POST', `${LISTS}/${id}/members/${memberId}/unsubscribe`);
    expect(un.json().member.status).toBe('unsubscribed');
    expect((await members(id, '?status=unsubscribed')).map((m) => m.email)).toEqual(['hand@example.com']);
    expect((await call('GET', `${LISTS}/${id}/members?status=bogus`)).statusCode).toBe(400);
    expect((await call('GET', `${LISTS}/${id}/members?page=0`)).statusCode).toBe(400);
    const csv = await call('GET', `${LISTS}/${id}/export.csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('hand@example.com,unsubscribed,owner');
    const other2 = (await members(id, '?q=other'))[0];
    expect((await call('DELETE', `${LISTS}/${id}/members/${other2?.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `${LISTS}/${id}/members/${other2?.id}`)).statusCode).toBe(404);
    expect((await lists())[0]).toMatchObject({ subscribed: 0 });
  });

  it('popup sign-up joins the default list with consent source popup', async () => {
    const res = await site.request({
      method: 'POST',
      url: '/api/newsletter/subscribers',
      payload: { email: 'pop@example.com' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [def] = await lists();
    expect((await members(def?.id ?? '', '?q=pop'))[0]).toMatchObject({
      status: 'subscribed',
      source: 'popup',
    });
  });

  it('the popup joins the list chosen in its settings', async () => {
    const made = await call('POST', LISTS, { name: 'Popup list' });
    const listId = made.json().list.id;
    await site.app.database.db
      .insert(popupOverlays)
      .values({ websiteId: site.websiteId, title: 'Join', listId })
      .onConflictDoUpdate({ target: popupOverlays.websiteId, set: { listId } });
    await site.request({
      method: 'POST',
      url: '/api/newsletter/subscribers',
      payload: { email: 'pop2@example.com' },
    });
    expect((await members(listId)).map((m) => m.email)).toEqual(['pop2@example.com']);
    await site.app.database.db
      .update(popupOverlays)
      .set({ listId: null })
      .where(eq(popupOverlays.websiteId, site.websiteId));
    await call('DELETE', `${LISTS}/${listId}`);
  });

  it('restock opt-in joins the default list; without the tick it does not', async () => {
    const mug = await soldOutMug(backend, site);
    const sign = (email: string, join: boolean) =>
      site.request({
        method: 'POST',
        url: '/api/site-users/account/notifications/restock',
        payload: {
          productId: mug.white.productId,
          variantId: mug.white.variantId,
          siteVisitorEmail: email,
          isJoinMailingList: join,
        },
      });
    const yes = await sign('restock-yes@example.com', true);
    expect(yes.statusCode, yes.body).toBe(200);
    await sign('restock-no@example.com', false);
    const [def] = await lists();
    const found = await members(def?.id ?? '', '?q=restock');
    expect(found.map((m) => m.email)).toEqual(['restock-yes@example.com']);
    expect(found[0]).toMatchObject({ source: 'restock' });
    expect(found[0]?.consentSource).toContain('restock');
  });

  it('form opt-in: mapped e-mail + ticked box joins the list (consent: the form); unticked does not', async () => {
    const db = site.app.database.db;
    const [form] = await db
      .insert(forms)
      .values({
        websiteId: site.websiteId,
        name: 'Sign-up sheet',
        definition: {
          fields: [
            { id: 'em', type: 'email', title: 'Email', required: true },
            { id: 'ok', type: 'checkbox', title: 'News', options: ['Send me news'] },
            { id: 'tx', type: 'text', title: 'Name' },
          ],
          captchaEnabled: false,
          parsedSubmissionMessage: '<p>Thanks</p>',
        },
      })
      .returning({ id: forms.id });
    const formId = form?.id ?? '';
    const [, friends] = await lists();
    const listId = friends?.id ?? '';
    await call('PUT', `${LISTS}/${listId}`, { doubleOptIn: false });
    const url = `/api/studio/marketing/forms/${formId}/opt-in`;
    expect(
      (await call('PUT', url, { optIn: { listId, emailFieldId: 'tx', optInFieldId: 'ok' } })).statusCode,
    ).toBe(400);
    expect(
      (await call('PUT', url, { optIn: { listId: 'nope', emailFieldId: 'em', optInFieldId: 'ok' } }))
        .statusCode,
    ).toBe(404);
    const saved = await call('PUT', url, { optIn: { listId, emailFieldId: 'em', optInFieldId: 'ok' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('GET', url)).json().optIn).toMatchObject({ listId, emailFieldId: 'em' });
    const submit = async (values: object) =>
      site.request({
        method: 'POST',
        url: '/api/form/SaveFormSubmission',
        headers: { 'x-forwarded-for': '10.9.9.9' },
        payload: { formId, form: JSON.stringify(values), key: await submissionKey(site) },
      });
    expect((await submit({ em: 'ticked@example.com', ok: ['Send me news'] })).statusCode).toBe(200);
    expect((await submit({ em: 'unticked@example.com', ok: [] })).statusCode).toBe(200);
    const joined = await members(listId);
    expect(joined.map((m) => m.email)).toEqual(['ticked@example.com']);
    expect(joined[0]).toMatchObject({
      source: 'form',
      consentSource: 'form: Sign-up sheet',
      status: 'subscribed',
    });
    expect(joined[0]?.consentAt).not.toBeNull();
  });

  it('double opt-in: pending until the mailed link is followed; a bad link is a clear page', async () => {
    const made = await call('POST', LISTS, { name: 'Confirmed only', doubleOptIn: true });
    const listId = made.json().list.id;
    const db = site.app.database.db;
    const { optIn } = await import('../../src/services/lists/opt-ins');
    const joined = await optIn(db, {
      websiteId: site.websiteId,
      listId,
      email: 'careful@example.com',
      source: 'popup',
    });
    expect(joined).toMatchObject({ ok: true, status: 'pending' });
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.websiteId, site.websiteId), eq(emailOutbox.kind, 'list-confirmation')));
    expect(mail?.toAddress).toBe('careful@example.com');
    expect(mail?.htmlBody).toBeTruthy();
    const link = /https?:\/\/\S+\/mailing-list\/confirm\?token=\S+/.exec(mail?.textBody ?? '')?.[0] ?? '';
    expect(link).not.toBe('');
    const path = new URL(link).pathname + new URL(link).search;
    expect((await members(listId))[0]?.status).toBe('pending');
    const page = await site.request({ method: 'GET', url: path, crumb: false });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Thank you: your subscription is confirmed.');
    expect((await members(listId))[0]?.status).toBe('subscribed');
    const again = await site.request({ method: 'GET', url: path, crumb: false });
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('This confirmation link is not valid or was already used.');
    const [row] = await db.select().from(listMembers).where(eq(listMembers.listId, listId));
    expect(row?.confirmToken).toBeNull();
  });

  it('CSV import: consent required, per-row errors, idempotent, unsubscribed stays unsubscribed, size limit', async () => {
    const made = await call('POST', LISTS, { name: 'Imported' });
    const listId = made.json().list.id;
    const url = `${LISTS}/${listId}/import`;
    const csv =
      'Name,Email\nAda,ada@example.com\nBad,not-an-email\nBob,BOB@example.com\nDup,ada@example.com\n';
    const noConsent = await call('POST', url, { fileName: 'people.csv', csv, consent: false });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.body).toContain('These people agreed to receive e-mail from me');
    const first = await call('POST', url, { fileName: 'people.csv', csv, consent: true });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ added: 2, alreadyMembers: 0, keptUnsubscribed: 0 });
    expect(first.json().errors).toEqual([
      { row: 3, value: 'not-an-email', message: 'Enter a valid e-mail address.' },
    ]);
    const ada = (await members(listId, '?q=ada'))[0];
    expect(ada).toMatchObject({ source: 'import', status: 'subscribed' });
    expect(ada?.consentSource).toMatch(/^import: people\.csv \(\d{4}-\d\d-\d\dT/);
    await call('POST', `${LISTS}/${listId}/members/${ada?.id}/unsubscribe`);
    const second = await call('POST', url, { fileName: 'people.csv', csv, consent: true });
    expect(second.json()).toMatchObject({ added: 0, alreadyMembers: 1, keptUnsubscribed: 1 });
    expect((await members(listId, '?q=ada'))[0]?.status).toBe('unsubscribed');
    expect((await members(listId)).length).toBe(2);
    expect(
      (await call('POST', url, { fileName: 'x.csv', csv: 'name\nAda\n', consent: true })).statusCode,
    ).toBe(400);
    const big = await call('POST', url, {
      fileName: 'big.csv',
      csv: `email\n${'a'.repeat(2 * 1024 * 1024)}`,
      consent: true,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toContain('too large');
    expect(
      (await call('POST', `${LISTS}/nope/import`, { fileName: 'p.csv', csv, consent: true })).statusCode,
    ).toBe(404);
  });

  it('segments: save, preview, delete; bad rules are 400', async () => {
    const preview = await call('POST', '/api/studio/marketing/segments/preview', { rule: {} });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().count).toBeGreaterThan(0);
    expect(
      (await call('POST', '/api/studio/marketing/segments/preview', { rule: { spentOverMinor: -1 } }))
        .statusCode,
    ).toBe(400);
    const saved = await call('POST', '/api/studio/marketing/segments', {
      name: 'Big spenders',
      rule: { spentOverMinor: 10_000_00 },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().segment).toMatchObject({ name: 'Big spenders', count: 0 });
    expect(
      (await call('POST', '/api/studio/marketing/segments', { name: 'big spenders', rule: {} })).statusCode,
    ).toBe(409);
    expect((await call('GET', '/api/studio/marketing/segments')).json().segments).toHaveLength(1);
    expect(
      (await call('DELETE', `/api/studio/marketing/segments/${saved.json().segment.id}`)).statusCode,
    ).toBe(200);
  });

  it('segments: the rule builder’s choices, refusals at their field, a preview over chosen lists', async () => {
    const SEGMENTS = '/api/studio/marketing/segments';
    const db = site.app.database.db;
    const [area] = await db
      .insert(memberAreas)
      .values({ websiteId: site.websiteId, name: 'Insiders', slug: 'insiders' })
      .returning({ id: memberAreas.id });
    const [otherArea] = await db
      .insert(memberAreas)
      .values({ websiteId: other.websiteId, name: 'Elsewhere', slug: 'elsewhere' })
      .returning({ id: memberAreas.id });
    const listed = (await call('GET', SEGMENTS)).json();
    expect(listed.currency).toBe('USD');
    expect(listed.memberAreas).toEqual([{ id: area?.id, name: 'Insiders' }]);

    // Another site's product or member area is refused at its field; nothing is saved.
    const [foreignItem] = await other.app.database.db
      .select({ id: items.id })
      .from(items)
      .where(and(eq(items.websiteId, other.websiteId), eq(items.recordType, RecordType.storeItem)))
      .limit(1);
    const wrongProduct = await call('POST', SEGMENTS, {
      name: 'Wrong product',
      rule: { boughtProductId: foreignItem?.id },
    });
    expect(wrongProduct.statusCode).toBe(400);
    expect(wrongProduct.json().errors).toEqual({
      'rule.boughtProductId': 'That product is not in this store: choose another.',
    });
    const wrongArea = await call('POST', SEGMENTS, {
      name: 'Wrong area',
      rule: { memberOfAreaId: otherArea?.id },
    });
    expect(wrongArea.statusCode).toBe(400);
    expect(wrongArea.json().errors).toEqual({
      'rule.memberOfAreaId': 'That member area is not on this site: choose another.',
    });
    const made = await call('POST', SEGMENTS, { name: 'Insiders', rule: { memberOfAreaId: area?.id } });
    expect(made.statusCode, made.body).toBe(201);
    const taken = await call('POST', SEGMENTS, { name: 'INSIDERS', rule: {} });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ name: 'There is already a segment with that name.' });
    expect((await call('GET', SEGMENTS)).json().segments.map((s: { name: string }) => s.name)).toEqual([
      'Insiders',
    ]);

    // A preview over chosen lists counts their subscribed members only, each e-mail once.
    const one = (await call('POST', LISTS, { name: 'Preview one' })).json().list.id;
    const two = (await call('POST', LISTS, { name: 'Preview two' })).json().list.id;
    for (const [listId, email] of [
      [one, 'both@preview.test'],
      [two, 'both@preview.test'],
      [two, 'second@preview.test'],
    ])
      await call('POST', `${LISTS}/${listId}/members`, { email });
    const preview = async (listIds?: string[]) =>
      (await call('POST', `${SEGMENTS}/preview`, { rule: {}, ...(listIds ? { listIds } : {}) })).json().count;
    expect(await preview([one])).toBe(1);
    expect(await preview([one, two])).toBe(2);
    expect(await preview([])).toBe(0);
    expect(await preview()).toBeGreaterThan(2);
    // Another site's list counts nobody here.
    const theirs = { siteUserSession: await sessionOf(other, 'owner') };
    const foreignList = (await call('POST', LISTS, { name: 'Theirs' }, theirs, other)).json().list.id;
    await call('POST', `${LISTS}/${foreignList}/members`, { email: 'both@preview.test' }, theirs, other);
    expect(await preview([foreignList])).toBe(0);
  });
});
