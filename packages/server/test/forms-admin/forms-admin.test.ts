import { FORM_FIELD_TYPES } from '@store/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_TYPES } from '../../src/services/forms/form-definition';
import { formIdOf, submissionKey } from '../forms-helpers';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';
import { type Call, ownerClient } from '../studio/studio-helpers';

/** A form with one field of every type, each with the properties its type edits. */
export const everyTypeForm = {
  name: 'Every field',
  notificationEmail: 'owner@example.com',
  definition: {
    fields: [
      { id: 'sec', type: 'section', title: 'About you', description: 'Tell us', underline: true },
      { id: 'tx', type: 'text', title: 'Text', placeholder: 'Type', required: true },
      { id: 'ta', type: 'textarea', title: 'Long', maxLength: 20 },
      { id: 'em', type: 'email', title: 'Email' },
      { id: 'nu', type: 'number', title: 'Number' },
      { id: 'ws', type: 'website', title: 'Site' },
      { id: 'cu', type: 'currency', title: 'Budget', currencySymbol: '€' },
      { id: 'pw', type: 'password', title: 'Secret' },
      { id: 'tw', type: 'twitter', title: 'Twitter' },
      { id: 'dt', type: 'date', title: 'Date' },
      { id: 'tm', type: 'time', title: 'Time' },
      { id: 'nm', type: 'name', title: 'Name' },
      { id: 'ad', type: 'address', title: 'Address' },
      { id: 'ph', type: 'phone', title: 'Phone', showCountryCode: true },
      { id: 'cb', type: 'checkbox', title: 'Pick', options: ['A', 'B'] },
      { id: 'rd', type: 'radio', title: 'One', options: ['X', 'Y'] },
      { id: 'sl', type: 'select', title: 'Sel', options: ['S1', 'S2'] },
      { id: 'lk', type: 'likert', title: 'Agree?', options: ['Fast'] },
      { id: 'hd', type: 'hidden', title: 'Source', key: 'utm_source', value: 'direct' },
    ],
    parsedSubmissionMessage: '<p>Thank <strong>you</strong></p>',
    submissionHTML: '<p>More</p>',
    successRedirect: '',
    parsedDisclaimerMessage: '<p>We keep your data safe.</p>',
    captchaEnabled: true,
    captchaTheme: 2,
    captchaAlignment: 3,
  },
};

