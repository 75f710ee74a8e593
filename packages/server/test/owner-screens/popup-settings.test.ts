import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  mailingList: 'newsletter',
  trigger: 'scroll',
  scrollPercent: 40,
  delaySeconds: 0,
  hideDays: 30,
};

describe.each(backends)('popup overlay set-up on %s', (backend) => {
  let site: TestSite;
  let owner: ReturnType<typeof ownerRequest>;

  beforeAll(async () => {
    site = await createTestSite(backend);
    owner = ownerRequest(site, await sessionOf(site, 'owner'));
  });
  afterAll(() => site.app.close());

  it('answers the popup as seeded (off), with the lists to join', async () => {
    const res = await owner('GET', '/api/owner/popup-overlay');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      enabled: false,
      version: 1,
      trigger: 'delay',
      mailingList: 'newsletter',
      imageUrl: null,
      lists: [{ id: 'newsletter', name: 'Newsletter' }],
    });
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

  it.each([
    [{ ...popup, title: ' ' }, 'title', 'Give the popup a title.'],
    [{ ...popup, mailingList: 'vip' }, 'mailingList', 'A List must be selected'],
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
