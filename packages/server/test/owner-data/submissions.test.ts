import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formIdOf, solvedCaptcha, submissionKey } from '../forms-helpers';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';
import { insertSubmission, insertSurvey } from './owner-data-helpers';

describe.each(backends)('owner submissions table on %s', (backend) => {
  let site: TestSite;
  let owner: Record<string, string>;
  let surveyId: string;
  let contactId: string;
  const get = (url: string, cookies = owner) => site.request({ method: 'GET', url, cookies });

  beforeAll(async () => {
    site = await createTestSite(backend);
    owner = { siteUserSession: await sessionOf(site, 'owner') };
    surveyId = await insertSurvey(backend, site);
    contactId = await formIdOf(backend, site, 'Contact');
    await insertSubmission(
      backend,
      site,
      surveyId,
      {
        who: ['Ada', 'Lovelace'],
        where: ['1 Main St', '', 'Springfield', 'IL', '62704', 'US'],
        when: ['12', '10', '1815'],
        at: ['9', '30', '', 'AM'],
        tel: ['44', '20', '7946', '0000'],
        colours: ['Red', 'Blue'],
        rate: { Speed: 'Agree', Price: 'Neutral' },
        note: '=cmd|"/c calc"!A1',
      },
      new Date('2026-01-01T10:00:00Z'),
    );
    await insertSubmission(
      backend,
      site,
      surveyId,
      { who: ['Grace', 'Hopper'], note: 'line one\nline, two' },
      new Date('2026-01-02T10:00:00Z'),
    );
    // A visitor submission through the public route, on the demo Contact form.
    const res = await site.request({
      method: 'POST',
      url: '/api/form/SaveFormSubmission',
      payload: {
        formId: contactId,
        key: await submissionKey(site),
        captchaKey: await solvedCaptcha(site),
        form: JSON.stringify({
          'name-1': ['Alan', 'Turing'],
          'email-1': 'alan@example.com',
          'topic-1': 'Wholesale',
          'message-1': 'Do you ship to Manchester?',
        }),
      },
    });
    expect(res.statusCode).toBe(200);
  });
  afterAll(() => site.app.close());

  it('lists the forms with their submission counts', async () => {
    const res = await get('/api/owner/forms');
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(
      res.json().forms.map((f: { name: string; submissions: number }) => [f.name, f.submissions]),
    );
    expect(byName).toMatchObject({ Survey: 2, Contact: 1, Newsletter: 0 });
  });

  it('reads answers by label, sub-values joined, N/A for empty answers, sections skipped', async () => {
    const body = (await get(`/api/owner/forms/${surveyId}/submissions`)).json();
    expect(body.noAnswerText).toBe('N/A');
    expect(body.form.fields.map((f: { title: string }) => f.title)).toEqual([
      'Your name',
      'Address',
      'Birthday',
      'Best time',
      'Phone',
      'Colours',
      'Rate us',
      'Note',
    ]);
    const [grace, ada] = body.submissions;
    expect(grace.cells).toEqual([
      'Grace Hopper',
      'N/A',
      'N/A',
      'N/A',
      'N/A',
      'N/A',
      'N/A',
      'line one\nline, two',
    ]);
    expect(ada.cells).toEqual([
      'Ada Lovelace',
      '1 Main St, Springfield, IL 62704, US',
      '12/10/1815',
      '9:30:00 AM',
      '+44 20-7946-0000',
      'Red, Blue',
      'Speed: Agree; Price: Neutral',
      '=cmd|"/c calc"!A1',
    ]);
  });

  it('shows the visitor’s Contact answers by label', async () => {
    const body = (await get(`/api/owner/forms/${contactId}/submissions`)).json();
    const titles = body.form.fields.map((f: { title: string }) => f.title);
    const row = body.submissions[0].cells;
    expect(row[titles.indexOf('Name')]).toBe('Alan Turing');
    expect(row[titles.indexOf('Topic')]).toBe('Wholesale');
  });

  it.each([
    ['lovelace', ['Ada Lovelace']],
    ['SPRINGFIELD', ['Ada Lovelace']],
    ['line, two', ['Grace Hopper']],
    ['agree', ['Ada Lovelace']],
    ['%', []],
    ['who', []], // a field id is not an answer
  ])('search %j finds %j', async (q, names) => {
    const body = (await get(`/api/owner/forms/${surveyId}/submissions?q=${encodeURIComponent(q)}`)).json();
    expect(body.submissions.map((s: { cells: string[] }) => s.cells[0])).toEqual(names);
  });

  it('exports CSV: BOM, label header, quoting, formula guard, attachment', async () => {
    const res = await get(`/api/owner/forms/${surveyId}/submissions.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="survey-submissions.csv"');
    const text = res.rawPayload.toString('utf8');
    expect(
      text.startsWith('\uFEFFSubmitted,Your name,Address,Birthday,Best time,Phone,Colours,Rate us,Note\r\n'),
    ).toBe(true);
    expect(text).toContain('"line one\nline, two"');
    expect(text).toContain(`"'=cmd|""/c calc""!A1"`);
    expect(text).toContain(
      '2026-01-01T10:00:00.000Z,Ada Lovelace,"1 Main St, Springfield, IL 62704, US",12/10/1815',
    );
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(3);
    const searched = (await get(`/api/owner/forms/${surveyId}/submissions.csv?q=grace`)).rawPayload.toString(
      'utf8',
    );
    expect(searched.split('\r\n').filter(Boolean)).toHaveLength(2);
  });

  it('deletes the chosen submissions only, with the crumb', async () => {
    const extra = await insertSubmission(backend, site, surveyId, { note: 'delete me' });
    const keep = await insertSubmission(backend, site, contactId, { 'message-1': 'keep me' });
    const del = (ids: string[], crumb = true) =>
      site.request({
        method: 'DELETE',
        url: `/api/owner/forms/${surveyId}/submissions`,
        payload: { ids },
        cookies: owner,
        crumb,
      });
    expect((await del([extra], false)).statusCode).toBe(403);
    // The Contact submission belongs to another form: not deleted through this one.
    const res = await del([extra, keep]);
    expect(res.json()).toEqual({ deleted: 1 });
    expect((await del([])).statusCode).toBe(400);
    const left = (await get(`/api/owner/forms/${surveyId}/submissions?q=delete`)).json();
    expect(left.submissions).toHaveLength(0);
    const contact = (await get(`/api/owner/forms/${contactId}/submissions?q=keep`)).json();
    expect(contact.submissions).toHaveLength(1);
  });

  it.each([
    ['GET', '/api/owner/forms'],
    ['GET', '/api/owner/forms/FORM/submissions.csv'],
    ['DELETE', '/api/owner/forms/FORM/submissions'],
  ] as const)('%s %s is owner only (401 signed out, 403 customer)', async (method, path) => {
    const url = path.replace('FORM', surveyId);
    const payload = method === 'DELETE' ? { ids: ['x'] } : undefined;
    expect((await site.request({ method, url, payload })).statusCode).toBe(401);
    const customer = { siteUserSession: await sessionOf(site, 'customer') };
    expect((await site.request({ method, url, payload, cookies: customer })).statusCode).toBe(403);
  });

  it('answers 404 for an unknown form', async () => {
    expect((await get('/api/owner/forms/nope/submissions.csv')).statusCode).toBe(404);
  });
});
