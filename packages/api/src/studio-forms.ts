import { FORM_FIELD_TYPES, type FormFieldType, isEmailAddress, isLinkOf } from '@store/commerce';
import { z } from 'zod';
import { id, okBody } from './common';

/** Field types of spec §3 "Form": `@store/commerce`'s one list, named here for the API's users. */
export { FORM_FIELD_TYPES, type FormFieldType };

/** How the builder edits one property: a line, a paragraph, a switch, a whole number or a list. */
export type FieldPropertyKind = 'text' | 'paragraph' | 'boolean' | 'integer' | 'options';
export const FIELD_PROPERTY_KINDS: Record<string, { kind: FieldPropertyKind; label: string }> = {
  title: { kind: 'text', label: 'Label' },
  description: { kind: 'paragraph', label: 'Description' },
  placeholder: { kind: 'text', label: 'Placeholder' },
  required: { kind: 'boolean', label: 'Required' },
  maxLength: { kind: 'integer', label: 'Character limit' },
  currencySymbol: { kind: 'text', label: 'Currency symbol' },
  showCountryCode: { kind: 'boolean', label: 'Show country code' },
  underline: { kind: 'boolean', label: 'Underline' },
  options: { kind: 'options', label: 'Options' },
  key: { kind: 'text', label: 'Query-string key' },
  value: { kind: 'text', label: 'Value' },
};

const single = ['title', 'description', 'placeholder', 'required'];
const plain = ['title', 'description', 'required'];
const choice = ['title', 'description', 'options', 'required'];
/** Spec §3 "Editable properties" per field type (the label, `title`, belongs to every type). */
export const FIELD_PROPERTIES: Record<FormFieldType, readonly string[]> = {
  text: single,
  textarea: [...single, 'maxLength'],
  email: single,
  number: single,
  website: single,
  currency: ['title', 'description', 'currencySymbol', 'required'],
  password: plain,
  twitter: plain,
  date: plain,
  time: plain,
  name: plain,
  address: plain,
  phone: [...plain, 'showCountryCode'],
  checkbox: choice,
  radio: choice,
  select: choice,
  likert: choice,
  section: ['title', 'description', 'underline'],
  hidden: ['title', 'key', 'value'],
};

export const FIELD_TYPE_LABELS: Record<FormFieldType, string> = {
  text: 'Text',
  textarea: 'Text area',
  email: 'Email',
  number: 'Number',
  website: 'Website',
  currency: 'Currency',
  password: 'Password',
  twitter: 'Twitter',
  date: 'Date',
  time: 'Time',
  name: 'Name',
  address: 'Address',
  phone: 'Phone',
  checkbox: 'Checkbox',
  radio: 'Radio',
  select: 'Select',
  likert: 'Likert',
  section: 'Section',
  hidden: 'Hidden',
};

const line = (max: number) => z.string().trim().max(max);
/** spec §8 editing strings: "Please enter a valid email", "{val} is not a valid page URL". */
/** A page URL: a site path, or an http(s) address whose host has a dot. */
const isPageUrl = (v: string) =>
  isLinkOf(v, ['path']) || (isLinkOf(v, ['web']) && /^https?:\/\/[^\s/]+\.[^\s]+$/.test(v));

export const formFieldInput = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Field ids are letters, digits, - and _'),
  type: z.enum(FORM_FIELD_TYPES),
  title: line(256).default(''),
  description: z.string().max(2000).optional(),
  placeholder: line(256).optional(),
  required: z.boolean().optional(),
  maxLength: z.number().int().min(0).max(100_000).optional(),
  currencySymbol: line(8).optional(),
  showCountryCode: z.boolean().optional(),
  underline: z.boolean().optional(),
  options: z.array(line(256).min(1, 'Options cannot be blank')).max(200).optional(),
  key: line(128).optional(),
  value: z.string().max(2048).optional(),
});
export type FormFieldInput = z.input<typeof formFieldInput>;

