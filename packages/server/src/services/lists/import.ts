import { LIST_IMPORT_MAX_ROWS, MAILING_LIST_MESSAGES as M, type ListImportResult } from '@store/api';
import { isEmailAddress } from '@store/commerce';
import { parse } from 'csv-parse/sync';
import { and, eq, inArray } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import { listMembers } from '../../db/schema/newsletter';
import { listExists } from './owner-lists';

export type ImportFailure = {
  ok: false;
  code: 'LIST_NOT_FOUND' | 'NO_EMAIL_COLUMN' | 'TOO_MANY_ROWS' | 'UNREADABLE';
};

const EMAIL_HEADERS = ['email', 'e-mail', 'email address', 'e-mail address', 'mail'];
const CHUNK = 500;

/**
 * Import people the owner says agreed to receive e-mail (the studio refuses without the
 * tick). Consent source: the file name and the time of the import. A row with an invalid
 * e-mail is reported by its line and skipped; the rest are imported. Importing the same file
 * again changes nothing; someone who unsubscribed stays unsubscribed (their choice stands);
 * someone pending stays pending. Other columns (names …) are ignored.
 */
export async function importMembers(
  db: Database,
  websiteId: string,
  listId: string,
  input: { fileName: string; csv: string; now?: Date },
): Promise<({ ok: true } & ListImportResult) | ImportFailure> {
  if (!(await listExists(db, websiteId, listId))) return { ok: false, code: 'LIST_NOT_FOUND' };
  let records: string[][];
  try {
    records = parse(input.csv.replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch {
    return { ok: false, code: 'UNREADABLE' };
  }
  const header = (records[0] ?? []).map((h) => h.toLowerCase());
  let column = header.findIndex((h) => EMAIL_HEADERS.includes(h));
  let first = 1;
  if (column < 0) {
    // No header row: a file whose first row already holds an e-mail is read from that row.
    column = header.findIndex((h) => isEmailAddress(h));
    first = 0;
    if (column < 0) return { ok: false, code: 'NO_EMAIL_COLUMN' };
  }
  if (records.length - first > LIST_IMPORT_MAX_ROWS) return { ok: false, code: 'TOO_MANY_ROWS' };
  const errors: ListImportResult['errors'] = [];
  const emails = new Set<string>();
  records.slice(first).forEach((record, i) => {
    const value = (record[column] ?? '').trim();
    if (!isEmailAddress(value)) {
      errors.push({ row: i + first + 1, value: value.slice(0, 200), message: M.invalidEmail });
      return;
    }
    emails.add(value.toLowerCase());
  });
  const at = input.now ?? new Date();
  const consentSource = `import: ${input.fileName} (${at.toISOString()})`.slice(0, 400);
  let added = 0;
  let alreadyMembers = 0;
  let keptUnsubscribed = 0;
  const all = [...emails];
  for (let start = 0; start < all.length; start += CHUNK) {
    const chunk = all.slice(start, start + CHUNK);
    const existing = await db
      .select({ email: listMembers.email, status: listMembers.status })
      .from(listMembers)
      .where(and(eq(listMembers.listId, listId), inArray(listMembers.email, chunk)));
    const known = new Map(existing.map((r) => [r.email, r.status]));
    for (const status of known.values()) {
      if (status === 'unsubscribed') keptUnsubscribed += 1;
      else alreadyMembers += 1;
    }
    const fresh = chunk.filter((e) => !known.has(e));
    if (fresh.length === 0) continue;
    const inserted = await db
      .insert(listMembers)
      .values(
        fresh.map((email) => ({
          websiteId,
          listId,
          email,
          status: 'subscribed' as const,
          source: 'import',
          consentAt: at,
          consentSource,
          unsubscribeToken: randomBytes(24).toString('base64url'),
        })),
      )
      // Someone joining meanwhile keeps their own row and consent.
      .onConflictDoNothing({ target: [listMembers.listId, listMembers.email] })
      .returning({ id: listMembers.id });
    added += inserted.length;
    alreadyMembers += fresh.length - inserted.length;
  }
  return { ok: true, added, alreadyMembers, keptUnsubscribed, errors: errors.slice(0, 500) };
}
