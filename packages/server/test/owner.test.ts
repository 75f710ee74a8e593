import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formIdOf, submissionKey } from './forms-helpers';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';
import { sessionOf } from './restock-helpers';

describe.each(backends)('owner form submissions on %s', (backend) => {
  let site: TestSite;
  let formId: string;
  let owner: string;
  const list = (cookie: string, query = '') =>
    site.request({
      method: 'GET',
      url: `/api/owner/forms/${formId}/submissions${query}`,
      cookies: cookie ? { siteUserSession: cookie } : {},
    });

  beforeAll(async () => {
    site = await createTestSite(backend);
    formId = await formIdOf(backend, site, 'Newsletter');
    owner = await sessionOf(site, 'owner');
    for (let i = 0; i < 53; i++) {
      const email = i === 0 ? '"><script>alert(1)</script>@x.co' : `n${i}@example.com`;
      await site.request({
        method: 'POST',
        url: '/api/form/SaveFormSubmission',
        headers: { 'x-forwarded-for': `10.1.${i}.1` },
        payload: { formId, form: JSON.stringify({ 'email-nl': email }), key: await submissionKey(site) },
      });
    }
  });
  afterAll(() => site.app.close());

  it('is owner-only: 401 anonymous, 403 for a site user', async () => {
    expect((await list('')).statusCode).toBe(401);
    expect((await list(await sessionOf(site, 'customer'))).statusCode).toBe(403);
  });

  it('pages newest first with hasNextPage / nextPageCursor and never repeats a row', async () => {
    const first = (await list(owner)).json();
    expect(first.form).toMatchObject({ name: 'Newsletter', fields: [{ id: 'email-nl', type: 'email' }] });
    expect(first.submissions).toHaveLength(50);
    expect(first.hasNextPage).toBe(true);
    const second = (await list(owner, `?cursor=${first.nextPageCursor}`)).json();
    expect(second.hasNextPage).toBe(false);
    expect(second.nextPageCursor).toBeNull();
    const emails = [...first.submissions, ...second.submissions].map((s) => s.answers['email-nl']);
    expect(new Set(emails).size).toBe(52);
    expect(emails[0]).toBe('n52@example.com');
  });

  it('refused the markup email at submission (it is not an email)', async () => {
    const all = (await list(owner))
      .json()
      .submissions.map((s: { answers: Record<string, string> }) => s.answers['email-nl']);
    expect(all.some((e: string) => e.includes('<script>'))).toBe(false);
  });

  it.each(['?cursor=@@@', '?status=NOPE'])('refuses a bad query %s with 400', async (q) => {
    expect((await list(owner, q)).statusCode).toBe(400);
  });

  it('answers a cursor it did not hand out with the reason CURSOR_INVALID, raised below the route', async () => {
    const res = await list(owner, `?cursor=${Buffer.from('["x"]').toString('base64url')}`);
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { error: { code: 'BAD_REQUEST', message: 'The cursor is not valid.' }, reason: 'CURSOR_INVALID' },
    ]);
  });

  it('answers 404 for an unknown form', async () => {
    const res = await site.request({
      method: 'GET',
      url: '/api/owner/forms/nope/submissions',
      cookies: { siteUserSession: owner },
    });
    expect(res.statusCode).toBe(404);
  });
});
