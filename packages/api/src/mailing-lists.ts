import { z } from 'zod';
import { emailAddress, id } from './common';

/**
 * Marketing → Mailing lists (docs/marketing.md): lists the owner names, their members with
 * consent, CSV import with consent, and saved segments. The server answers with these words
 * and the studio shows the same ones.
 */
export const MAILING_LIST_MESSAGES = {
  /** The spec's words when a list must be chosen. */
  listRequired: 'A List must be selected',
  /** The spec's words when there is nothing to choose. */
  noLists: 'no mailing lists, create one first',
  nameRequired: 'Give the list a name.',
  nameTaken: 'There is already a list with that name.',
  notFound: 'That mailing list is not on this site.',
  defaultKept: 'The default list cannot be deleted.',
  invalidEmail: 'Enter a valid e-mail address.',
  consentRequired: 'Tick “These people agreed to receive e-mail from me” to import them.',
  fileTooLarge: 'The file is too large: import at most 2 MB (about 50,000 rows) at a time.',
  noEmailColumn: 'The file has no e-mail column (a header named “email” or “e-mail”).',
  tooManyRows: 'The file has too many rows: import at most 50,000 at a time.',
  segmentNameTaken: 'There is already a segment with that name.',
  segmentNotFound: 'That segment is not on this site.',
  segmentProductNotFound: 'That product is not in this store: choose another.',
  segmentAreaNotFound: 'That member area is not on this site: choose another.',
  formNotFound: 'That form is not on this site.',
  formFieldsInvalid: 'Choose the form’s e-mail field and a checkbox field for the opt-in.',
  confirmed: 'Thank you: your subscription is confirmed.',
  badConfirmLink: 'This confirmation link is not valid or was already used.',
} as const;

/** Largest CSV accepted by the import (characters of its text). */
export const LIST_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const LIST_IMPORT_MAX_ROWS = 50_000;

const listName = z.string().trim().min(1, MAILING_LIST_MESSAGES.nameRequired).max(100);

export const mailingList = z.object({
  id: z.string(),
  name: z.string(),
  doubleOptIn: z.boolean(),
  isDefault: z.boolean(),
  subscribed: z.number().int(),
  pending: z.number().int(),
  unsubscribed: z.number().int(),
  createdAt: z.string(),
});
export type MailingList = z.output<typeof mailingList>;

export const listMember = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(['pending', 'subscribed', 'unsubscribed']),
  source: z.string(),
  consentAt: z.string().nullable(),
  consentSource: z.string(),
  createdAt: z.string(),
  unsubscribedAt: z.string().nullable(),
});
export type ListMember = z.output<typeof listMember>;

export const segmentRule = z.object({
  boughtProductId: z.string().min(1).max(64).optional(),
  spentOverMinor: z.number().int().min(0).max(100_000_000_000).optional(),
  memberOfAreaId: z.string().min(1).max(64).optional(),
});

/** At most this many lists narrow a preview (a campaign's lists: its own limit). */
const previewLists = z.array(z.string().min(1).max(64)).max(20);

export const segment = z.object({
  id: z.string(),
  name: z.string(),
  rule: segmentRule,
  count: z.number().int(),
});

const importRowError = z.object({ row: z.number().int(), value: z.string(), message: z.string() });

export const listImportResult = z.object({
  added: z.number().int(),
  alreadyMembers: z.number().int(),
  /** Unsubscribed people in the file stay unsubscribed: their choice stands. */
  keptUnsubscribed: z.number().int(),
  errors: z.array(importRowError),
});
export type ListImportResult = z.output<typeof listImportResult>;

export const formOptIn = z.object({
  listId: id,
  emailFieldId: z.string().min(1).max(64),
  optInFieldId: z.string().min(1).max(64),
});

const listParams = z.object({ listId: id });

