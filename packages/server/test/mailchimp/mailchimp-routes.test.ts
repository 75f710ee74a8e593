import { MAILCHIMP_MESSAGES as M } from '@store/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailchimpAccounts } from '../../src/db/schema/mailchimp';
import { mailingLists } from '../../src/db/schema/newsletter';
import { joinList } from '../../src/services/lists/members';
import { subscriberHash } from '../../src/services/mailchimp/mailchimp-client';
import { contributorSession } from '../contributors/contributor-helpers';
import { type FakeMailchimp, startFakeMailchimp } from '../helpers/fake-mailchimp';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends, testDatabase } from '../helpers/test-db';
import { TEST_SECRETS_KEY } from '../mail/mail-helpers';
import { sessionOf } from '../restock-helpers';

process.env.MAILCHIMP_SYNC_EVERY_MS = '0';

describe.each(backends)('Mailchimp connection on %s', (backend) => {
  let fake: FakeMailchimp;
  let site: TestSite;
  let other: TestSite;
  let owner: Record<string, string>;
  let otherOwner: Record<string, string>;
  let listId: string;

  const call = (
    target: TestSite,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: unknown,
    cookies = owner,
  ) =>
    target.request({ method, url: `/api/owner/mailchimp${path}`, cookies, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    fake = await startFakeMailchimp();
    const config = { secretsKey: TEST_SECRETS_KEY, mailchimpApiBase: fake.url };
    site = await createTestSite(backend, { config });
    other = await createTestSite(backend, { config });
    owner = { siteUserSession: await sessionOf(site, 'owner') };
    otherOwner = { siteUserSession: await sessionOf(other, 'owner') };
    const { db } = await testDatabase(backend);
    const [list] = await db
      .insert(mailingLists)
      .values({ websiteId: site.websiteId, name: 'Customers' })
      .returning();
    listId = list?.id ?? '';
  }, 180_000);
  afterAll(async () => {
    await site.app.close();
    await other.app.close();
    await fake.close();
  });

  it('starts not connected and lists the site’s mailing lists to map', async () => {
    const res = await call(site, 'GET', '');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'not_connected', apiKeyLast4: null, links: [] });
    expect(res.json().lists.map((l: { name: string }) => l.name)).toContain('Customers');
  });

  it('refuses a malformed key with 400 and never calls Mailchimp', async () => {
    const before = fake.requests.length;
    for (const apiKey of ['', 'not-a-key', '0123456789abcdef', 'abc-us21x1', '0123456789abcdef-']) {
      const res = await call(site, 'POST', '/connect', { apiKey });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(M.malformedKey);
    }
    expect(fake.requests.length).toBe(before);
  });

  it('answers a key Mailchimp refuses with the spec’s words and what Mailchimp said; nothing is stored', async () => {
    const res = await call(site, 'POST', '/connect', { apiKey: 'ffffffffffffffffffffffffffffffff-us21' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('Unable to connect. Please try again');
    expect(res.json().detail).toContain('API Key Invalid');
    expect((await call(site, 'GET', '')).json().state).toBe('not_connected');
  });

  it('connects with a good key, lists the audiences, and shows the key only by its last four characters', async () => {
    const res = await call(site, 'POST', '/connect', { apiKey: fake.apiKey });
    expect(res.statusCode).toBe(200);
    expect(res.json().audiences).toEqual(fake.audiences);
    expect(res.json().view).toMatchObject({
      state: 'connected',
      accountName: 'Juniper & Oak',
      apiKeyLast4: fake.apiKey.split('-')[0]?.slice(-4),
      dataCenter: 'us21',
    });
    expect(res.body).not.toContain(fake.apiKey);
    const read = await call(site, 'GET', '');
    expect(read.body).not.toContain(fake.apiKey);
    const { db } = await testDatabase(backend);
    const [row] = await db
      .select()
      .from(mailchimpAccounts)
      .where(eq(mailchimpAccounts.websiteId, site.websiteId));
    expect(row?.apiKeySealed).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain(fake.apiKey);
    expect(fake.requests).toContain('GET /3.0/lists');
  });

  it('maps a list to an audience, refuses an unknown audience or another site’s list', async () => {
    const bad = await call(site, 'PUT', '/links', { links: [{ listId, audienceId: 'nope' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(M.unknownAudience);
    const { db } = await testDatabase(backend);
    const [foreign] = await db
      .insert(mailingLists)
      .values({ websiteId: other.websiteId, name: 'Theirs' })
      .returning();
    const stolen = await call(site, 'PUT', '/links', {
      links: [{ listId: foreign?.id, audienceId: 'aud001' }],
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.message).toBe(M.unknownList);
    const res = await call(site, 'PUT', '/links', { links: [{ listId, audienceId: 'aud001' }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().links).toMatchObject([
      { listId, listName: 'Customers', audienceName: 'Juniper & Oak customers', pushed: 0 },
    ]);
  });

  it('“Sync now” pushes the list’s members with the right hash and status', async () => {
    const { db } = await testDatabase(backend);
    await joinList(db, { websiteId: site.websiteId, listId, email: 'Ada@Example.com', source: 'popup' });
    await joinList(db, {
      websiteId: site.websiteId,
      listId,
      email: 'ben@example.com',
      source: 'popup',
      doubleOptIn: true,
    });
    const res = await call(site, 'POST', '/sync');
    expect(res.statusCode).toBe(200);
    expect(res.json().links[0]).toMatchObject({ pushed: 2, lastError: null });
    expect(res.json().links[0].lastSyncAt).not.toBeNull();
    const put = fake.puts.find((p) => p.hash === subscriberHash('ada@example.com'));
    expect(put?.body).toEqual({
      email_address: 'ada@example.com',
      status_if_new: 'subscribed',
      status: 'subscribed',
    });
    expect(fake.members.get('aud001')?.get(subscriberHash('ben@example.com'))?.status).toBe('pending');
  });

  it('keeps sites apart: another site sees no connection and cannot disconnect this one', async () => {
    expect((await call(other, 'GET', '', undefined, otherOwner)).json().state).toBe('not_connected');
    await call(other, 'DELETE', '', undefined, otherOwner);
    expect((await call(site, 'GET', '')).json().state).toBe('connected');
    const noLists = await call(other, 'PUT', '/links', { links: [] }, otherOwner);
    expect(noLists.statusCode).toBe(409);
  });

  it('lets the marketing role connect, a viewer only read, and others nothing', async () => {
    const marketer = await contributorSession(backend, site, 11);
    const viewer = await contributorSession(backend, site, 10);
    const scheduler = await contributorSession(backend, site, 9);
    expect((await call(site, 'GET', '', undefined, { siteUserSession: marketer.cookie })).statusCode).toBe(
      200,
    );
    expect((await call(site, 'GET', '', undefined, { siteUserSession: viewer.cookie })).statusCode).toBe(200);
    const viewerWrite = await call(site, 'DELETE', '', undefined, { siteUserSession: viewer.cookie });
    expect(viewerWrite.statusCode).toBe(403);
    expect((await call(site, 'GET', '', undefined, { siteUserSession: scheduler.cookie })).statusCode).toBe(
      403,
    );
    expect((await call(site, 'GET', '', undefined, {})).statusCode).toBe(401);
  });

  it('disconnects: the key is forgotten, nothing syncs, the members stay on both sides', async () => {
    const res = await call(site, 'DELETE', '');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'not_connected', apiKeyLast4: null, links: [] });
    const { db } = await testDatabase(backend);
    expect(
      await db.select().from(mailchimpAccounts).where(eq(mailchimpAccounts.websiteId, site.websiteId)),
    ).toEqual([]);
    const puts = fake.puts.length;
    await joinList(db, { websiteId: site.websiteId, listId, email: 'late@example.com', source: 'popup' });
    await call(site, 'POST', '/sync');
    expect(fake.puts.length).toBe(puts);
    expect(fake.members.get('aud001')?.size).toBe(2);
  });
});

describe.each(backends)('Mailchimp with no mailing list on %s', (backend) => {
  it('says “no mailing lists, create one first”', async () => {
    const fake = await startFakeMailchimp();
    const site = await createTestSite(backend, {
      config: { secretsKey: TEST_SECRETS_KEY, mailchimpApiBase: fake.url },
    });
    try {
      const { db } = await testDatabase(backend);
      await db.delete(mailingLists).where(eq(mailingLists.websiteId, site.websiteId));
      const owner = { siteUserSession: await sessionOf(site, 'owner') };
      await site.request({
        method: 'POST',
        url: '/api/owner/mailchimp/connect',
        payload: { apiKey: fake.apiKey },
        cookies: owner,
      });
      const res = await site.request({
        method: 'PUT',
        url: '/api/owner/mailchimp/links',
        payload: { links: [] },
        cookies: owner,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('no mailing lists, create one first');
    } finally {
      await site.app.close();
      await fake.close();
    }
  });
});
