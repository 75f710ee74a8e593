import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formSubmissions, forms } from '../../src/db/schema/index';
import { FORM_MESSAGES } from '../../src/services/forms/form-messages';
import { FIELD_MESSAGES } from '../../src/services/forms/form-validation';
import { submissionKey } from '../forms-helpers';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { present } from '../helpers/present';
import { backends, testDatabase } from '../helpers/test-db';

/** One optional field of each type that has a format rule. */
const definition = {
  fields: [
    { id: 'em', type: 'email', title: 'Email' },
    { id: 'nu', type: 'number', title: 'Number' },
    { id: 'ws', type: 'website', title: 'Site' },
    { id: 'cu', type: 'currency', title: 'Budget', currencySymbol: '$' },
    { id: 'tw', type: 'twitter', title: 'Twitter' },
    { id: 'dt', type: 'date', title: 'Date' },
    { id: 'tm', type: 'time', title: 'Time' },
    { id: 'ph', type: 'phone', title: 'Phone', showCountryCode: true },
    { id: 'ta', type: 'textarea', title: 'Long', maxLength: 5 },
    { id: 'tx', type: 'text', title: 'Text' },
  ],
  parsedSubmissionMessage: '',
  captchaEnabled: false,
};

type Case = [field: string, value: unknown, error: string | undefined];
const cases: Case[] = [
  ['em', 'not an email', FORM_MESSAGES.email],
  ['em', 'ada@example.com', undefined],
  ['nu', 'abc', FIELD_MESSAGES.number],
  ['nu', '1e5x', FIELD_MESSAGES.number],
  ['nu', '42', undefined],
  ['nu', '-3.5', undefined],
  ['nu', '1,000', undefined],
  ['ws', 'not a url', FIELD_MESSAGES.website],
  ['ws', 'javascript:alert(1)', FIELD_MESSAGES.website],
  ['ws', 'https://example.com/a?b=c', undefined],
  ['ws', 'example.org', undefined],
  ['cu', 'ten', FIELD_MESSAGES.currency],
  ['cu', '12.345', FIELD_MESSAGES.currency],
  ['cu', '12.50', undefined],
  ['cu', '$1,200', undefined],
  ['tw', 'not a handle!', FIELD_MESSAGES.twitter],
  ['tw', '@ada_lovelace', undefined],
  ['dt', ['99', '99', 'abcd'], FIELD_MESSAGES.date],
  ['dt', ['2', '30', '2026'], FIELD_MESSAGES.date],
  ['dt', ['2', '29', '2024'], undefined],
  ['dt', ['11', '22', ''], FIELD_MESSAGES.date],
  ['dt', ['11', '22', '2026'], undefined],
  ['tm', ['25', '00', '00', ''], FIELD_MESSAGES.time],
  ['tm', ['10', '61', '', 'AM'], FIELD_MESSAGES.time],
  ['tm', ['10', '30', '', 'XM'], FIELD_MESSAGES.time],
  ['tm', ['10', '30', '00', 'PM'], undefined],
  ['tm', ['23', '59', '', ''], undefined],
  ['ph', ['1', 'abc', '555', '0100'], FIELD_MESSAGES.phone],
  ['ph', ['+1', '518', '555', '0100'], undefined],
  ['ph', ['518', '555', '0100'], undefined],
  ['ta', '123456', FORM_MESSAGES.characterLimit],
  ['ta', '12345', undefined],
  ['tx', 'anything at all', undefined],
];

describe.each(backends)('server-side validation of every field type on %s', (backend) => {
  let site: TestSite;
  let formId: string;
  beforeAll(async () => {
    site = await createTestSite(backend);
    const { db } = await testDatabase(backend);
    const [row] = await db
      .insert(forms)
      .values({ websiteId: site.websiteId, name: 'Formats', definition })
      .returning({ id: forms.id });
    formId = present(row, 'the inserted form').id;
  });
  afterAll(() => site.app.close());

  it.each(cases)('validate: %s = %j → %s', async (field, value, error) => {
    const res = await site.request({
      method: 'POST',
      url: `/api/rest/forms/validate/${formId}`,
      payload: { [field]: value },
    });
    if (error === undefined) {
      expect(res.statusCode).toBe(200);
      expect(res.json().errors).toEqual({});
    } else {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(FORM_MESSAGES.invalid);
      expect(res.json().errors).toEqual({ [field]: error });
    }
  });

  it('refuses to store what validation refuses, keyed by field id, and stores nothing', async () => {
    const values = { nu: 'abc', ws: 'not a url', dt: ['99', '99', 'abcd'], tx: 'fine' };
    const res = await site.request({
      method: 'POST',
      url: '/api/form/SaveFormSubmission',
      payload: { formId, form: JSON.stringify(values), key: await submissionKey(site) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      nu: FIELD_MESSAGES.number,
      ws: FIELD_MESSAGES.website,
      dt: FIELD_MESSAGES.date,
    });
    const { db } = await testDatabase(backend);
    expect(await db.select().from(formSubmissions).where(eq(formSubmissions.formId, formId))).toEqual([]);
  });

  it('stores answers that pass every rule', async () => {
    const values = { nu: '7', ws: 'example.com', dt: ['1', '31', '2027'], tm: ['9', '05', '', 'am'] };
    const res = await site.request({
      method: 'POST',
      url: '/api/form/SaveFormSubmission',
      payload: { formId, form: JSON.stringify(values), key: await submissionKey(site) },
    });
    expect(res.statusCode).toBe(200);
    const { db } = await testDatabase(backend);
    const [row] = await db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.id, res.json().submissionId));
    expect(row?.answers).toMatchObject(values);
  });
});
