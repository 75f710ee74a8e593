import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, formSubmissionKeys, formSubmissions, forms } from '../src/db/schema/index';
import { FORM_MESSAGES } from '../src/services/forms/form-messages';
import { formIdOf, solvedCaptcha, submissionKey, validContact } from './forms-helpers';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends, testDatabase } from './helpers/test-db';
import { present } from './helpers/present';

/** A form with every field type of spec §3. */
const everyField = {
  fields: [
    { id: 'sec', type: 'section', title: 'About you', underline: true },
    { id: 'nm', type: 'name', title: 'Name', required: true },
    { id: 'ad', type: 'address', title: 'Address' },
    { id: 'dt', type: 'date', title: 'Date' },
    { id: 'tm', type: 'time', title: 'Time' },
    { id: 'ph', type: 'phone', title: 'Phone', showCountryCode: false },
    { id: 'cb', type: 'checkbox', title: 'Pick', options: ['A', 'B', 'C'], required: true },
    { id: 'rd', type: 'radio', title: 'One', options: ['X', 'Y'] },
    { id: 'sl', type: 'select', title: 'Sel', options: ['S1', 'S2'] },
    { id: 'lk', type: 'likert', title: 'Agree?', options: ['Fast', 'Friendly'] },
    { id: 'hd', type: 'hidden', title: 'utm', key: 'utm_source', value: 'direct' },
    { id: 'tx', type: 'text', title: 'Text' },
    { id: 'ta', type: 'textarea', title: 'Long', maxLength: 10 },
    { id: 'em', type: 'email', title: 'Email' },
    { id: 'nu', type: 'number', title: 'Number' },
    { id: 'ws', type: 'website', title: 'Site' },
    { id: 'cu', type: 'currency', title: 'Budget', currencySymbol: '$' },
    { id: 'pw', type: 'password', title: 'Secret' },
    { id: 'tw', type: 'twitter', title: 'Twitter' },
  ],
  parsedSubmissionMessage: '<p>Thanks</p>',
  captchaEnabled: false,
};

