import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailOutbox, formSubmissions } from '../../db/schema/index';
import { olderThan } from './cursor';
import { submissionsWhere } from './submissions-table';

/**
 * A page of a form's submissions, newest first, after `after` (a decoded cursor); one row more
 * than `limit` tells the caller another page follows.
 */
export async function submissionRows(
  db: Database,
  websiteId: string,
  formId: string,
  options: { q?: string; after: string[] | undefined; limit: number },
) {
  return db
    .select({ r: formSubmissions, cursorAt: sql<string>`${formSubmissions.createdAt}::text` })
    .from(formSubmissions)
    .where(and(submissionsWhere(websiteId, formId, options.q), olderThan(formSubmissions, options.after)))
    .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
    .limit(options.limit + 1);
}

/** A page of the site's outbox, newest first, optionally of one status (as submissionRows). */
export async function outboxRows(
  db: Database,
  websiteId: string,
  options: {
    status?: (typeof emailOutbox.$inferSelect)['status'];
    after: string[] | undefined;
    limit: number;
  },
) {
  return db
    .select({ m: emailOutbox, cursorAt: sql<string>`${emailOutbox.createdAt}::text` })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.websiteId, websiteId),
        options.status ? eq(emailOutbox.status, options.status) : undefined,
        olderThan(emailOutbox, options.after),
      ),
    )
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(options.limit + 1);
}
