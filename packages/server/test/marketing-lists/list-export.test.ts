import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMembers } from '../../src/db/schema/newsletter';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';

const LISTS = '/api/studio/marketing/lists';

describe.each(backends)('a mailing list as CSV (%s)', (backend) => {
  let site: TestSite;
  let owner: Record<string, string>;
  const call = (method: string, url: string, payload?: object) =>
    site.request({ method: method as 'GET', url, cookies: owner, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    site = await createTestSite(backend);
    owner = { siteUserSession: await sessionOf(site, 'owner') };
  });
  afterAll(() => site.app.close());

  it('holds every member once across read batches, even when they joined at the same instant', async () => {
    const made = await call('POST', LISTS, { name: 'Big list' });
    expect(made.statusCode, made.body).toBe(201);
    const listId = made.json().list.id as string;
    // One statement: every row gets the same join time, so the batches part on the id alone.
    await site.app.database.db.insert(listMembers).values(
      Array.from({ length: 2_345 }, (_, i) => ({
        websiteId: site.websiteId,
        listId,
        email: `reader-${i}@example.com`,
        source: 'import',
        consentSource: 'import: readers.csv',
        unsubscribeToken: `export-test-${backend}-${i}-${listId}`,
      })),
    );
    const csv = await call('GET', `${LISTS}/${listId}/export.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['cache-control']).toBe('no-store');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Email,Status,Source,Consent at,Consent source,Joined,Unsubscribed at');
    const emails = lines.slice(1).map((line) => line.split(',')[0]);
    expect(emails).toHaveLength(2_345);
    expect(new Set(emails).size).toBe(2_345);
    expect(lines[1]).toContain(',subscribed,import,,import: readers.csv,');
  });

  it('answers 404 for a list of another site or none', async () => {
    expect((await call('GET', `${LISTS}/no-such-list/export.csv`)).statusCode).toBe(404);
  });
});
