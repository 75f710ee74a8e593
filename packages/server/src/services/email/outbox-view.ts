import type { emailOutbox } from '../../db/schema/index';

type OutboxRow = typeof emailOutbox.$inferSelect;

/** What stands in the outbox view where a link or code was. */
export const HIDDEN = '[hidden]';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Hide the message's recorded secrets, longest first (a link is hidden whole, not just the
 * token inside it), each also in its URL-encoded form as links carry it.
 */
export function hideSecrets(text: string, secrets: readonly string[]): string {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
  }
  if (forms.size === 0) return text;
  const pattern = [...forms]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
  return text.replace(new RegExp(pattern, 'g'), HIDDEN);
}

// A web address's query string or fragment, where access tokens ride.
const URL_QUERY = /(\bhttps?:\/\/[^\s?#]*)([?#])\S*/gi;

/**
 * The second line of defence, for mail queued without its secrets named: no query string
 * or fragment of any web address is shown.
 */
export function hideUrlQueries(text: string): string {
  return text.replace(URL_QUERY, (_match, address: string, mark: string) => `${address}${mark}${HIDDEN}`);
}

const hide = (text: string, secrets: readonly string[]) => hideUrlQueries(hideSecrets(text, secrets));

/**
 * Mail whose links nobody in the studio may read, whatever their role: a password reset link
 * would let whoever reads the outbox (the owner too) take over the account it was sent to.
 */
export const SEALED_KINDS: ReadonlySet<string> = new Set(['password-reset']);

/**
 * One outbox message as the studio shows it. `reveal` (the owner and admins,
 * plugins/permissions.ts mayReadMailSecrets) shows it whole; anyone else gets it with the
 * links and codes hidden. Sending always uses the stored text.
 */
export function outboxMessageView(m: OutboxRow, reveal: boolean) {
  const secrets = Array.isArray(m.secrets) ? m.secrets : [];
  const shown =
    reveal && !SEALED_KINDS.has(m.kind) ? (text: string) => text : (text: string) => hide(text, secrets);
  return {
    id: m.id,
    kind: m.kind,
    to: m.toAddress,
    subject: shown(m.subject),
    text: shown(m.textBody),
    status: m.status,
    attempts: m.attempts,
    lastError: m.lastError === null ? null : shown(m.lastError),
    createdAt: m.createdAt.toISOString(),
    sentAt: m.sentAt?.toISOString() ?? null,
  };
}
