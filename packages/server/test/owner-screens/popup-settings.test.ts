import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMembers, popupOverlays } from '../../src/db/schema/newsletter';
import { contributorSession } from '../contributors/contributor-helpers';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';
import { ownerRequest } from './owner-screens-helpers';

const popup = {
  enabled: true,
  title: 'Ten percent off',
  body: 'Join the list.',
  buttonLabel: 'Join',
  imageUrl: '/media/abc/welcome.jpg',
  trigger: 'scroll',
  scrollPercent: 40,
  delaySeconds: 0,
  hideDays: 30,
};

describe.each(backends)('popup overlay set-up on %s', (backend) => {
  let site: TestSite;
  let other: TestSite;
  let owner: ReturnType<typeof ownerRequest>;

  beforeAll(async () => {
    site = await createTestSite(backend);
    other = await createTestSite(backend);
    owner = ownerRequest(site, await sessionOf(site, 'owner'));
  });
  afterAll(async () => {
    await site.app.close();
    await other.app.close();
  });

  it('answers the popup as seeded (off), joining the default list, with the site’s lists to choose', async () => {
    const res = await owner('GET', '/api/owner/popup-overlay');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ enabled: false, version: 1, trigger: 'delay', imageUrl: null });
    expect(body.lists).toEqual([{ id: expect.any(String), name: 'Newsletter', isDefault: true }]);
    expect(body.listId).toBe(body.lists[0].id);
    expect(body).not.toHaveProperty('mailingList');
  });

  it('saves every setting, reads them back and renders them on the site', async () => {
    const saved = await owner('PUT', '/api/owner/popup-overlay', popup);
    expect(saved.statusCode).toBe(200);
    expect((await owner('GET', '/api/owner/popup-overlay')).json()).toMatchObject({
      ...popup,
      version: saved.json().version,
    });
    const page = await site.request({ method: 'GET', url: '/' });
    expect(page.body).toContain('data-trigger="scroll"');
    expect(page.body).toContain('data-scroll-percent="40"');
    expect(page.body).toContain('data-hide-days="30"');
    expect(page.body).toContain('src="/media/abc/welcome.jpg"');
    expect(page.body).toContain('Ten percent off');
  });

  it('joins the list the owner picks; a save without a list keeps it', async () => {
    const vip = (await owner('POST', '/api/studio/marketing/lists', { name: 'Popup VIP' })).json().list.id;
    const saved = await owner('PUT', '/api/owner/popup-overlay', { ...popup, listId: vip });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await owner('GET', '/api/owner/popup-overlay')).json();
    expect(read.listId).toBe(vip);
    expect(read.lists.map((l: { name: string }) => l.name)).toEqual(['Newsletter', 'Popup VIP']);
    // An API client from before the list picker sends no list: the choice stays.
    expect((await owner('PUT', '/api/owner/popup-overlay', { ...popup, title: 'Again' })).statusCode).toBe(
      200,
    );
    expect((await owner('GET', '/api/owner/popup-overlay')).json().listId).toBe(vip);
    const res = await site.request({
      method: 'POST',
      url: '/api/newsletter/subscribers',
      payload: { email: 'popup-list-vip@example.com', source: 'popup' },
      headers: { 'x-forwarded-for': '10.55.0.1' },
    });
    expect(res.statusCode).toBe(200);
    const [member] = await site.app.database.db
      .select()
      .from(listMembers)
      .where(eq(listMembers.email, 'popup-list-vip@example.com'));
    expect(member).toMatchObject({ listId: vip, source: 'popup' });
  });

  it('an existing popup without a list (null) joins the default list, and the screen shows it chosen', async () => {
    await site.app.database.db
      .update(popupOverlays)
      .set({ listId: null })
      .where(eq(popupOverlays.websiteId, site.websiteId));
    const read = (await owner('GET', '/api/owner/popup-overlay')).json();
    expect(read.listId).toBe(read.lists.find((l: { isDefault: boolean }) => l.isDefault).id);
  });

  it('refuses a list of another site or no list, by the field', async () => {
    const otherOwner = ownerRequest(other, await sessionOf(other, 'owner'));
    const theirs = (await otherOwner('POST', '/api/studio/marketing/lists', { name: 'Theirs' })).json().list
      .id;
    const before = (await owner('GET', '/api/owner/popup-overlay')).json();
    for (const listId of [theirs, 'no-such-list']) {
      const res = await owner('PUT', '/api/owner/popup-overlay', { ...popup, listId });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('That mailing list is not on this site.');
      expect(res.json().errors).toEqual({ listId: 'That mailing list is not on this site.' });
    }
    const after = (await owner('GET', '/api/owner/popup-overlay')).json();
    expect(after.version).toBe(before.version);
    expect(after.listId).toBe(before.listId);
  });

  it.each([
    [{ ...popup, title: ' ' }, 'title', 'Give the popup a title.'],
    [{ ...popup, listId: '' }, 'listId', 'A List must be selected'],
    [{ ...popup, listId: 7 }, 'listId', 'A List must be selected'],
    [{ ...popup, trigger: 'hover' }, 'trigger', 'Choose when the popup shows.'],
    [{ ...popup, scrollPercent: 5 }, 'scrollPercent', 'Scroll depth is 10 to 100 percent.'],
    [{ ...popup, imageUrl: 'javascript:alert(1)' }, 'imageUrl', 'Choose an image from the media library.'],
    [{ ...popup, hideDays: 366 }, 'hideDays', 'Show it again after 0 to 365 days.'],
  ])('refuses %j with a message for %s', async (payload, field, message) => {
    const res = await owner('PUT', '/api/owner/popup-overlay', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('lets an editor (design) set it up, not a store manager', async () => {
    const editor = ownerRequest(site, (await contributorSession(backend, site, 4)).cookie);
    expect((await editor('GET', '/api/owner/popup-overlay')).statusCode).toBe(200);
    const manager = ownerRequest(site, (await contributorSession(backend, site, 8)).cookie);
    const refused = await manager('PUT', '/api/owner/popup-overlay', popup);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Your role (Store manager) cannot change the design.');
  });
});