describe.each(backends)('studio forms API on %s', (backend) => {
  let site: TestSite;
  let call: Call;
  beforeAll(async () => {
    site = await createTestSite(backend);
    ({ call } = await ownerClient(site));
  });
  afterAll(() => site.app.close());

  it('keeps the builder and the visitor side on the same field types', () => {
    expect([...FORM_FIELD_TYPES].sort()).toEqual([...FIELD_TYPES].sort());
  });

  it('creates, reads, lists, saves and deletes a form with every field type and setting', async () => {
    const created = await call('POST', '/api/studio/forms', everyTypeForm);
    expect(created.statusCode).toBe(201);
    const form = created.json();
    expect(form.definition.fields.map((f: { type: string }) => f.type)).toEqual(
      everyTypeForm.definition.fields.map((f) => f.type),
    );
    expect(form.definition).toMatchObject({ captchaEnabled: true, captchaTheme: 2, captchaAlignment: 3 });
    expect(form.notificationEmail).toBe('owner@example.com');

    const read = (await call('GET', `/api/studio/forms/${form.id}`)).json();
    expect(read.definition.fields.find((f: { id: string }) => f.id === 'cu').currencySymbol).toBe('€');
    expect(read.definition.parsedDisclaimerMessage).toBe('<p>We keep your data safe.</p>');

    const list = (await call('GET', '/api/studio/forms')).json().forms;
    expect(list.find((f: { id: string }) => f.id === form.id)).toMatchObject({
      name: 'Every field',
      fieldCount: 19,
      submissionCount: 0,
    });
    expect(list.map((f: { name: string }) => f.name)).toContain('Contact');

    const reordered = [...everyTypeForm.definition.fields].reverse();
    const saved = await call('PUT', `/api/studio/forms/${form.id}`, {
      ...everyTypeForm,
      name: 'Renamed',
      notificationEmail: '',
      definition: { ...everyTypeForm.definition, fields: reordered, successRedirect: '/thanks' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().name).toBe('Renamed');
    expect(saved.json().notificationEmail).toBeNull();
    expect(saved.json().definition.fields[0].id).toBe('hd');
    expect(saved.json().definition.successRedirect).toBe('/thanks');

    expect((await call('DELETE', `/api/studio/forms/${form.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/studio/forms/${form.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/studio/forms/${form.id}`)).statusCode).toBe(404);
  });

  it('drops properties the field type does not edit', async () => {
    const res = await call('POST', '/api/studio/forms', {
      name: 'Strays',
      definition: {
        fields: [{ id: 'a', type: 'text', title: 'A', currencySymbol: '$', underline: true, maxLength: 5 }],
      },
    });
    expect(res.statusCode).toBe(201);
    const field = res.json().definition.fields[0];
    expect(field).not.toHaveProperty('currencySymbol');
    expect(field).not.toHaveProperty('underline');
    expect(field).not.toHaveProperty('maxLength');
  });

  it.each([
    ['blank name', { name: ' ' }, 'name', 'Please enter a form name'],
    [
      'bad notification address',
      { notificationEmail: 'nope' },
      'notificationEmail',
      'Please enter a valid email',
    ],
    [
      'bad redirect',
      { definition: { fields: [], successRedirect: 'javascript:alert(1)' } },
      'definition.successRedirect',
      'Links must be formatted as /page or https://example.com',
    ],
    [
      'choice without options',
      { definition: { fields: [{ id: 'r', type: 'radio', title: 'R' }] } },
      'definition.fields.0.options',
      'Add at least one option',
    ],
    [
      'duplicate field ids',
      {
        definition: {
          fields: [
            { id: 'a', type: 'text' },
            { id: 'a', type: 'email' },
          ],
        },
      },
      'definition.fields.1.id',
      'Field ids must be unique',
    ],
    [
      'hidden without key',
      { definition: { fields: [{ id: 'h', type: 'hidden', value: 'x' }] } },
      'definition.fields.0.key',
      'A hidden field needs a key',
    ],
    [
      'unknown field type',
      { definition: { fields: [{ id: 'a', type: 'signature' }] } },
      'definition.fields.0.type',
      undefined,
    ],
    [
      'captcha theme out of range',
      { definition: { fields: [], captchaTheme: 7 } },
      'definition.captchaTheme',
      undefined,
    ],
  ])('answers 400 per field for %s', async (_, patch, path, message) => {
    const res = await call('POST', '/api/studio/forms', { name: 'X', definition: { fields: [] }, ...patch });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    expect(Object.keys(errors)).toContain(path);
    if (message) expect(errors[path]).toBe(message);
  });

  it('is for the owner only, and writes need the crumb', async () => {
    const body = { name: 'Nope', definition: { fields: [] } };
    for (const [method, url] of [
      ['GET', '/api/studio/forms'],
      ['POST', '/api/studio/forms'],
      ['GET', '/api/template/GetTemplateSchema?type=form'],
    ] as const) {
      const anonymous = await site.request({ method, url, ...(method === 'POST' ? { payload: body } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const customer = await site.request({
        method,
        url,
        cookies: { siteUserSession: await sessionOf(site, 'customer') },
        ...(method === 'POST' ? { payload: body } : {}),
      });
      expect(customer.statusCode, `${method} ${url} as a customer`).toBe(403);
    }
    const owner = await sessionOf(site, 'owner');
    const noCrumb = await site.request({
      method: 'POST',
      url: '/api/studio/forms',
      crumb: false,
      cookies: { siteUserSession: owner },
      payload: body,
    });
    expect(noCrumb.statusCode).toBe(403);
  });

  it('does not reach another website’s forms', async () => {
    const other = await createTestSite(backend);
    try {
      const foreign = await formIdOf(backend, other, 'Contact');
      expect((await call('GET', `/api/studio/forms/${foreign}`)).statusCode).toBe(404);
      const put = await call('PUT', `/api/studio/forms/${foreign}`, {
        name: 'Mine',
        definition: { fields: [] },
      });
      expect(put.statusCode).toBe(404);
    } finally {
      await other.app.close();
    }
  });

  it('shows a saved change on the page that holds the form at once (cached page dropped)', async () => {
    const contactId = await formIdOf(backend, site, 'Contact');
    const before = await site.request({ method: 'GET', url: '/contact' });
    expect(before.statusCode).toBe(200);
    const current = (await call('GET', `/api/studio/forms/${contactId}`)).json();
    const fields = current.definition.fields.map((f: { title: string }, i: number) =>
      i === 0 ? { ...f, title: 'Your full name please' } : f,
    );
    const saved = await call('PUT', `/api/studio/forms/${contactId}`, {
      name: current.name,
      notificationEmail: current.notificationEmail,
      definition: { ...current.definition, fields },
    });
    expect(saved.statusCode).toBe(200);
    const after = await site.request({ method: 'GET', url: '/contact' });
    expect(after.body).toContain('Your full name please');
    // A visitor can still submit the saved form.
    expect(await submissionKey(site)).toBeTruthy();
  });

  it('answers the template schema the builder is driven by', async () => {
    const res = await call('GET', '/api/template/GetTemplateSchema?type=form');
    expect(res.statusCode).toBe(200);
    const schema = res.json();
    expect(schema.fieldTypes.map((t: { type: string }) => t.type)).toEqual([...FORM_FIELD_TYPES]);
    const props = (type: string) =>
      schema.fieldTypes
        .find((t: { type: string }) => t.type === type)
        .properties.map((p: { name: string; kind: string }) => `${p.name}:${p.kind}`);
    expect(props('textarea')).toEqual([
      'title:text',
      'description:paragraph',
      'placeholder:text',
      'required:boolean',
      'maxLength:integer',
    ]);
    expect(props('currency')).toContain('currencySymbol:text');
    expect(props('phone')).toContain('showCountryCode:boolean');
    expect(props('section')).toEqual(['title:text', 'description:paragraph', 'underline:boolean']);
    expect(props('likert')).toContain('options:options');
    expect(props('hidden')).toEqual(['title:text', 'key:text', 'value:text']);
    expect(props('password')).not.toContain('placeholder:text');
    expect((await call('GET', '/api/template/GetTemplateSchema?type=9')).statusCode).toBe(200);
    expect((await call('GET', '/api/template/GetTemplateSchema?type=gallery')).statusCode).toBe(404);
    expect((await call('GET', '/api/template/GetTemplateSchema')).statusCode).toBe(400);
  });

  it('deletes a form a page shows: its submissions go, the page still answers without it', async () => {
    const contactId = await formIdOf(backend, site, 'Contact');
    expect((await site.request({ method: 'GET', url: '/contact?format=json' })).json().form.id).toBe(
      contactId,
    );
    expect((await call('DELETE', `/api/studio/forms/${contactId}`)).statusCode).toBe(200);
    const after = await site.request({ method: 'GET', url: '/contact?format=json' });
    expect(after.statusCode).toBe(200);
    expect(after.json().form ?? null).toBeNull();
    expect((await site.request({ method: 'GET', url: '/contact' })).statusCode).toBe(200);
    const names = (await call('GET', '/api/studio/forms')).json().forms.map((f: { name: string }) => f.name);
    expect(names).not.toContain('Contact');
  });
});
