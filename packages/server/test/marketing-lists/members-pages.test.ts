import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMembers } from '../../src/db/schema/newsletter';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';

const LISTS = '/api/studio/marketing/lists';

/**
 * Marketing → Mailing lists pages a list 50 members at a time, newest first. Many members
 * share a join time (an import, a burst of sign-ups): paging through must still show each
 * of them once, and the CSV is named after the list.
 */
describe.each(backends)('a mailing list’s members page by page (%s)', (backend) => {
  let site: TestSite;
  let owner: Record<string, string>;
  const get = (url: string) => site.request({ method: 'GET', url, cookies: owner });

  beforeAll(async () => {
    site = await createTestSite(backend);
    owner = { siteUserSession: await sessionOf(site, 'owner') };
  });
  afterAll(() => site.app.close());

  it('pages newest first without repeating or skipping members that joined at the same instant', async () => {
    const made = await site.request({
      method: 'POST',
      url: LISTS,
      cookies: owner,
      payload: { name: 'Spring readers' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const listId = made.json().list.id as string;
    const at = (day: number) => new Date(Date.UTC(2026, 0, day, 12));
    const member = (email: string, day: number) => ({
      websiteId: site.websiteId,
      listId,
      email,
      source: 'popup',
      unsubscribeToken: `pages-${backend}-${email}-${listId}`.replace(/[^A-Za-z0-9-]/g, '-'),
      createdAt: at(day),
    });
    await site.app.database.db
      .insert(listMembers)
      .values([
        member('first@example.com', 1),
        ...Array.from({ length: 55 }, (_, i) => member(`bulk${i}@example.com`, 3)),
        member('newest@example.com', 6),
      ]);

    const first = (await get(`${LISTS}/${listId}/members`)).json();
    expect(first).toMatchObject({ total: 57, page: 1, pageCount: 2 });
    expect(first.members).toHaveLength(50);
    expect(first.members[0].email).toBe('newest@example.com');
    const second = (await get(`${LISTS}/${listId}/members?page=2`)).json();
    expect(second).toMatchObject({ total: 57, page: 2, pageCount: 2 });
    const all = [...first.members, ...second.members].map((m: { email: string }) => m.email);
    expect(all).toHaveLength(57);
    expect(new Set(all).size).toBe(57);
    expect(all.at(-1)).toBe('first@example.com');

    const csv = await get(`${LISTS}/${listId}/export.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('mailing-list-spring-readers.csv');
  });
});
