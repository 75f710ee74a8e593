import {
  MAIL_SETTINGS_MESSAGES as M,
  type MailSettings,
  type MailSettingsInput,
  SMTP_DEFAULT_PORTS,
  type SmtpConnectionInput,
} from '@store/api';
import { isEmailAddress } from '@store/commerce';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailSettings, websites } from '../../db/schema/index';
import type { SecretBoxSource } from '../payments/secret-box';
import { listeningOrigin, parsePublicAddress, siteBaseUrl } from '../site-base-url';
import type { SiteRecord } from '../site.service';
import type { SmtpConnection } from './smtp-connection';

type Row = typeof mailSettings.$inferSelect;
export type MailSite = Pick<SiteRecord, 'id' | 'siteTitle' | 'hosts' | 'baseUrl'>;
type Field = 'publicAddress' | 'senderName' | 'senderAddress' | 'host' | 'port' | 'user' | 'password' | 'to';
export type FieldErrors = Partial<Record<Field, string>>;

/** Why settings were not saved: per-field words (400), or no key to seal the password with (422). */
export type MailSettingsRefusal =
  | { ok: false; reason: 'INVALID'; errors: FieldErrors; message: string }
  | { ok: false; reason: 'SECRETS_KEY_MISSING'; message: string };

/** The sealed password opens only for this site's row. */
const sealContext = (websiteId: string) => `mail_settings:${websiteId}:smtpPassword`;

const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/;
const IPV6 = /^\[?[0-9A-Fa-f:.]{2,45}\]?$/;

export async function mailSettingsRow(db: Database, websiteId: string): Promise<Row | undefined> {
  const [row] = await db.select().from(mailSettings).where(eq(mailSettings.websiteId, websiteId));
  return row;
}

/** The site's row as stored now (the request's copy may be a few seconds old). */
async function freshSite(db: Database, site: MailSite): Promise<MailSite> {
  const [row] = await db
    .select({
      id: websites.id,
      siteTitle: websites.siteTitle,
      hosts: websites.hosts,
      baseUrl: websites.baseUrl,
    })
    .from(websites)
    .where(eq(websites.id, site.id));
  return row ?? site;
}

/** The domain `no-reply@` mail is from while no sender is set: the public address's, else the first host's. */
function senderDomain(site: MailSite): string {
  const host = site.baseUrl ? new URL(site.baseUrl).hostname : site.hosts[0];
  return host?.includes('.') ? host : 'localhost.localdomain';
}

