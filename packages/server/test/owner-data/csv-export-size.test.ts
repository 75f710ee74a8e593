import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formSubmissions } from '../../src/db/schema/index';
import { listMembers } from '../../src/db/schema/newsletter';
import { defaultListId } from '../../src/services/lists/members';
import { CSV_BATCH } from '../../src/services/owner/csv';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends, testDatabase } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';
import { insertSurvey } from './owner-data-helpers';

/**
 * Exports are read in keyset batches of CSV_BATCH rows and streamed: one larger than two
 * batches, with many rows sharing a timestamp across each batch edge, must come out whole —
 * every row once, newest first — where the old exports stopped silently at a row cap.
 */
describe.each(backends)('CSV exports larger than a batch on %s', (backend) => {
  let site: TestSite;
  let owner: Record<string, string>;
  const ROWS = CSV_BATCH * 2 + 345;
  // Seven rows per second: ties on created_at fall across every batch edge.
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 7) * 1000);
  const lines = async (url: string) => {
    const res = await site.request({ method: 'GET', url, cookies: owner });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    return text.slice(1, -2).split('\r\n');
  };
  const newestFirst = (stamps: string[]) => stamps.every((s, i) => i === 0 || s <= (stamps[i - 1] as string));

  beforeAll(async () => {
    site = await createTestSite(backend);
    owner = { siteUserSession: await sessionOf(site, 'owner') };
  });
  afterAll(() => site.app.close());

  it('exports every submission of a big form once, newest first', async () => {
    const formId = await insertSurvey(backend, site);
    const { db } = await testDatabase(backend);
    await db.insert(formSubmissions).values(
      Array.from({ length: ROWS }, (_, i) => ({
        websiteId: site.websiteId,
        formId,
        answers: { note: `note ${i}` },
        createdAt: at(i),
      })),
    );
    const [header, ...rows] = await lines(`/api/owner/forms/${formId}/submissions.csv`);
    expect(header?.startsWith('Submitted,')).toBe(true);
    expect(rows).toHaveLength(ROWS);
    const notes = rows.map((r) => r.split(',').at(-1));
    expect(new Set(notes).size).toBe(ROWS);
    expect(newestFirst(rows.map((r) => r.split(',')[0] as string))).toBe(true);
  });

  it('exports every member of a big mailing list once, newest first', async () => {
    const { db } = await testDatabase(backend);
    const listId = await defaultListId(db, site.websiteId);
    await db.insert(listMembers).values(
      Array.from({ length: ROWS }, (_, i) => ({
        websiteId: site.websiteId,
        listId,
        source: 'popup',
        email: `reader${i}@example.com`,
        unsubscribeToken: `token-${site.websiteId}-${i}`,
        createdAt: at(i),
      })),
    );
    const [header, ...rows] = await lines(`/api/studio/marketing/lists/${listId}/export.csv`);
    expect(header).toBe('Email,Status,Source,Consent at,Consent source,Joined,Unsubscribed at');
    const ours = rows.filter((r) => /^reader\d+@example\.com,/.test(r));
    expect(ours).toHaveLength(ROWS);
    expect(new Set(ours.map((r) => r.split(',')[0])).size).toBe(ROWS);
    expect(newestFirst(ours.map((r) => r.split(',')[5] as string))).toBe(true);
  });
});