/** Every setting tab of spec §2 (build, storage, advanced, captcha, disclaimer). */
export const formDefinitionInput = z
  .object({
    fields: z.array(formFieldInput).max(200),
    parsedSubmissionMessage: z.string().max(20_000).default(''),
    submissionHTML: z.string().max(50_000).default(''),
    successRedirect: z
      .string()
      .trim()
      .max(2048)
      .refine((v) => v === '' || isPageUrl(v), {
        message: 'Links must be formatted as /page or https://example.com',
      })
      .default(''),
    parsedDisclaimerMessage: z.string().max(20_000).default(''),
    captchaEnabled: z.boolean().default(false),
    /** 1 light, 2 dark. */
    captchaTheme: z.number().int().min(1).max(2).optional(),
    /** 1 left, 2 center, 3 right. */
    captchaAlignment: z.number().int().min(1).max(3).optional(),
  })
  .superRefine((def, ctx) => {
    const seen = new Set<string>();
    def.fields.forEach((field, i) => {
      if (seen.has(field.id))
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'id'], message: 'Field ids must be unique' });
      seen.add(field.id);
      const choice = ['checkbox', 'radio', 'select', 'likert'].includes(field.type);
      if (choice && !field.options?.length)
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'options'], message: 'Add at least one option' });
      if (choice && field.options && new Set(field.options).size !== field.options.length)
        ctx.addIssue({
          code: 'custom',
          path: ['fields', i, 'options'],
          message: 'Options must be different',
        });
      if (field.type === 'hidden' && !field.key)
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'key'], message: 'A hidden field needs a key' });
    });
  });
export type FormDefinitionInput = z.input<typeof formDefinitionInput>;

export const formBody = z.object({
  name: z.string().trim().min(1, 'Please enter a form name').max(200),
  /** Where each submission is mailed ('' or null: nowhere). */
  notificationEmail: z
    .string()
    .trim()
    .max(256)
    .refine((v) => v === '' || isEmailAddress(v), { message: 'Please enter a valid email' })
    .nullish(),
  definition: formDefinitionInput,
});
export type FormBody = z.input<typeof formBody>;

const storedField = formFieldInput.extend({ title: z.string(), required: z.boolean() });
export const studioForm = z.object({
  id: z.string(),
  name: z.string(),
  notificationEmail: z.string().nullable(),
  definition: z.object({
    fields: z.array(storedField),
    parsedSubmissionMessage: z.string(),
    submissionHTML: z.string(),
    successRedirect: z.string(),
    parsedDisclaimerMessage: z.string(),
    captchaEnabled: z.boolean(),
    captchaTheme: z.number().int().optional(),
    captchaAlignment: z.number().int().optional(),
  }),
  createdAt: z.string(),
});
export type StudioForm = z.infer<typeof studioForm>;

const formSummary = z.object({
  id: z.string(),
  name: z.string(),
  fieldCount: z.number().int(),
  submissionCount: z.number().int(),
  createdAt: z.string(),
});
export type StudioFormSummary = z.infer<typeof formSummary>;

const templateSchema = z.object({
  type: z.string(),
  fieldTypes: z.array(
    z.object({
      type: z.enum(FORM_FIELD_TYPES),
      label: z.string(),
      properties: z.array(
        z.object({
          name: z.string(),
          label: z.string(),
          kind: z.enum(['text', 'paragraph', 'boolean', 'integer', 'options']),
        }),
      ),
    }),
  ),
});
export type TemplateSchema = z.infer<typeof templateSchema>;

export const studioFormRoutes = {
  'GET /api/studio/forms': {
    summary: "The site's forms (owner)",
    response: z.object({ forms: z.array(formSummary) }),
  },
  'POST /api/studio/forms': {
    summary: 'Create a form (owner)',
    body: formBody,
    response: studioForm,
    status: 201,
  },
  'GET /api/studio/forms/:formId': {
    summary: 'One form with its fields and settings (owner)',
    params: z.object({ formId: id }),
    response: studioForm,
  },
  'PUT /api/studio/forms/:formId': {
    summary: 'Save a form: name, notification address, fields and settings (owner)',
    params: z.object({ formId: id }),
    body: formBody,
    response: studioForm,
  },
  'DELETE /api/studio/forms/:formId': {
    summary: 'Delete a form and its submissions (owner)',
    params: z.object({ formId: id }),
    response: okBody,
  },
  'GET /api/template/GetTemplateSchema': {
    summary: 'The field schema the form builder is driven by: editable properties per field type',
    querystring: z.object({ type: z.string().max(64) }),
    response: templateSchema,
  },
} as const;
