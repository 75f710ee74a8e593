import { createHash } from 'node:crypto';
import { MAILCHIMP_KEY_PATTERN, type MailchimpAudience } from '@store/api';

/**
 * The few calls of Mailchimp's Marketing API (REST, v3.0) this site makes, with fetch and a
 * timeout. HTTP Basic auth with any user name and the API key. `base` replaces
 * https://<dc>.api.mailchimp.com (MAILCHIMP_API_BASE: a local stand-in in tests).
 */
export interface MailchimpKey {
  apiKey: string;
  dataCenter: string;
}

/** The key's data centre (its suffix after the last dash), or null when it is not a key. */
export function parseMailchimpKey(apiKey: string): MailchimpKey | null {
  const match = MAILCHIMP_KEY_PATTERN.exec(apiKey.trim());
  return match?.[1] ? { apiKey: apiKey.trim(), dataCenter: match[1].toLowerCase() } : null;
}

/** Mailchimp's id of a list member: the MD5 of the lower-cased e-mail. */
export const subscriberHash = (email: string) => createHash('md5').update(email.toLowerCase()).digest('hex');

/**
 * A call's outcome. `network`: no answer (refused, timed out); `status`: Mailchimp's HTTP
 * status with its problem `detail` (`{type,title,status,detail,instance}`).
 */
export type CallResult<T> =
  | { ok: true; value: T }
  | { ok: false; status: number | 'network'; title: string; detail: string };

export interface MailchimpClient {
  ping(): Promise<CallResult<{ accountName: string }>>;
  audiences(): Promise<CallResult<MailchimpAudience[]>>;
  putMember(
    audienceId: string,
    email: string,
    status: 'subscribed' | 'pending' | 'unsubscribed',
  ): Promise<CallResult<unknown>>;
  unsubscribedSince(
    audienceId: string,
    since: Date | null,
    offset: number,
    count: number,
  ): Promise<CallResult<{ email: string; lastChanged: string }[]>>;
}

const TIMEOUT_MS = 10_000;

export function mailchimpApiBase(key: MailchimpKey, base: string | undefined): string {
  return `${(base ?? `https://${key.dataCenter}.api.mailchimp.com`).replace(/\/$/, '')}/3.0`;
}

export function createMailchimpClient(
  key: MailchimpKey,
  options: { base?: string | undefined; timeoutMs?: number } = {},
): MailchimpClient {
  const root = mailchimpApiBase(key, options.base);
  const auth = `Basic ${Buffer.from(`store:${key.apiKey}`).toString('base64')}`;

  async function call<T>(method: string, path: string, body?: unknown): Promise<CallResult<T>> {
    let res: Response;
    try {
      res = await fetch(`${root}${path}`, {
        method,
        headers: {
          authorization: auth,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (error) {
      const name = (error as Error).name;
      const detail = name === 'TimeoutError' ? 'no answer in time' : 'could not be reached';
      return { ok: false, status: 'network', title: 'Network error', detail };
    }
    const text = await res.text().catch(() => '');
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (res.ok) return { ok: true, value: json as T };
    const problem = (json ?? {}) as { title?: unknown; detail?: unknown };
    return {
      ok: false,
      status: res.status,
      title: typeof problem.title === 'string' ? problem.title.slice(0, 200) : `HTTP ${res.status}`,
      detail: typeof problem.detail === 'string' ? problem.detail.slice(0, 500) : `HTTP ${res.status}`,
    };
  }

  return {
    async ping() {
      const res = await call<{ account_name?: string }>('GET', '/');
      return res.ok ? { ok: true, value: { accountName: String(res.value?.account_name ?? '') } } : res;
    },
    async audiences() {
      const res = await call<{ lists?: { id: string; name: string }[] }>(
        'GET',
        '/lists?fields=lists.id,lists.name&count=100',
      );
      if (!res.ok) return res;
      const lists = (res.value?.lists ?? []).map((l) => ({ id: String(l.id), name: String(l.name) }));
      return { ok: true, value: lists };
    },
    putMember(audienceId, email, status) {
      const address = email.toLowerCase();
      return call('PUT', `/lists/${encodeURIComponent(audienceId)}/members/${subscriberHash(address)}`, {
        email_address: address,
        status_if_new: status,
        status,
      });
    },
    async unsubscribedSince(audienceId, since, offset, count) {
      const query = new URLSearchParams({
        status: 'unsubscribed',
        fields: 'members.email_address,members.last_changed',
        count: String(count),
        offset: String(offset),
      });
      if (since) query.set('since_last_changed', since.toISOString());
      const res = await call<{ members?: { email_address: string; last_changed: string }[] }>(
        'GET',
        `/lists/${encodeURIComponent(audienceId)}/members?${query}`,
      );
      if (!res.ok) return res;
      const members = (res.value?.members ?? []).map((m) => ({
        email: String(m.email_address),
        lastChanged: String(m.last_changed),
      }));
      return { ok: true, value: members };
    },
  };
}
