import {
  type MailSettings,
  type MailSettingsInput,
  SMTP_DEFAULT_PORTS,
  type SmtpSecurityChoice,
} from '@store/api';
import type { ApiInput, ApiOutput } from '@store/api/client';
import { call } from '../api';

export type { MailSettings };
export type MailTestAnswer = ApiOutput<'POST /api/owner/mail-settings/test'>;
export type MailPreview = ApiOutput<'GET /api/owner/mail-previews/:kind'>;
export type PreviewKind = ApiOutput<'GET /api/owner/mail-previews'>['kinds'][number];

export const domainMailApi = {
  read: () => call('GET /api/owner/mail-settings'),
  save: (body: MailSettingsInput) => call('PUT /api/owner/mail-settings', { body }),
  test: (body: ApiInput<'POST /api/owner/mail-settings/test'>['body']) =>
    call('POST /api/owner/mail-settings/test', { body }),
  kinds: () => call('GET /api/owner/mail-previews'),
  preview: (kind: string) => call('GET /api/owner/mail-previews/:kind', { params: { kind } }),
};

/** What the form holds: every field as typed (the password empty until typed). */
export interface DomainMailDraft {
  publicAddress: string;
  senderName: string;
  senderAddress: string;
  /** 'server': the deployment's SMTP_URL; 'own': this site's SMTP server. */
  connection: 'server' | 'own';
  host: string;
  port: string;
  security: SmtpSecurityChoice;
  user: string;
  password: string;
}

export const SECURITY_LABELS: Record<SmtpSecurityChoice, string> = {
  starttls: 'STARTTLS (port 587)',
  tls: 'TLS (port 465)',
  none: 'None (own network only)',
};

/** A fresh draft from what the server holds: the password field starts empty (the stored one is kept). */
export function draftOf(settings: MailSettings): DomainMailDraft {
  return {
    publicAddress: settings.publicAddress ?? '',
    senderName: settings.senderName ?? '',
    senderAddress: settings.senderAddress ?? '',
    connection: settings.smtp ? 'own' : 'server',
    host: settings.smtp?.host ?? '',
    port: settings.smtp ? String(settings.smtp.port) : '',
    security: settings.smtp?.security ?? 'starttls',
    user: settings.smtp?.user ?? '',
    password: '',
  };
}

/** The typed port as a number: empty → the security's usual one (the server fills it); junk → -1 (refused with words). */
export function portOf(draft: DomainMailDraft): number | null {
  const text = draft.port.trim();
  if (text === '') return null;
  return /^\d{1,6}$/.test(text) ? Number(text) : -1;
}

/** The connection as the API takes it: null for the server's; an empty password keeps the stored one. */
export function smtpOf(draft: DomainMailDraft): MailSettingsInput['smtp'] {
  if (draft.connection === 'server') return null;
  return {
    host: draft.host.trim(),
    port: portOf(draft),
    security: draft.security,
    user: draft.user.trim(),
    ...(draft.password ? { password: draft.password } : {}),
  };
}

/** The save body from the draft. */
export function saveBodyOf(draft: DomainMailDraft): MailSettingsInput {
  return {
    publicAddress: draft.publicAddress.trim(),
    senderName: draft.senderName.trim(),
    senderAddress: draft.senderAddress.trim(),
    smtp: smtpOf(draft),
  };
}

/** The port hint: what an empty port means for the chosen security. */
export const portPlaceholder = (security: SmtpSecurityChoice) => String(SMTP_DEFAULT_PORTS[security]);
