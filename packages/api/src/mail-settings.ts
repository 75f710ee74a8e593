import { z } from 'zod';

/**
 * What the owner is told about Settings → Domain & mail: the server answers with these words
 * (field errors of a save, the verdict of a test message) and the studio shows the same ones.
 * `{server}` is the SMTP host and port as typed.
 */
export const MAIL_SETTINGS_MESSAGES = {
  addressNotAUrl: 'Enter the address as a full URL, e.g. https://shop.example.com',
  addressScheme: 'The address must start with https:// or http://',
  addressCredentials: 'The address cannot contain a user name or password.',
  addressOriginOnly:
    'Enter the address without a path, query or fragment: only https:// and the domain (and a port if it needs one), e.g. https://shop.example.com',
  addressTooLong: 'The address is too long (300 characters at most).',
  senderName: 'The sender name is one line of at most 100 characters.',
  senderAddress: 'Enter the sender address as name@example.com.',
  senderAddressRequired:
    'Enter the sender address: mail sent through your SMTP server goes out from it, and most servers only send from addresses they know.',
  smtpHost: 'Enter the SMTP server’s host name (e.g. smtp.example.com) or its IP address.',
  smtpPort: 'The port is a number from 1 to 65535: usually 465 for TLS, 587 for STARTTLS.',
  smtpUser: 'The user name is at most 200 characters.',
  smtpPassword: 'The password is at most 500 characters.',
  passwordWithoutUser: 'Enter the user name that goes with the password.',
  secretsKeyMissing:
    'The password cannot be stored safely yet: set SECRETS_KEY on the server (32 random bytes, base64 or hex, e.g. from `openssl rand -base64 32`) and restart it.',
  secretsUnreadable:
    'The stored SMTP password cannot be read with this server’s SECRETS_KEY (it changed since the password was saved): enter the password again.',
  saved: 'Saved.',
  testSent: 'A test message was sent to {to} through {via}. Check that inbox (and its spam folder).',
  testQueued:
    'Mail cannot be delivered: this site has no SMTP server and none is set for the whole server (SMTP_URL). Messages wait in the outbox.',
  testNoRecipient: 'Enter the address to send the test message to as name@example.com.',
  authFailed: 'The SMTP server refused the user name or password ({response}).',
  authRequired: 'The SMTP server wants a user name and password before it sends anything: enter them.',
  senderRefused:
    'The SMTP server refused the sender address {from} ({response}): use an address this server may send from.',
  recipientRefused: 'The SMTP server refused the recipient {to} ({response}).',
  hostNotFound: 'The host name {host} was not found: check its spelling.',
  connectionRefused:
    'Cannot connect to {server}: nothing answers there (connection refused). Check the host and the port.',
  noAnswer:
    'Cannot connect to {server}: no answer within 10 seconds. Check the host and the port, and that no firewall is in the way.',
  noGreeting:
    '{server} took the connection but never greeted. If it expects TLS from the first byte (usually port 465), choose TLS.',
  notTls: 'TLS failed: {server} does not speak TLS from the first byte. For port 587 or 25 choose STARTTLS.',
  certificate: 'TLS failed: the certificate of {server} is not trusted ({detail}).',
  noStarttls:
    '{server} does not offer STARTTLS, so the mail would travel unencrypted. Choose TLS (usually port 465), or None only for a server on your own network.',
  closed: '{server} closed the connection: {detail}',
  other: 'The message was not sent: {detail}',
} as const;

export const smtpSecurity = z.enum(['tls', 'starttls', 'none']);
export type SmtpSecurityChoice = z.output<typeof smtpSecurity>;

/** Port a security choice usually goes with (the studio fills it in when the port is empty). */
export const SMTP_DEFAULT_PORTS: Record<SmtpSecurityChoice, number> = { tls: 465, starttls: 587, none: 25 };

// Lengths are checked by the server's service with the words above; these only bound the body.
const field = z.string().max(2_000);

export const smtpConnectionInput = z.object({
  host: field,
  port: z.number().int().min(-1).max(1_000_000).nullable(),
  security: smtpSecurity,
  user: field,
  /** Empty or missing: keep the stored password (when the user name stays). */
  password: field.optional(),
});
export type SmtpConnectionInput = z.output<typeof smtpConnectionInput>;

export const mailSettingsInput = z.object({
  /** The site's public address (`https://shop.example.com`); empty: not set. */
  publicAddress: field,
  senderName: field,
  senderAddress: field,
  /** The site's own SMTP server; null (or an empty host): the server's SMTP_URL. */
  smtp: smtpConnectionInput.nullable(),
});
export type MailSettingsInput = z.output<typeof mailSettingsInput>;

/** The settings as the studio reads them: never the password, only whether one is stored. */
export const mailSettings = z.object({
  publicAddress: z.string().nullable(),
  /** The origin links use now: the public address, else where the server listens. */
  effectiveAddress: z.string(),
  /** Where the server listens (what links use until the public address is set). */
  listeningAddress: z.string(),
  senderName: z.string().nullable(),
  senderAddress: z.string().nullable(),
  /** Who mail is from while no sender is set, e.g. `"Juniper & Oak" <no-reply@shop.example.com>`. */
  defaultSender: z.string(),
  smtp: z
    .object({
      host: z.string(),
      port: z.number().int(),
      security: smtpSecurity,
      user: z.string().nullable(),
      passwordSet: z.boolean(),
    })
    .nullable(),
  /** Whether the server has SMTP_URL (used while the site has no SMTP server of its own). */
  serverSmtp: z.boolean(),
  /** Something to fix before mail can go out as set, in words. */
  problem: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type MailSettings = z.output<typeof mailSettings>;

export const mailTestInput = z.object({
  /** Where to send it; empty: the signed-in account's address. */
  to: field.optional(),
  senderName: field.optional(),
  senderAddress: field.optional(),
  /** A connection typed but not saved yet (empty password: the stored one); absent: the saved one. */
  smtp: smtpConnectionInput.nullable().optional(),
});

export const mailTestAnswer = z.object({
  ok: z.boolean(),
  /** 'site': the site's SMTP server; 'server': SMTP_URL; 'none': nothing to send through. */
  via: z.enum(['site', 'server', 'none']),
  message: z.string(),
});

export const mailPreview = z.object({
  kind: z.string(),
  label: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});

export const mailSettingsRoutes = {
  'GET /api/owner/mail-settings': {
    summary:
      'Owner: the site’s public address, mail sender and SMTP connection (the password only as whether one is stored)',
    response: mailSettings,
  },
  'PUT /api/owner/mail-settings': {
    summary:
      'Owner: set the public address, the sender and the SMTP connection (the password sealed with the server key; an empty password keeps the stored one); answers the settings as GET does',
    body: mailSettingsInput,
    response: mailSettings,
  },
  'POST /api/owner/mail-settings/test': {
    summary:
      'Owner: send a test message now through the typed connection (or the saved one, or SMTP_URL) and say in words what went wrong',
    body: mailTestInput,
    response: mailTestAnswer,
  },
  'GET /api/owner/mail-previews': {
    summary: 'Owner: every kind of message the site sends, for the e-mail preview (page type 301)',
    response: z.object({ kinds: z.array(z.object({ kind: z.string(), label: z.string() })) }),
  },
  'GET /api/owner/mail-previews/:kind': {
    summary: 'Owner: one message with sample data, as it would be sent now (the HTML part and the text part)',
    params: z.object({ kind: z.string().max(60) }),
    response: mailPreview,
  },
} as const;