/** Who the site's mail is from: the owner's sender, else the site's name at no-reply@ its domain. */
export function senderOf(
  site: MailSite,
  row: Pick<Row, 'senderName' | 'senderAddress'> | undefined,
): { name: string; address: string } {
  return {
    name: (row?.senderName || site.siteTitle || 'Store').replace(/[\r\n"<>]/g, ''),
    address: row?.senderAddress || `no-reply@${senderDomain(site)}`,
  };
}

const shown = (sender: { name: string; address: string }) => `"${sender.name}" <${sender.address}>`;

export type StoredConnection =
  | { state: 'none' }
  | { state: 'open'; connection: SmtpConnection; fingerprint: string }
  | { state: 'unreadable'; message: string };

/** The site's own SMTP server with its password opened, none, or why it cannot be used. */
export function connectionOf(row: Row | undefined, source: SecretBoxSource): StoredConnection {
  if (!row?.smtpHost) return { state: 'none' };
  const fingerprint = [row.smtpHost, row.smtpPort, row.smtpSecurity, row.smtpUser, row.smtpPassword].join(
    '|',
  );
  let password: string | null = null;
  if (row.smtpPassword) {
    if (!source.ok) return { state: 'unreadable', message: M.secretsKeyMissing };
    const opened = source.box.open(row.smtpPassword, sealContext(row.websiteId));
    if (!opened.ok) return { state: 'unreadable', message: M.secretsUnreadable };
    password = opened.value;
  }
  const connection: SmtpConnection = {
    host: row.smtpHost,
    port: row.smtpPort ?? SMTP_DEFAULT_PORTS[row.smtpSecurity],
    security: row.smtpSecurity,
    user: row.smtpUser,
    password,
  };
  return { state: 'open', connection, fingerprint };
}

function present(
  site: MailSite,
  row: Row | undefined,
  source: SecretBoxSource,
  serverSmtp: boolean,
): MailSettings {
  const stored = connectionOf(row, source);
  return {
    publicAddress: site.baseUrl,
    effectiveAddress: siteBaseUrl(site),
    listeningAddress: listeningOrigin(site),
    senderName: row?.senderName ?? null,
    senderAddress: row?.senderAddress ?? null,
    defaultSender: shown(senderOf(site, undefined)),
    smtp: row?.smtpHost
      ? {
          host: row.smtpHost,
          port: row.smtpPort ?? SMTP_DEFAULT_PORTS[row.smtpSecurity],
          security: row.smtpSecurity,
          user: row.smtpUser,
          passwordSet: Boolean(row.smtpPassword),
        }
      : null,
    serverSmtp,
    problem: stored.state === 'unreadable' ? stored.message : null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** Settings → Domain & mail as the studio reads it: the password only as whether one is stored. */
export async function readMailSettings(
  db: Database,
  site: MailSite,
  source: SecretBoxSource,
  serverSmtp: boolean,
): Promise<MailSettings> {
  return present(await freshSite(db, site), await mailSettingsRow(db, site.id), source, serverSmtp);
}

/** A typed SMTP connection, checked (the password not yet merged with the stored one). */
export function checkConnection(
  input: SmtpConnectionInput | null | undefined,
  errors: FieldErrors,
): Omit<SmtpConnection, 'password'> & { password: string } {
  const host = input?.host.trim() ?? '';
  const user = input?.user.trim() ?? '';
  const password = input?.password ?? '';
  const security = input?.security ?? 'starttls';
  if (!(HOST_NAME.test(host) || (host.includes(':') && IPV6.test(host)))) errors.host = M.smtpHost;
  const port = input?.port ?? SMTP_DEFAULT_PORTS[security];
  if (!Number.isInteger(port) || port < 1 || port > 65_535) errors.port = M.smtpPort;
  if (user.length > 200) errors.user = M.smtpUser;
  if (password.length > 500) errors.password = M.smtpPassword;
  else if (password && !user) errors.password = M.passwordWithoutUser;
  return { host: host.replace(/^\[|\]$/g, ''), port, security, user: user || null, password };
}

/** The sender fields, checked: a one-line name and an e-mail address (both may be empty). */
export function checkSender(
  input: { senderName?: string; senderAddress?: string },
  errors: FieldErrors,
): { senderName: string | null; senderAddress: string | null } {
  const name = (input.senderName ?? '').trim();
  const address = (input.senderAddress ?? '').trim();
  if (name.length > 100 || /[\u0000-\u001f\u007f]/.test(name)) errors.senderName = M.senderName;
  if (address && !isEmailAddress(address)) errors.senderAddress = M.senderAddress;
  return { senderName: name || null, senderAddress: address ? address.toLowerCase() : null };
}

const firstOf = (errors: FieldErrors) => Object.values(errors)[0];

/**
 * Save the public address (on the site: every link follows it at once) and the sender and SMTP
 * connection. The password is sealed with the server's box (refused when it has none); an
 * empty password keeps the stored one while the user name stays; no SMTP host clears the
 * connection and the site's mail goes through SMTP_URL again.
 */
export async function saveMailSettings(
  db: Database,
  site: MailSite,
  input: MailSettingsInput,
  source: SecretBoxSource,
  serverSmtp: boolean,
): Promise<{ ok: true; value: MailSettings } | MailSettingsRefusal> {
  const errors: FieldErrors = {};
  const now = await freshSite(db, site);
  const address = parsePublicAddress(input.publicAddress);
  if (!address.ok) errors.publicAddress = address.message;
  const sender = checkSender(input, errors);
  const wantsSmtp = Boolean(input.smtp && input.smtp.host.trim() !== '');
  const typed = wantsSmtp ? checkConnection(input.smtp, errors) : null;
  if (wantsSmtp && !sender.senderAddress && !errors.senderAddress)
    errors.senderAddress = M.senderAddressRequired;
  const first = firstOf(errors);
  if (first) return { ok: false, reason: 'INVALID', errors, message: first };
  if (typed?.password && !source.ok)
    return { ok: false, reason: 'SECRETS_KEY_MISSING', message: M.secretsKeyMissing };
  const row = await db.transaction(async (tx) => {
    await tx.insert(mailSettings).values({ websiteId: site.id }).onConflictDoNothing();
    const [current] = await tx
      .select()
      .from(mailSettings)
      .where(eq(mailSettings.websiteId, site.id))
      .for('update');
    let smtpPassword: string | null = null;
    if (typed?.password && source.ok) smtpPassword = source.box.seal(typed.password, sealContext(site.id));
    // The stored password goes with its user name: a new or cleared user drops it.
    else if (typed?.user && typed.user === current?.smtpUser) smtpPassword = current?.smtpPassword ?? null;
    const [saved] = await tx
      .update(mailSettings)
      .set({
        ...sender,
        smtpHost: typed?.host ?? null,
        smtpPort: typed?.port ?? null,
        smtpSecurity: typed?.security ?? current?.smtpSecurity ?? 'starttls',
        smtpUser: typed?.user ?? null,
        smtpPassword,
        updatedAt: new Date(),
      })
      .where(eq(mailSettings.websiteId, site.id))
      .returning();
    // Only a change touches the site's row (each write there drops the site's cached pages).
    if (address.ok && address.value !== now.baseUrl)
      await tx.update(websites).set({ baseUrl: address.value }).where(eq(websites.id, site.id));
    return saved;
  });
  const saved = { ...now, baseUrl: address.ok ? address.value : now.baseUrl };
  return { ok: true, value: present(saved, row, source, serverSmtp) };
}
