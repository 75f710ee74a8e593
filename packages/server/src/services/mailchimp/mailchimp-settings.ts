import { MAILCHIMP_MESSAGES as M, type MailchimpAudience, type MailchimpView } from '@store/api';
import { fillMessage } from '@store/commerce';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailchimpAccounts, mailchimpLinks } from '../../db/schema/mailchimp';
import { mailingLists } from '../../db/schema/newsletter';
import type { SecretBoxSource } from '../payments/secret-box';
import {
  type CallResult,
  type MailchimpClient,
  type MailchimpKey,
  parseMailchimpKey,
} from './mailchimp-client';

type Account = typeof mailchimpAccounts.$inferSelect;

/** How the settings reach Mailchimp: the server key box and a client for a key. */
export interface MailchimpContext {
  secrets: SecretBoxSource;
  client(key: MailchimpKey): MailchimpClient;
}

/** A refusal the HTTP edge answers (mailchimp.routes.ts maps each code to its status). */
export type MailchimpFailure = {
  ok: false;
  code:
    | 'MALFORMED_KEY'
    | 'UNABLE_TO_CONNECT'
    | 'NOT_CONNECTED'
    | 'NO_LISTS'
    | 'UNKNOWN_AUDIENCE'
    | 'UNKNOWN_LIST'
    | 'SECRETS_KEY_MISSING';
  message: string;
  detail?: string;
};
type Result<T> = { ok: true; value: T } | MailchimpFailure;

const fail = (code: MailchimpFailure['code'], message: string, detail?: string): MailchimpFailure => ({
  ok: false,
  code,
  message,
  ...(detail ? { detail } : {}),
});

/** The sealed key opens only for this site's account row. */
export const keySealContext = (websiteId: string) => `mailchimp_accounts:${websiteId}:api_key`;

/** In words: what Mailchimp said, or that it did not answer. */
export const describeFailure = (res: Extract<CallResult<unknown>, { ok: false }>) =>
  res.status === 'network' ? `Mailchimp ${res.detail}` : `${res.title}: ${res.detail}`;

async function accountOf(db: Database, websiteId: string): Promise<Account | undefined> {
  const [row] = await db.select().from(mailchimpAccounts).where(eq(mailchimpAccounts.websiteId, websiteId));
  return row;
}

/** The stored key opened, or null (no account, no server key, or sealed under another key). */
export function openKey(account: Account, secrets: SecretBoxSource): MailchimpKey | null {
  if (!secrets.ok) return null;
  const opened = secrets.box.open(account.apiKeySealed, keySealContext(account.websiteId));
  return opened.ok ? { apiKey: opened.value, dataCenter: account.dataCenter } : null;
}

/** The connection as the studio shows it (the key as its last four characters only). */
export async function readMailchimp(db: Database, websiteId: string): Promise<MailchimpView> {
  const account = await accountOf(db, websiteId);
  const lists = await db
    .select({ id: mailingLists.id, name: mailingLists.name })
    .from(mailingLists)
    .where(eq(mailingLists.websiteId, websiteId))
    .orderBy(asc(mailingLists.createdAt), asc(mailingLists.id));
  if (!account)
    return {
      state: 'not_connected',
      accountName: null,
      apiKeyLast4: null,
      dataCenter: null,
      message: null,
      detail: null,
      links: [],
      lists,
    };
  const links = await db
    .select({ link: mailchimpLinks, listName: mailingLists.name })
    .from(mailchimpLinks)
    .innerJoin(mailingLists, eq(mailingLists.id, mailchimpLinks.listId))
    .where(eq(mailchimpLinks.websiteId, websiteId))
    .orderBy(asc(mailingLists.createdAt), asc(mailingLists.id));
  const failed = account.status === 'failed';
  return {
    state: failed ? 'failed' : 'connected',
    accountName: account.accountName,
    apiKeyLast4: account.apiKeyLast4,
    dataCenter: account.dataCenter,
    message: failed ? M.unableToConnect : null,
    detail: account.lastError,
    lists,
    links: links.map(({ link, listName }) => ({
      listId: link.listId,
      listName,
      audienceId: link.audienceId,
      audienceName: link.audienceName,
      lastSyncAt: link.lastSyncAt?.toISOString() ?? null,
      pushed: link.pushedCount,
      pulled: link.pulledCount,
      skipped: link.skippedCount,
      lastError: link.lastError,
      attempts: link.attempts,
      nextAttemptAt: link.attempts > 0 ? link.nextAttemptAt.toISOString() : null,
    })),
  };
}

/**
 * Connect with the key the owner pasted: its shape first (the data centre is its suffix), then
 * Mailchimp must accept it and list the audiences; only then is it sealed and stored. A
 * reconnect replaces the key and clears a failure; the lists' links and cursors stay.
 */
