import { SSO_MESSAGES as M } from '@store/api';
import { fillMessage } from '@store/commerce';
import * as oidc from 'openid-client';
import { type Outcome, Rejection, asOutcome } from '../../reasons';
import type { SecretBox } from '../payments/secret-box';
import { IssuerAddressRefused, type IssuerPolicy, guardedFetch, parseIssuer } from './issuer-guard';
import { FLOW_TTL_MS, type SsoFlow, openFlow, sealFlow } from './sso-flow';
import type { SsoProvider } from './sso-settings.service';

/** Seconds the server waits for the provider (discovery, token, keys) before giving up. */
const PROVIDER_TIMEOUT_S = 8;
/** How long a provider's discovery document is reused for sign-ins. */
const DISCOVERY_TTL_MS = 10 * 60_000;
const DISCOVERY_CACHE_MAX = 200;

const discoveries = new Map<string, { config: oidc.Configuration; until: number }>();

/** A network failure, a refused address or a timeout: the provider could not be reached. */
function unreachable(error: unknown): boolean {
  if (error instanceof IssuerAddressRefused) return true;
  const name = (error as Error)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return true;
  // fetch's own failure (connection refused, DNS …), possibly wrapped by the library.
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) return true;
  const cause = (error as { cause?: unknown })?.cause;
  return cause !== undefined && cause !== error && unreachable(cause);
}

async function discover(
  issuer: string,
  clientId: string,
  clientSecret: string | undefined,
  policy: IssuerPolicy,
): Promise<oidc.Configuration> {
  const url = new URL(issuer);
  const insecure = url.protocol === 'http:';
  const config = await oidc.discovery(
    url,
    clientId,
    clientSecret === undefined ? undefined : { client_secret: clientSecret },
    clientSecret === undefined ? oidc.None() : oidc.ClientSecretPost(clientSecret),
    {
      [oidc.customFetch]: guardedFetch(policy),
      timeout: PROVIDER_TIMEOUT_S,
      ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
    },
  );
  config.timeout = PROVIDER_TIMEOUT_S;
  return config;
}

/** The provider's configuration, discovered once per saved version and reused for a while. */
async function configurationOf(provider: SsoProvider, policy: IssuerPolicy): Promise<oidc.Configuration> {
  const key = `${provider.websiteId}\n${provider.version}\n${provider.issuer}\n${provider.clientId}`;
  const hit = discoveries.get(key);
  if (hit && hit.until > Date.now()) return hit.config;
  const config = await discover(provider.issuer, provider.clientId, provider.clientSecret, policy);
  if (discoveries.size >= DISCOVERY_CACHE_MAX) discoveries.delete(discoveries.keys().next().value as string);
  discoveries.set(key, { config, until: Date.now() + DISCOVERY_TTL_MS });
  return config;
}

/** Forget cached discovery documents (a test's provider restarted on the same issuer). */
export function forgetDiscoveries(): void {
  discoveries.clear();
}

/**
 * "Check connection" in the studio: fetch the issuer's discovery document now and say in
 * words whether the site can sign visitors in with it (the authorization code flow).
 */
export async function checkSsoIssuer(
  input: { issuer: string; clientId?: string | undefined },
  policy: IssuerPolicy,
): Promise<{ ok: boolean; message: string; authorizationEndpoint?: string }> {
  const parsed = parseIssuer(input.issuer, policy);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  const issuer = parsed.issuer;
  try {
    const config = await discover(issuer, input.clientId || 'connection-check', undefined, policy);
    const meta = config.serverMetadata();
    const codeFlow = (meta.response_types_supported ?? ['code']).includes('code');
    if (!meta.authorization_endpoint || !meta.token_endpoint || !codeFlow)
      return { ok: false, message: M.noCodeFlow };
    return {
      ok: true,
      message: fillMessage(M.connected, { issuer }),
      authorizationEndpoint: meta.authorization_endpoint,
    };
  } catch (error) {
    if (error instanceof IssuerAddressRefused) return { ok: false, message: M.issuerPrivate };
    const detail = describe(error);
    return unreachable(error)
      ? { ok: false, message: fillMessage(M.unreachable, { issuer, detail }) }
      : { ok: false, message: fillMessage(M.notOpenId, { detail }) };
  }
}

/** A failure in a few words for the owner: the library's error code or the HTTP status. */
function describe(error: unknown): string {
  const e = error as { name?: string; code?: string; status?: number; cause?: { code?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'no answer in time';
  if (e?.cause?.code) return String(e.cause.code);
  if (typeof e?.status === 'number') return `HTTP ${e.status}`;
  return e?.code ? String(e.code) : (e?.name ?? 'unknown error');
}

/** Where to send the visitor, and the sealed flow the browser keeps until it comes back. */
export function beginSsoSignIn(
  provider: SsoProvider,
  box: SecretBox,
  redirectUri: string,
  policy: IssuerPolicy,
  now: number,
): Promise<Outcome<{ location: string; sealedFlow: string }>> {
  return asOutcome(async () => {
    let config: oidc.Configuration;
    try {
      config = await configurationOf(provider, policy);
    } catch {
      throw new Rejection('SSO_PROVIDER_DOWN');
    }
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const flow: SsoFlow = {
      websiteId: provider.websiteId,
      issuer: provider.issuer,
      clientId: provider.clientId,
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier,
      redirectUri,
      expiresAt: now + FLOW_TTL_MS,
    };
    const location = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    return { location: location.href, sealedFlow: sealFlow(box, flow) };
  });
}

/** Who the provider says signed in (from the validated ID token). */
export interface SsoClaims {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

/**
 * The provider sent the visitor back: the sealed flow must be this site's, live and for the
 * provider still configured; the answer's state, the PKCE verifier and the ID token's nonce,
 * issuer, audience and signature are checked (openid-client) before anyone is signed in.
 */
export function finishSsoSignIn(
  provider: SsoProvider,
  box: SecretBox,
  sealedFlow: string | undefined,
  callbackUrl: URL,
  policy: IssuerPolicy,
  now: number,
): Promise<Outcome<SsoClaims>> {
  return asOutcome(async () => {
    const flow = openFlow(box, provider.websiteId, sealedFlow, now);
    if (!flow || flow.issuer !== provider.issuer || flow.clientId !== provider.clientId)
      throw new Rejection('SSO_FLOW_EXPIRED');
    const providerError = callbackUrl.searchParams.get('error');
    if (providerError && callbackUrl.searchParams.get('state') === flow.state)
      throw new Rejection('SSO_PROVIDER_REFUSED', {
        detail: providerError.replace(/[^\w.-]/g, '').slice(0, 60),
      });
    if (callbackUrl.searchParams.get('state') !== flow.state) throw new Rejection('SSO_MISMATCH');
    let config: oidc.Configuration;
    try {
      config = await configurationOf(provider, policy);
    } catch {
      throw new Rejection('SSO_PROVIDER_DOWN');
    }
    // The redirect URI sent at the start, with this answer's parameters.
    const current = new URL(flow.redirectUri);
    current.search = callbackUrl.search;
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      if (unreachable(error)) throw new Rejection('SSO_PROVIDER_DOWN');
      // The check that failed (for the log), e.g. OAUTH_JWT_CLAIM_COMPARISON_FAILED for a nonce.
      throw new Rejection('SSO_MISMATCH', { detail: describe(error) });
    }
    const claims = tokens.claims();
    if (!claims?.sub) throw new Rejection('SSO_MISMATCH');
    const email = typeof claims.email === 'string' && claims.email.length <= 256 ? claims.email : null;
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email,
      emailVerified: claims.email_verified === true,
    };
  });
}
