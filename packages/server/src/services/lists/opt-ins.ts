import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { forms, websites } from '../../db/schema/index';
import { mailingLists } from '../../db/schema/newsletter';
import { enqueueEmail } from '../email/email-outbox';
import { siteBaseUrl } from '../site-base-url';
import { type JoinInput, type JoinResult, defaultListId, joinList } from './members';

/** The confirmation page a double opt-in mail links to. */
export const CONFIRM_PATH = '/mailing-list/confirm';

/**
 * Every opt-in (popup, newsletter block, form, checkout, restock, owner) goes through here:
 * join the list, and when that leaves the person pending (the list asks for double opt-in)
 * queue the confirmation mail through the outbox in the site's mail design.
 */
export async function optIn(db: Database, input: JoinInput): Promise<JoinResult> {
  const listId = input.listId ?? (await defaultListId(db, input.websiteId));
  const joined = await joinList(db, { ...input, listId });
  if (!joined.ok || joined.status !== 'pending' || !joined.confirmToken) return joined;
  const token = joined.confirmToken;
  await db.transaction(async (tx) => {
    const [site] = await tx
      .select({ name: websites.siteTitle, baseUrl: websites.baseUrl, hosts: websites.hosts })
      .from(websites)
      .where(eq(websites.id, input.websiteId));
    const [list] = await tx
      .select({ name: mailingLists.name })
      .from(mailingLists)
      .where(and(eq(mailingLists.id, listId), eq(mailingLists.websiteId, input.websiteId)));
    const listName = list?.name ?? '';
    const link = `${site ? siteBaseUrl(site) : ''}${CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
    await enqueueEmail(tx, {
      websiteId: input.websiteId,
      kind: 'list-confirmation',
      to: input.email.toLowerCase(),
      subject: `Please confirm your subscription${site?.name ? ` to ${site.name}` : ''}`,
      text: [
        `You asked to join the mailing list "${listName}"${site?.name ? ` of ${site.name}` : ''}.`,
        '',
        'Please confirm by following this link:',
        link,
        '',
        'If you did not ask for this, ignore this message: you will not be added.',
      ].join('\n'),
      secrets: [link],
    });
  });
  return joined;
}

/**
 * A form submission's opt-in: when the form maps an e-mail field and a checkbox to a list
 * and the box is ticked, the e-mail joins that list with the form as its consent source.
 */
export async function formOptIn(
  db: Database,
  form: { id: string; websiteId: string; name: string },
  answers: Record<string, unknown>,
): Promise<JoinResult | null> {
  const [row] = await db
    .select({ optIn: forms.listOptIn })
    .from(forms)
    .where(and(eq(forms.id, form.id), eq(forms.websiteId, form.websiteId)));
  const mapping = row?.optIn;
  if (!mapping) return null;
  if (!ticked(answers[mapping.optInFieldId])) return null;
  const email = answers[mapping.emailFieldId];
  if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return null;
  const joined = await optIn(db, {
    websiteId: form.websiteId,
    listId: mapping.listId,
    email: email.trim(),
    source: 'form',
    consentSource: `form: ${form.name}`.slice(0, 300),
  });
  return joined.ok ? joined : null;
}

function ticked(answer: unknown): boolean {
  if (Array.isArray(answer)) return answer.some((v) => typeof v === 'string' && v.trim() !== '');
  if (typeof answer === 'boolean') return answer;
  if (typeof answer === 'string') return answer.trim() !== '' && answer !== 'false';
  return false;
}
