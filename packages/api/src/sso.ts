import { z } from 'zod';

/**
 * Sign-in with SSO (Settings → Sign-in with SSO): the site's members and customers sign in
 * with an OpenID Connect provider the owner names. The server answers with these words and
 * the studio shows the same ones.
 */
export const SSO_MESSAGES = {
  issuerNotAUrl: 'Enter the provider’s issuer URL, e.g. https://login.example.com.',
  issuerScheme: 'The issuer URL must start with https:// (http:// only for a provider on this computer).',
  issuerPlain: 'The issuer URL cannot hold a user name, password, query or fragment.',
  issuerPrivate: 'The issuer URL points at a private or local network address this server may not call.',
  clientIdRequired: 'Enter the client ID the provider gave you.',
  clientSecretRequired: 'Enter the client secret the provider gave you.',
  labelRequired: 'Enter the button’s label, e.g. “Acme ID”.',
  notConfigured: 'Enter the issuer URL, the client ID and the client secret first.',
  secretsKeyMissing:
    'The client secret cannot be stored safely yet: set SECRETS_KEY on the server (32 random bytes, base64 or hex, e.g. from `openssl rand -base64 32`) and restart it.',
  secretUnreadable:
    'The stored client secret cannot be read with this server’s SECRETS_KEY (it changed since it was saved): enter the client secret again.',
  connected: 'Connected: {issuer} answered its discovery document and supports the sign-in this site uses.',
  unreachable:
    'The provider could not be reached at {issuer} ({detail}). Check the issuer URL and try again.',
  notOpenId:
    'The address answered, but not with an OpenID Connect discovery document for this issuer ({detail}).',
  noCodeFlow: 'The provider does not offer the authorization code flow, which this site needs.',
} as const;

const couldNot = (reason: string) => `We couldn’t sign you in: ${reason}`;

/** The wording of a visitor's failed SSO sign-in, on the SSO page (page type 400). */
export const SSO_VISITOR_MESSAGES = {
  off: couldNot('sign-in with SSO is not available on this site.'),
  expired: couldNot('the sign-in took too long or was started in another browser. Please try again.'),
  mismatch: couldNot('the answer from the sign-in provider did not match this sign-in. Please try again.'),
  providerDown: couldNot(
    'the sign-in provider is not answering right now. Please try again in a few minutes.',
  ),
  refusedByProvider: couldNot('the sign-in provider did not let you in ({detail}).'),
  noEmail: couldNot('the sign-in provider did not tell us your e-mail address, which your account needs.'),
  unverified: couldNot(
    'an account with this e-mail address already exists, and the sign-in provider has not confirmed that the address is yours. Sign in with your password, or confirm your e-mail address at the provider and try again.',
  ),
  staff: couldNot(
    'this account helps run the site, and such accounts sign in with their password (and code) only.',
  ),
  raced: couldNot('another sign-in for this account happened at the same moment. Please try again.'),
} as const;

const text = (max: number) => z.string().trim().max(max, 'That is too long.');

export const ssoSettingsInput = z.object({
  enabled: z.boolean(),
  issuer: text(500),
  clientId: text(300),
  /** Empty or missing keeps the stored secret. */
  clientSecret: text(2000).optional(),
  buttonLabel: text(60),
});
export type SsoSettingsInput = z.output<typeof ssoSettingsInput>;

/** The settings as the studio reads them: the client secret only as its last four characters. */
export const ssoSettingsView = z.object({
  enabled: z.boolean(),
  issuer: z.string(),
  clientId: z.string(),
  clientSecretLast4: z.string().nullable(),
  buttonLabel: z.string(),
  /** The address to register at the provider as the redirect (callback) URI. */
  redirectUri: z.string(),
  /** Something to fix before visitors can use it (no key to open the secret …), in words. */
  problem: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type SsoSettingsView = z.output<typeof ssoSettingsView>;

export const ssoCheckInput = z.object({
  issuer: text(500),
  clientId: text(300).optional(),
});

export const ssoCheckAnswer = z.object({
  ok: z.boolean(),
  message: z.string(),
  /** What the provider's discovery document named, when it answered. */
  authorizationEndpoint: z.string().optional(),
});

export const ssoRoutes = {
  'GET /api/owner/sso': {
    summary:
      'Owner: the site’s sign-in with SSO settings (the client secret only as its last four characters)',
    response: ssoSettingsView,
  },
  'PUT /api/owner/sso': {
    summary:
      'Owner: set the OpenID Connect provider visitors sign in with (the client secret sealed with the server key; an empty secret keeps the stored one)',
    body: ssoSettingsInput,
    response: ssoSettingsView,
  },
  'POST /api/owner/sso/check': {
    summary: 'Owner: fetch the issuer’s discovery document now and say in words whether it will work',
    body: ssoCheckInput,
    response: ssoCheckAnswer,
  },
} as const;