export async function connectMailchimp(
  db: Database,
  websiteId: string,
  apiKey: string,
  context: MailchimpContext,
): Promise<Result<{ view: MailchimpView; audiences: MailchimpAudience[] }>> {
  const key = parseMailchimpKey(apiKey);
  if (!key) return fail('MALFORMED_KEY', M.malformedKey);
  if (!context.secrets.ok) return fail('SECRETS_KEY_MISSING', M.secretsKeyMissing);
  const client = context.client(key);
  const ping = await client.ping();
  if (!ping.ok) return fail('UNABLE_TO_CONNECT', M.unableToConnect, describeFailure(ping));
  const audiences = await client.audiences();
  if (!audiences.ok) return fail('UNABLE_TO_CONNECT', M.unableToConnect, describeFailure(audiences));
  const values = {
    apiKeySealed: context.secrets.box.seal(key.apiKey, keySealContext(websiteId)),
    // The key's own last four characters: its suffix is the data centre, shown anyway.
    apiKeyLast4: key.apiKey.slice(0, key.apiKey.lastIndexOf('-')).slice(-4),
    dataCenter: key.dataCenter,
    accountName: ping.value.accountName.slice(0, 200),
    status: 'connected' as const,
    lastError: null,
    connectedAt: sql`now()`,
  };
  await db
    .insert(mailchimpAccounts)
    .values({ websiteId, ...values })
    .onConflictDoUpdate({ target: mailchimpAccounts.websiteId, set: values });
  // A reconnect retries at once what waited for the key.
  await db
    .update(mailchimpLinks)
    .set({ nextAttemptAt: sql`now()`, attempts: 0 })
    .where(eq(mailchimpLinks.websiteId, websiteId));
  return { ok: true, value: { view: await readMailchimp(db, websiteId), audiences: audiences.value } };
}

async function connectedClient(db: Database, websiteId: string, context: MailchimpContext) {
  const account = await accountOf(db, websiteId);
  if (!account) return fail('NOT_CONNECTED', M.notConnected);
  const key = openKey(account, context.secrets);
  if (!key)
    return fail(
      'UNABLE_TO_CONNECT',
      M.unableToConnect,
      context.secrets.ok ? M.keyUnreadable : context.secrets.message,
    );
  return { ok: true as const, value: context.client(key) };
}

/** The connected account's audiences, asked of Mailchimp now. */
export async function mailchimpAudiences(
  db: Database,
  websiteId: string,
  context: MailchimpContext,
): Promise<Result<MailchimpAudience[]>> {
  const client = await connectedClient(db, websiteId, context);
  if (!client.ok) return client;
  const audiences = await client.value.audiences();
  return audiences.ok ? audiences : fail('UNABLE_TO_CONNECT', M.unableToConnect, describeFailure(audiences));
}

/**
 * Which list feeds which audience. Lists left out stop syncing; a list moved to another
 * audience starts again from its first member there.
 */
export async function linkMailchimpLists(
  db: Database,
  websiteId: string,
  links: { listId: string; audienceId: string }[],
  context: MailchimpContext,
): Promise<Result<MailchimpView>> {
  const lists = await db
    .select({ id: mailingLists.id })
    .from(mailingLists)
    .where(eq(mailingLists.websiteId, websiteId));
  if (lists.length === 0) return fail('NO_LISTS', M.noLists);
  const ours = new Set(lists.map((l) => l.id));
  if (links.some((l) => !ours.has(l.listId))) return fail('UNKNOWN_LIST', M.unknownList);
  const audiences = await mailchimpAudiences(db, websiteId, context);
  if (!audiences.ok) return audiences;
  const names = new Map(audiences.value.map((a) => [a.id, a.name]));
  if (links.some((l) => !names.has(l.audienceId))) return fail('UNKNOWN_AUDIENCE', M.unknownAudience);
  const kept = links.map((l) => l.listId);
  await db
    .delete(mailchimpLinks)
    .where(
      kept.length > 0
        ? and(eq(mailchimpLinks.websiteId, websiteId), notInArray(mailchimpLinks.listId, kept))
        : eq(mailchimpLinks.websiteId, websiteId),
    );
  for (const link of links) {
    const audienceName = names.get(link.audienceId) ?? '';
    const [same] = await db
      .update(mailchimpLinks)
      .set({ audienceName })
      .where(
        and(
          eq(mailchimpLinks.websiteId, websiteId),
          eq(mailchimpLinks.listId, link.listId),
          eq(mailchimpLinks.audienceId, link.audienceId),
        ),
      )
      .returning({ id: mailchimpLinks.id });
    if (same) continue;
    const fresh = {
      audienceId: link.audienceId,
      audienceName,
      cursorAt: null,
      cursorId: null,
      pulledSince: null,
      pushedCount: 0,
      pulledCount: 0,
      skippedCount: 0,
      attempts: 0,
      lastError: null,
      nextAttemptAt: sql`now()`,
      lastSyncAt: null,
    };
    await db
      .insert(mailchimpLinks)
      .values({ websiteId, listId: link.listId, ...fresh })
      .onConflictDoUpdate({ target: mailchimpLinks.listId, set: fresh });
  }
  return { ok: true, value: await readMailchimp(db, websiteId) };
}

/** Forget the key and the links: syncing stops; the members stay on both sides. */
export async function disconnectMailchimp(db: Database, websiteId: string): Promise<MailchimpView> {
  await db.delete(mailchimpAccounts).where(eq(mailchimpAccounts.websiteId, websiteId));
  return readMailchimp(db, websiteId);
}

/** Mark the account failed (Mailchimp refused its key): nothing syncs until the owner reconnects. */
export async function markAccountFailed(db: Database, websiteId: string, detail: string) {
  await db
    .update(mailchimpAccounts)
    .set({ status: 'failed', lastError: fillMessage(M.refused, { detail }) })
    .where(eq(mailchimpAccounts.websiteId, websiteId));
}
