import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new endpoint's signing secret (shown to the owner once). */
export const newSigningSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/**
 * The `Juniper-Signature` header, as Stripe signs: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>" with the endpoint's secret>`. The timestamp lets receivers refuse replays.
 */
export function signatureHeader(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)) {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/**
 * What a receiver does: the header's v1 matches the body under the secret and its time is
 * within `toleranceSeconds` of now.
 */
export function verifySignature(
  header: string | undefined,
  body: string,
  secret: string,
  options: { toleranceSeconds?: number; now?: number } = {},
): boolean {
  if (!header) return false;
  const parts = new Map<string, string[]>();
  for (const piece of header.split(',')) {
    const at = piece.indexOf('=');
    if (at < 1) continue;
    const key = piece.slice(0, at).trim();
    parts.set(key, [...(parts.get(key) ?? []), piece.slice(at + 1).trim()]);
  }
  const timestamp = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(timestamp)) return false;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  return (parts.get('v1') ?? []).some((candidate) => {
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