describe.each(backends)('forms on %s', (backend) => {
  let site: TestSite;
  let contactId: string;
  let newsletterId: string;
  let allId: string;
  const save = (payload: object, ip = '10.0.0.1') =>
    site.request({
      method: 'POST',
      url: '/api/form/SaveFormSubmission',
      headers: { 'x-forwarded-for': ip },
      payload,
    });

  beforeAll(async () => {
    site = await createTestSite(backend);
    contactId = await formIdOf(backend, site, 'Contact');
    newsletterId = await formIdOf(backend, site, 'Newsletter');
    const { db } = await testDatabase(backend);
    const [row] = await db
      .insert(forms)
      .values({ websiteId: site.websiteId, name: 'Everything', definition: everyField })
      .returning({ id: forms.id });
    allId = present(row, 'the inserted form').id;
  });
  afterAll(() => site.app.close());

  it('never sends the owner notification address to the browser', async () => {
    const res = await site.request({ method: 'GET', url: '/contact?format=json' });
    expect(res.json().form.id).toBe(contactId);
    expect(res.body).not.toContain('studio@juniper-oak.test');
    const html = await site.request({ method: 'GET', url: '/contact' });
    expect(html.body).not.toContain('studio@juniper-oak.test');
  });

  it('issues distinct submission keys', async () => {
    const [a, b] = [await submissionKey(site), await submissionKey(site)];
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(b).not.toBe(a);
  });

  it('needs the crumb for a submission key', async () => {
    const res = await site.request({ method: 'POST', url: '/api/form/FormSubmissionKey', crumb: false });
    expect(res.statusCode).toBe(403);
  });

  it.each([
    ['valid', validContact, 200, {}],
    ['all empty', {}, 400, { 'name-1': 'Required', 'email-1': 'Required', 'message-1': 'Required' }],
    ['bad email', { ...validContact, 'email-1': 'ada@nowhere' }, 400, { 'email-1': FORM_MESSAGES.email }],
    ['name half filled counts', { ...validContact, 'name-1': ['', 'L'] }, 200, {}],
    [
      'over the limit',
      { ...validContact, 'message-1': 'x'.repeat(2001) },
      400,
      { 'message-1': FORM_MESSAGES.characterLimit },
    ],
  ])('validates %s', async (_, values, status, errors) => {
    const res = await site.request({
      method: 'POST',
      url: `/api/rest/forms/validate/${contactId}`,
      payload: values,
    });
    expect(res.statusCode).toBe(status);
    expect(res.json().errors).toEqual(errors);
    if (status === 400) expect(res.json().error.message).toBe(FORM_MESSAGES.invalid);
  });

  it.each([
    ['unknown field', { ...validContact, nope: 'x' }],
    ['wrong shape', { ...validContact, 'name-1': 'Ada' }],
    ['object for text', { ...validContact, 'email-1': { $ne: 1 } }],
    ['option not offered', { ...validContact, 'topic-1': 'Free stuff' }],
    ['huge field', { ...validContact, 'message-1': 'x'.repeat(20_000) }],
    ['array body', [1, 2]],
  ])('refuses %s with 400 and the parse message', async (_, values) => {
    const res = await site.request({
      method: 'POST',
      url: `/api/rest/forms/validate/${contactId}`,
      payload: values,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(FORM_MESSAGES.parse);
  });

  it('answers 404 with the not-configured message for an unknown form', async () => {
    for (const url of ['/api/rest/forms/validate/nope', '/api/rest/forms/validate/%3Cscript%3E']) {
      const res = await site.request({ method: 'POST', url, payload: {} });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(FORM_MESSAGES.notConfigured);
    }
    const res = await save({ formId: 'nope', form: '{}', key: await submissionKey(site) });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('This form has not been configured yet.');
  });

  it('stores a contact submission with captcha and queues the notification mail', async () => {
    const key = await submissionKey(site);
    const hostile = { ...validContact, 'message-1': '<script>alert(1)</script>' };
    const res = await save({
      formId: contactId,
      form: JSON.stringify(hostile),
      key,
      captchaKey: await solvedCaptcha(site),
      pageTitle: 'Contact',
      pagePath: '/contact',
      contentSource: 'c',
    });
    expect(res.statusCode).toBe(200);
    const { db } = await testDatabase(backend);
    const [stored] = await db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.id, res.json().submissionId));
    expect(stored?.answers['message-1']).toBe('<script>alert(1)</script>');
    expect(stored?.page).toMatchObject({ pagePath: '/contact', pageTitle: 'Contact' });
    const mail = await db.select().from(emailOutbox).where(eq(emailOutbox.websiteId, site.websiteId));
    expect(mail.map((m) => m.toAddress)).toContain('studio@juniper-oak.test');
    expect(mail[0]?.textBody).toContain('Name: Ada Lovelace');
  });

  it('refuses a reused key and an expired key with 401', async () => {
    const key = await submissionKey(site);
    const payload = { formId: newsletterId, form: JSON.stringify({ 'email-nl': 'a@b.co' }), key };
    expect((await save(payload)).statusCode).toBe(200);
    const again = await save(payload);
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toBe('Unable to submit form. Please try again later.');
    const old = await submissionKey(site);
    const { db } = await testDatabase(backend);
    await db
      .update(formSubmissionKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(formSubmissionKeys.key, old));
    expect((await save({ ...payload, key: old })).statusCode).toBe(401);
    expect((await save({ ...payload, key: 'made-up' })).statusCode).toBe(401);
  });

  it('does not spend the key when fields are invalid (the visitor fixes and resends)', async () => {
    const key = await submissionKey(site);
    const bad = await save({ formId: newsletterId, form: JSON.stringify({ 'email-nl': 'nope' }), key });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ 'email-nl': FORM_MESSAGES.email });
    const good = await save({ formId: newsletterId, form: JSON.stringify({ 'email-nl': 'n@b.co' }), key });
    expect(good.statusCode).toBe(200);
  });

  it('requires a captcha and refuses a bad or reused solution', async () => {
    const form = JSON.stringify(validContact);
    const missing = await save({ formId: contactId, form, key: await submissionKey(site) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Complete CAPTCHA before submitting.');
    const forged = await save({
      formId: contactId,
      form,
      key: await submissionKey(site),
      captchaKey: 'bm9wZQ==',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toBe('reCAPTCHA failed. Refresh this page and try again.');
    const captchaKey = await solvedCaptcha(site);
    expect(
      (await save({ formId: contactId, form, key: await submissionKey(site), captchaKey })).statusCode,
    ).toBe(200);
    const reused = await save({ formId: contactId, form, key: await submissionKey(site), captchaKey });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe(FORM_MESSAGES.captchaFailed);
  });

  it('stores every field type in its spec shape and skips sections', async () => {
    const values = {
      nm: ['Ada', 'Lovelace'],
      ad: ['1 Mill Lane', '', 'Hudson', 'NY', '12534', 'US'],
      dt: ['11', '22', '2026'],
      tm: ['10', '30', '00', 'AM'],
      ph: ['518', '555', '0100'],
      cb: ['A', 'C'],
      rd: 'Y',
      sl: 'S2',
      lk: { Fast: 'Agree', Friendly: 'Strongly Agree' },
      hd: 'newsletter',
      tx: 'hello',
      ta: '0123456789',
      em: '',
      nu: '42',
      ws: 'https://example.com',
      cu: '12.50',
      pw: 'hunter2',
      tw: '@ada',
    };
    const res = await save({ formId: allId, form: JSON.stringify(values), key: await submissionKey(site) });
    expect(res.statusCode).toBe(200);
    const { db } = await testDatabase(backend);
    const [row] = await db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.id, res.json().submissionId));
    expect(row?.answers.ph).toEqual(['', '518', '555', '0100']);
    expect(row?.answers.lk).toEqual(values.lk);
    expect(row?.answers.cb).toEqual(['A', 'C']);
    expect('sec' in present(row, 'the stored submission').answers).toBe(false);
  });

  it.each([
    ['checkbox required', { nm: ['A', 'B'], cb: [] }, { cb: 'Required' }],
    ['name all parts empty', { nm: ['', ''], cb: ['A'] }, { nm: 'Required' }],
    [
      'textarea too long',
      { nm: ['A', 'B'], cb: ['A'], ta: '01234567890' },
      { ta: FORM_MESSAGES.characterLimit },
    ],
  ])('reports %s per field', async (_, values, errors) => {
    const res = await site.request({
      method: 'POST',
      url: `/api/rest/forms/validate/${allId}`,
      payload: values,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(errors);
  });

  it.each([
    ['likert answer not on the scale', { nm: ['A', 'B'], cb: ['A'], lk: { Fast: 'Maybe' } }],
    ['likert unknown statement', { nm: ['A', 'B'], cb: ['A'], lk: { Slow: 'Agree' } }],
    ['phone with 5 parts', { nm: ['A', 'B'], cb: ['A'], ph: ['1', '2', '3', '4', '5'] }],
    ['date as a string', { nm: ['A', 'B'], cb: ['A'], dt: '2026-11-22' }],
  ])('refuses %s', async (_, values) => {
    const res = await site.request({
      method: 'POST',
      url: `/api/rest/forms/validate/${allId}`,
      payload: values,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(FORM_MESSAGES.parse);
  });

  it.each([
    ['form not JSON', { formId: 'x', form: '{oops', key: 'k' }],
    ['missing key', { formId: 'x', form: '{}' }],
    ['bad contentSource', { formId: 'x', form: '{}', key: 'k', contentSource: 'z' }],
  ])('refuses a submission with %s (400)', async (_, payload) => {
    const res = await save(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(FORM_MESSAGES.parse);
  });

  it('rate limits submissions per address with the spec message', async () => {
    const attempt = { formId: newsletterId, form: JSON.stringify({ 'email-nl': 'r@b.co' }), key: 'bad' };
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) codes.push((await save(attempt, '10.9.9.9')).statusCode);
    expect(codes.every((c) => c === 401)).toBe(true);
    const last = await save(attempt, '10.9.9.9');
    expect(last.statusCode).toBe(429);
    expect(last.json().error.message).toBe(FORM_MESSAGES.rateLimited);
    // Another address is unaffected.
    expect((await save(attempt, '10.9.9.10')).statusCode).toBe(401);
  });

  it('limits submission keys per address (60 per 10 minutes)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await site.request({
        method: 'POST',
        url: '/api/form/FormSubmissionKey',
        headers: { 'x-forwarded-for': '10.8.8.8' },
      });
      codes.push(res.statusCode);
    }
    expect(codes.filter((c) => c === 200)).toHaveLength(60);
    expect(codes[60]).toBe(429);
  });

  it('keeps form data per website', async () => {
    const { db } = await testDatabase(backend);
    const rows = await db
      .select()
      .from(formSubmissions)
      .where(and(eq(formSubmissions.formId, contactId), eq(formSubmissions.websiteId, site.websiteId)));
    expect(rows.length).toBeGreaterThan(0);
  });
});
