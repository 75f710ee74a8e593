import type { SecretBox } from '../payments/secret-box';

/** How long a visitor has between "Continue with …" and coming back from the provider. */
export const FLOW_TTL_MS = 10 * 60_000;

/**
 * What a sign-in in progress must remember until the provider sends the visitor back: kept
 * in the visitor's browser as a cookie sealed with the server's key (AES-GCM, bound to the
 * site), so it can be neither read nor changed there, nor carried to another site.
 */
export interface SsoFlow {
  websiteId: string;
  issuer: string;
  clientId: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  expiresAt: number;
}

const sealContext = (websiteId: string) => `sso_flow:${websiteId}`;

export function sealFlow(box: SecretBox, flow: SsoFlow): string {
  return box.seal(JSON.stringify(flow), sealContext(flow.websiteId));
}

/** The flow this site's cookie holds, unexpired; null for anything else. */
export function openFlow(
  box: SecretBox,
  websiteId: string,
  sealed: string | undefined,
  now: number,
): SsoFlow | null {
  if (!sealed || sealed.length > 4096) return null;
  const opened = box.open(sealed, sealContext(websiteId));
  if (!opened.ok) return null;
  try {
    const flow = JSON.parse(opened.value) as SsoFlow;
    if (flow.websiteId !== websiteId || typeof flow.expiresAt !== 'number' || flow.expiresAt <= now)
      return null;
    return flow;
  } catch {
    return null;
  }
}
