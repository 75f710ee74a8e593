import { MAIL_SETTINGS_MESSAGES as M } from '@store/api';
import { fillMessage } from '@store/commerce';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { SmtpSecurity } from '../../db/schema/index';

/** A site's SMTP server as the transport needs it (the password opened). */
export interface SmtpConnection {
  host: string;
  port: number;
  security: SmtpSecurity;
  user: string | null;
  password: string | null;
}

/** How long a connection may take before the owner is told nothing answers. */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * nodemailer's options for a connection: TLS from the first byte, STARTTLS required (never
 * silently unencrypted), or none at all (a relay on the owner's own network: no upgrade is
 * even tried). Certificates are always verified.
 */
export function transportOptions(c: SmtpConnection, options: { pool?: boolean } = {}): SMTPTransport.Options {
  return {
    host: c.host,
    port: c.port,
    secure: c.security === 'tls',
    requireTLS: c.security === 'starttls',
    ignoreTLS: c.security === 'none',
    ...(c.user ? { auth: { user: c.user, pass: c.password ?? '' } } : {}),
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: 20_000,
    ...(options.pool ? { pool: true, maxConnections: 3 } : {}),
  };
}

interface SmtpError {
  code?: string;
  command?: string;
  responseCode?: number;
  response?: string;
  message?: string;
  reason?: string;
}

const CERTIFICATE = /certificate|self[- ]signed|CERT_|unable to verify|altname/i;
const NOT_TLS = /wrong version number|packet length too long|unknown protocol|SSL routines/i;

/**
 * What went wrong, in words the owner can act on: the server refused the password, nothing
 * answers at that host and port, TLS failed and why, a sender or recipient refused. The
 * server's own reply is quoted (it names the problem), never the password.
 */
export function smtpFailureWords(
  error: unknown,
  context: { host?: string; port?: number; from?: string; to?: string },
): string {
  const e = (error ?? {}) as SmtpError;
  const server = context.host ? `${context.host}:${context.port ?? ''}`.replace(/:$/, '') : 'the SMTP server';
  const response = (e.response ?? e.message ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
  const message = String(e.message ?? error ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
  const fill = (template: string, values: Record<string, string> = {}) => {
    const words = fillMessage(template, {
      server,
      host: context.host ?? '',
      response,
      detail: message,
      ...values,
    });
    return words.charAt(0).toUpperCase() + words.slice(1);
  };
  switch (e.code) {
    case 'EAUTH':
      return fill(M.authFailed);
    case 'ENOAUTH':
      return fill(M.authRequired);
    case 'EDNS':
      return fill(M.hostNotFound);
    case 'ETLS':
      return fill(M.noStarttls);
    case 'EENVELOPE':
      if (e.responseCode === 530 || /auth/i.test(response)) return fill(M.authRequired);
      if (e.command === 'MAIL FROM') return fill(M.senderRefused, { from: context.from ?? '' });
      return fill(M.recipientRefused, { to: context.to ?? '' });
    case 'ETIMEDOUT':
      return /greeting/i.test(message) ? fill(M.noGreeting) : fill(M.noAnswer);
    case 'ESOCKET':
    case 'ECONNECTION':
      if (/ECONNREFUSED/.test(message)) return fill(M.connectionRefused);
      if (/ENOTFOUND|EAI_AGAIN/.test(message)) return fill(M.hostNotFound);
      if (/ETIMEDOUT|EHOSTUNREACH|ENETUNREACH/.test(message)) return fill(M.noAnswer);
      if (CERTIFICATE.test(message)) return fill(M.certificate);
      if (NOT_TLS.test(`${message} ${e.reason ?? ''}`)) return fill(M.notTls);
      return fill(M.closed);
    default:
      if (e.responseCode && e.responseCode >= 500 && e.command === 'RCPT TO')
        return fill(M.recipientRefused, { to: context.to ?? '' });
      return fill(M.other);
  }
}

/** Host and port of an smtp(s):// URL, to name the server when it fails. */
export function smtpUrlAddress(url: string | undefined): { host: string; port: number } | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return { host: parsed.hostname, port: Number(parsed.port) || (parsed.protocol === 'smtps:' ? 465 : 587) };
  } catch {
    return undefined;
  }
}