export const mailingListRoutes = {
  'GET /api/studio/marketing/lists': {
    summary: 'Owner: the site’s mailing lists with their member counts',
    response: z.object({ lists: z.array(mailingList) }),
  },
  'POST /api/studio/marketing/lists': {
    summary: 'Owner: make a mailing list',
    body: z.object({ name: listName, doubleOptIn: z.boolean().optional().default(false) }),
    response: z.object({ list: mailingList }),
  },
  'PUT /api/studio/marketing/lists/:listId': {
    summary: 'Owner: rename a list or switch its double opt-in',
    params: listParams,
    body: z.object({ name: listName.optional(), doubleOptIn: z.boolean().optional() }),
    response: z.object({ list: mailingList }),
  },
  'DELETE /api/studio/marketing/lists/:listId': {
    summary: 'Owner: delete a list and its members (not the default list)',
    params: listParams,
    response: z.object({ ok: z.boolean() }),
  },
  'GET /api/studio/marketing/lists/:listId/members': {
    summary: 'Owner: a list’s members, newest first, 50 a page, searchable and by status',
    params: listParams,
    querystring: z.object({
      q: z.string().trim().max(200).optional(),
      status: z.enum(['pending', 'subscribed', 'unsubscribed']).optional(),
      page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
    }),
    response: z.object({
      members: z.array(listMember),
      total: z.number().int(),
      page: z.number().int(),
      pageCount: z.number().int(),
    }),
  },
  'POST /api/studio/marketing/lists/:listId/members': {
    summary: 'Owner: add a member by hand (consent source: the owner)',
    params: listParams,
    body: z.object({ email: emailAddress(MAILING_LIST_MESSAGES.invalidEmail) }),
    response: z.object({ member: listMember }),
  },
  'POST /api/studio/marketing/lists/:listId/members/:memberId/unsubscribe': {
    summary: 'Owner: unsubscribe a member (kept, so an import cannot add them again)',
    params: z.object({ listId: id, memberId: id }),
    response: z.object({ member: listMember }),
  },
  'DELETE /api/studio/marketing/lists/:listId/members/:memberId': {
    summary: 'Owner: remove a member from the list',
    params: z.object({ listId: id, memberId: id }),
    response: z.object({ ok: z.boolean() }),
  },
  'GET /api/studio/marketing/lists/:listId/export.csv': {
    summary: 'Owner: a list as CSV (email, status, source, consent time and source)',
    params: listParams,
    response: z.string(),
  },
  'POST /api/studio/marketing/lists/:listId/import': {
    summary:
      'Owner: import a CSV of people who agreed to receive e-mail (an e-mail column; bad rows reported, the rest imported)',
    params: listParams,
    body: z.object({
      fileName: z.string().trim().min(1).max(200),
      /** The file's text; longer than LIST_IMPORT_MAX_BYTES: 413. */
      csv: z.string(),
      consent: z.literal(true, { message: MAILING_LIST_MESSAGES.consentRequired }),
    }),
    response: listImportResult,
  },
  'GET /api/studio/marketing/segments': {
    summary:
      'Owner: saved segments with how many subscribed members each holds, the site currency (of spentOverMinor) and the member areas a rule may name',
    response: z.object({
      segments: z.array(segment),
      currency: z.string(),
      memberAreas: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  },
  'POST /api/studio/marketing/segments': {
    summary: 'Owner: save a segment (all its conditions must hold)',
    body: z.object({ name: listName, rule: segmentRule }),
    response: z.object({ segment }),
  },
  'DELETE /api/studio/marketing/segments/:segmentId': {
    summary: 'Owner: delete a saved segment',
    params: z.object({ segmentId: id }),
    response: z.object({ ok: z.boolean() }),
  },
  'POST /api/studio/marketing/segments/preview': {
    summary:
      'Owner: how many subscribed members (any list, or only the given lists; each e-mail once) a rule holds now',
    body: z.object({ rule: segmentRule, listIds: previewLists.optional() }),
    response: z.object({ count: z.number().int() }),
  },
  'GET /api/studio/marketing/forms/:formId/opt-in': {
    summary: 'Owner: which list a form’s opt-in joins (its e-mail field and checkbox)',
    params: z.object({ formId: id }),
    response: z.object({ optIn: formOptIn.nullable() }),
  },
  'PUT /api/studio/marketing/forms/:formId/opt-in': {
    summary: 'Owner: map a form’s e-mail field and opt-in checkbox to a list (null: no opt-in)',
    params: z.object({ formId: id }),
    body: z.object({ optIn: formOptIn.nullable() }),
    response: z.object({ optIn: formOptIn.nullable() }),
  },
} as const;
