import { type SQL, eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/client';
import { emailOutbox, websites } from '../../db/schema/index';
import { connectionOf, type MailSite, mailSettingsRow, senderOf } from '../email/mail-settings.service';
import { smtpFailureWords, transportOptions } from '../email/smtp-connection';
import type { SecretBoxSource } from '../payments/secret-box';
import type { MailTransport } from './outbox-worker';

export type MailRoute =
  | {
      ok: true;
      transport: MailTransport;
      from: { name: string; address: string };
      /** A failed send in words (for the outbox's last error). */
      describe(error: unknown, to: string): string;
    }
  | { ok: false; error: string };

/** How this process sends each site's mail. */
export interface MailRouter {
  /** The outbox rows this process can send (undefined: all of them). */
  claimable(): SQL | undefined;
  routeFor(websiteId: string): Promise<MailRoute>;
}

async function siteOf(db: Database, websiteId: string): Promise<MailSite | undefined> {
  const [site] = await db
    .select({
      id: websites.id,
      siteTitle: websites.siteTitle,
      hosts: websites.hosts,
      baseUrl: websites.baseUrl,
    })
    .from(websites)
    .where(eq(websites.id, websiteId));
  return site;
}

const rawMessage = (error: unknown) => String((error as Error)?.message ?? error);

/** Every site's mail through one transport, from each site's sender (tests, and a bare transport). */
export function fixedRouter(db: Database, transport: MailTransport): MailRouter {
  return {
    claimable: () => undefined,
    async routeFor(websiteId) {
      const site = await siteOf(db, websiteId);
      if (!site) return { ok: false, error: 'The site no longer exists.' };
      const from = senderOf(site, await mailSettingsRow(db, websiteId));
      return { ok: true, transport, from, describe: rawMessage };
    },
  };
}

/** Sites whose own SMTP server is set, and those of them whose password is sealed. */
const OWN_SMTP = sql`(select ms.website_id from mail_settings ms where ms.smtp_host is not null)`;
const SEALED_PASSWORD = sql`(select ms.website_id from mail_settings ms where ms.smtp_host is not null and ms.smtp_password is not null)`;

/**
 * Each site's mail through the site's own SMTP server when the owner set one (Settings →
 * Domain & mail), else through the deployment's (SMTP_URL, or `server` in tests). Connections
 * are pooled per site and rebuilt when the site's settings change. Mail of a site this process
 * cannot send (no SMTP at all; a sealed password and no key to open it) is not claimed: it
 * waits for a process that can.
 */
export function siteRouter(
  db: Database,
  options: {
    server?: MailTransport;
    /** Where SMTP_URL points, to name it when it fails. */
    serverAddress?: { host: string; port: number };
    secrets: () => SecretBoxSource;
    /** Whether this process has a key at all, asked without making one (default: secrets().ok). */
    hasSecretsKey?: () => boolean;
  },
): MailRouter & { close(): void } {
  const pools = new Map<string, { fingerprint: string; transport: Transporter }>();
  const poolFor = (websiteId: string, fingerprint: string, make: () => Transporter) => {
    const known = pools.get(websiteId);
    if (known?.fingerprint === fingerprint) return known.transport;
    known?.transport.close();
    const transport = make();
    pools.set(websiteId, { fingerprint, transport });
    return transport;
  };
  return {
    claimable() {
      const conditions: SQL[] = [];
      if (!options.server) conditions.push(sql`${emailOutbox.websiteId} in ${OWN_SMTP}`);
      const hasKey = options.hasSecretsKey ?? (() => options.secrets().ok);
      if (!hasKey()) conditions.push(sql`${emailOutbox.websiteId} not in ${SEALED_PASSWORD}`);
      return conditions.length ? sql.join(conditions, sql` and `) : undefined;
    },
    async routeFor(websiteId) {
      const site = await siteOf(db, websiteId);
      if (!site) return { ok: false, error: 'The site no longer exists.' };
      const row = await mailSettingsRow(db, websiteId);
      const from = senderOf(site, row);
      const stored = connectionOf(row, options.secrets());
      if (stored.state === 'unreadable') return { ok: false, error: stored.message };
      if (stored.state === 'open') {
        const { connection } = stored;
        const transport = poolFor(websiteId, stored.fingerprint, () =>
          nodemailer.createTransport(transportOptions(connection, { pool: true })),
        );
        const describe = (error: unknown, to: string) =>
          smtpFailureWords(error, { host: connection.host, port: connection.port, from: from.address, to });
        return { ok: true, transport: transport as MailTransport, from, describe };
      }
      pools.get(websiteId)?.transport.close();
      pools.delete(websiteId);
      if (!options.server) return { ok: false, error: 'No SMTP server is set for this site or the server.' };
      const describe = (error: unknown, to: string) =>
        smtpFailureWords(error, { ...options.serverAddress, from: from.address, to });
      return { ok: true, transport: options.server, from, describe };
    },
    close() {
      for (const { transport } of pools.values()) transport.close();
      pools.clear();
    },
  };
}
