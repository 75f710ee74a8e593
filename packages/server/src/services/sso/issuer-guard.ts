import { SSO_MESSAGES as M } from '@store/api';
import { addressRange, type Resolver, systemResolver } from '../webhooks/address-guard';

/**
 * Where the server may go for a site's sign-in provider (SSRF): the issuer and every endpoint
 * its discovery document names must resolve to public addresses only. A provider on this
 * computer (loopback) is allowed outside production, over http too, for development and the
 * tests; WEBHOOKS_ALLOW_PRIVATE (the server may call private addresses) allows the rest.
 */
export interface IssuerPolicy {
  /** Loopback addresses (and http:// to them). Default: when NODE_ENV is not production. */
  allowLoopback: boolean;
  /** Every private address (the server's WEBHOOKS_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  resolve?: Resolver;
}

export function issuerPolicy(config: { webhooksAllowPrivate?: boolean }): IssuerPolicy {
  return {
    allowLoopback: process.env.NODE_ENV !== 'production',
    allowPrivate: config.webhooksAllowPrivate === true,
  };
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The issuer URL as typed, checked for its form: the URL (no trailing slash) or a message. */
export function parseIssuer(
  input: string,
  policy: Pick<IssuerPolicy, 'allowLoopback'>,
): { ok: true; issuer: string; url: URL } | { ok: false; message: string } {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return { ok: false, message: M.issuerNotAUrl };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, message: M.issuerScheme };
  if (url.protocol === 'http:' && !(policy.allowLoopback && LOOPBACK_NAMES.has(url.hostname)))
    return { ok: false, message: M.issuerScheme };
  if (url.username || url.password || url.search || url.hash || /[?#]/.test(input))
    return { ok: false, message: M.issuerPlain };
  // As typed (a root issuer gets its slash): the provider's `issuer` must match it exactly.
  return { ok: true, issuer: url.href, url };
}

/** Refused before a connection is opened: the host is not one the policy lets the server call. */
export class IssuerAddressRefused extends Error {
  override name = 'IssuerAddressRefused';
}

/** Resolve the host and check every address against the policy; throws IssuerAddressRefused. */
export async function checkIssuerHost(hostname: string, policy: IssuerPolicy): Promise<void> {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  let addresses: string[];
  try {
    addresses = addressRange(bare) === 'invalid' ? await (policy.resolve ?? systemResolver)(bare) : [bare];
  } catch {
    // Not resolvable: let the request fail as "could not be reached".
    return;
  }
  for (const address of addresses) {
    const range = addressRange(address);
    if (range === 'unicast' || policy.allowPrivate) continue;
    if (range === 'loopback' && policy.allowLoopback) continue;
    throw new IssuerAddressRefused(M.issuerPrivate);
  }
}

/** fetch for openid-client: every URL it asks for (discovery, token, keys) is checked first. */
export function guardedFetch(policy: IssuerPolicy) {
  return async (url: string, options: object): Promise<Response> => {
    await checkIssuerHost(new URL(url).hostname, policy);
    return fetch(url, options as RequestInit);
  };
}
