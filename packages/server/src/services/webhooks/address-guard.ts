import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where webhooks may go (SSRF): only public unicast addresses, unless the server allows
 * private targets (WEBHOOKS_ALLOW_PRIVATE). Private (RFC 1918, unique-local), loopback,
 * link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, unspecified, reserved,
 * multicast and the IPv6 forms that embed an IPv4 (mapped, 6to4, Teredo, NAT64) are refused.
 */
export function addressRange(address: string): string {
  if (!ipaddr.isValid(address)) return 'invalid';
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range();
}

export const isPublicAddress = (address: string) => addressRange(address) === 'unicast';

export type AddressCheck =
  | { ok: true; addresses: string[] }
  | { ok: false; why: 'unresolvable'; host: string }
  | { ok: false; why: 'private'; host: string; address: string };

export type Resolver = (host: string) => Promise<string[]>;

/** Every address the name resolves to (A and AAAA), like the socket's own lookup. */
export const systemResolver: Resolver = async (host) =>
  (await dns.promises.lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** Resolve `host` and check every address: one private address is enough to refuse. */
export async function checkHost(
  host: string,
  options: { allowPrivate: boolean; resolve?: Resolver },
): Promise<AddressCheck> {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(bare) ? [bare] : await (options.resolve ?? systemResolver)(bare);
  } catch {
    return { ok: false, why: 'unresolvable', host: bare };
  }
  if (addresses.length === 0) return { ok: false, why: 'unresolvable', host: bare };
  if (!options.allowPrivate) {
    const refused = addresses.find((address) => !isPublicAddress(address));
    if (refused) return { ok: false, why: 'private', host: bare, address: refused };
  }
  return { ok: true, addresses };
}

/** Raised by the guarded lookup: the connection is never opened. */
export class RefusedAddressError extends Error {
  override name = 'RefusedAddressError';
}

/**
 * A `lookup` for http(s).request that resolves the name once, refuses it when any address is
 * not public, and connects to the address it checked (no second resolution a DNS rebinding
 * could answer differently).
 */
export function guardedLookup(options: { allowPrivate: boolean; resolve?: Resolver }): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    checkHost(hostname, options).then(
      (checked) => {
        if (!checked.ok) {
          const words =
            checked.why === 'private'
              ? `${checked.host} resolves to ${checked.address}, a private or loopback address`
              : `${checked.host} could not be resolved`;
          callback(new RefusedAddressError(words), '', 4);
          return;
        }
        const entries = checked.addresses.map((address) => ({
          address,
          family: ipaddr.parse(address).kind() === 'ipv6' ? 6 : 4,
        }));
        if (lookupOptions.all) {
          (callback as unknown as (e: null, all: typeof entries) => void)(null, entries);
          return;
        }
        const first = entries[0] as (typeof entries)[number];
        callback(null, first.address, first.family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 4),
    );
  };
}
