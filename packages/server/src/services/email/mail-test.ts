import { MAIL_SETTINGS_MESSAGES as M, type SmtpConnectionInput } from '@store/api';
import { fillMessage, isEmailAddress } from '@store/commerce';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';
import { emailOutbox } from '../../db/schema/index';
import type { SecretBoxSource } from '../payments/secret-box';
import { renderMailHtml } from './mail-layout';
import { mailLookOf } from './mail-look';
import {
  checkConnection,
  checkSender,
  connectionOf,
  type FieldErrors,
  type MailSite,
  type MailSettingsRefusal,
  mailSettingsRow,
  senderOf,
} from './mail-settings.service';
import { type SmtpConnection, smtpFailureWords, smtpUrlAddress, transportOptions } from './smtp-connection';

export const testMail = (siteTitle: string) => ({
  subject: `Test message from ${siteTitle}`,
  text: [
    `This is a test message from ${siteTitle}.`,
    '',
    'It was sent through the SMTP connection in Settings → Domain & mail: your store can send mail to its customers.',
  ].join('\n'),
});

export interface TestMailInput {
  to?: string;
  senderName?: string;
  senderAddress?: string;
  /** A typed connection (an empty password: the stored one); null: none; undefined: the saved one. */
  smtp?: SmtpConnectionInput | null;
}

export interface TestMailAnswer {
  ok: boolean;
  via: 'site' | 'server' | 'none';
  to: string;
  message: string;
}

/** The connection the test uses: the typed one (its empty password the stored one), else the saved one. */
async function connectionFor(
  db: Database,
  site: MailSite,
  input: TestMailInput,
  source: SecretBoxSource,
  errors: FieldErrors,
): Promise<{ connection: SmtpConnection | null; problem?: string }> {
  const row = await mailSettingsRow(db, site.id);
  if (input.smtp === undefined) {
    const stored = connectionOf(row, source);
    if (stored.state === 'unreadable') return { connection: null, problem: stored.message };
    return { connection: stored.state === 'open' ? stored.connection : null };
  }
  if (!input.smtp || input.smtp.host.trim() === '') return { connection: null };
  const typed = checkConnection(input.smtp, errors);
  if (typed.password || !typed.user) return { connection: { ...typed, password: typed.password || null } };
  const stored = connectionOf(row, source);
  if (stored.state === 'unreadable') return { connection: null, problem: stored.message };
  const password =
    stored.state === 'open' && stored.connection.user === typed.user ? stored.connection.password : null;
  return { connection: { ...typed, password } };
}

/**
 * Send a test message now, straight through the connection (not via the queue, so the answer
 * is the server's own verdict): the typed one, else the site's saved one, else SMTP_URL. It is
 * HTML in the site's look with its text part, like every message the site sends, and is
 * recorded in the outbox as sent or failed; with nothing to send through it waits there.
 */
export async function sendTestMail(
  db: Database,
  site: MailSite,
  input: TestMailInput,
  context: { source: SecretBoxSource; smtpUrl?: string; fallbackTo: string },
): Promise<{ ok: true; value: TestMailAnswer } | MailSettingsRefusal> {
  const errors: FieldErrors = {};
  const to = (input.to ?? '').trim() || context.fallbackTo;
  const sender = checkSender(
    {
      senderName: input.senderName ?? undefined,
      senderAddress: input.senderAddress ?? undefined,
    },
    errors,
  );
  const { connection, problem } = await connectionFor(db, site, input, context.source, errors);
  if (!isEmailAddress(to)) errors.to = M.testNoRecipient;
  const first = Object.values(errors)[0];
  if (first) return { ok: false, reason: 'INVALID', errors, message: first };
  const stored = await mailSettingsRow(db, site.id);
  const from = senderOf(site, {
    senderName: input.senderName !== undefined ? sender.senderName : (stored?.senderName ?? null),
    senderAddress: input.senderAddress !== undefined ? sender.senderAddress : (stored?.senderAddress ?? null),
  });
  const mail = testMail(site.siteTitle);
  const look = await mailLookOf(db, site.id);
  const html = look ? renderMailHtml(look, mail) : undefined;
  const row = {
    websiteId: site.id,
    kind: 'smtp-test',
    toAddress: to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: html ?? null,
  };
  const via = connection ? 'site' : context.smtpUrl ? 'server' : 'none';
  if (problem) return { ok: true, value: { ok: false, via: 'site', to, message: problem } };
  if (via === 'none') {
    await db.insert(emailOutbox).values(row);
    return { ok: true, value: { ok: false, via, to, message: M.testQueued } };
  }
  const transport = connection
    ? nodemailer.createTransport(transportOptions(connection))
    : nodemailer.createTransport({
        url: context.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      });
  const server = connection ? `${connection.host}:${connection.port}` : 'the server’s SMTP_URL';
  try {
    await transport.sendMail({ from, to, subject: mail.subject, text: mail.text, ...(html ? { html } : {}) });
    await db.insert(emailOutbox).values({ ...row, status: 'SENT', attempts: 1, sentAt: new Date() });
    return { ok: true, value: { ok: true, via, to, message: fillMessage(M.testSent, { to, via: server }) } };
  } catch (error) {
    const where = connection
      ? { host: connection.host, port: connection.port }
      : smtpUrlAddress(context.smtpUrl);
    const words = smtpFailureWords(error, { ...where, from: from.address, to });
    await db
      .insert(emailOutbox)
      .values({ ...row, status: 'FAILED', attempts: 1, lastError: words.slice(0, 500) });
    return { ok: true, value: { ok: false, via, to, message: words } };
  } finally {
    transport.close();
  }
}
