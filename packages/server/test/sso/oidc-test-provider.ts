import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person at the test provider: what its ID tokens say about them. */
export interface TestIdentity {
  sub: string;
  email?: string;
  email_verified?: boolean;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Change who is who (an e-mail changed at the provider …). */
  accounts: Map<string, TestIdentity>;
  close(): Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A real OpenID Connect provider (oidc-provider) on a free loopback port, with one client
 * whose redirect URIs are the test apps' callbacks. Its login step is a page listing the
 * accounts, each a button that signs in as it (no password): a test posts the form, a
 * browser clicks the button. Consent is granted at once (openid email profile).
 */
export async function startTestProvider(options: {
  identities: TestIdentity[];
  redirectUris: string[];
}): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'juniper-site';
  const clientSecret = `secret-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
  const accounts = new Map(options.identities.map((identity) => [identity.sub, identity]));

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    findAccount: (_ctx, sub) => {
      const identity = accounts.get(sub);
      if (!identity) return undefined;
      return { accountId: sub, claims: () => ({ ...identity }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-provider-cookie-key'] },
    ttl: {
      Interaction: 600,
      Grant: 3600,
      Session: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    loadExistingGrant: async (ctx) => {
      const oidc = ctx.oidc;
      const clientId = oidc.client?.clientId ?? '';
      const grantId = oidc.result?.consent?.grantId || oidc.session?.grantIdFor(clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({ clientId, accountId: oidc.session?.accountId ?? '' });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });

  provider.use(async (ctx, next) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(ctx.path);
    if (!match) return next();
    if (ctx.method === 'GET' && !match[2]) {
      await provider.interactionDetails(ctx.req, ctx.res);
      const buttons = [...accounts.values()]
        .map(
          (a) =>
            `<button name="account" value="${escapeHtml(a.sub)}">Sign in as ${escapeHtml(a.email ?? a.sub)}</button>`,
        )
        .join('\n');
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Test provider</title><h1>Test provider</h1><form method="post" action="/interaction/${match[1]}/login">${buttons}</form>`;
      return undefined;
    }
    if (ctx.method === 'POST' && match[2]) {
      const body = await new Promise<string>((resolve) => {
        let text = '';
        ctx.req.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        ctx.req.on('end', () => resolve(text));
      });
      const accountId = new URLSearchParams(body).get('account') ?? '';
      ctx.respond = false;
      await provider.interactionFinished(
        ctx.req,
        ctx.res,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
      return undefined;
    }
    return next();
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A cookie jar for one origin (names only: enough for these flows). */
export class Jar {
  readonly cookies = new Map<string, string>();
  take(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = /max-age=0\b|expires=Thu, 01 Jan 1970/i.test(line);
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Drive the provider like a browser from the authorization URL: follow its redirects to the
 * login page, sign in as `sub`, follow on until it sends the visitor back to the site.
 * Answers that callback URL (with code and state), not yet followed.
 */
export async function authorizeAt(
  provider: TestProvider,
  authorizationUrl: string,
  sub: string,
): Promise<URL> {
  const jar = new Jar();
  let url = authorizationUrl;
  let method = 'GET';
  let body: string | undefined;
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    jar.take(res.headers.getSetCookie());
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      if (!next.href.startsWith(provider.issuer)) return next;
      url = next.href;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await res.text();
    const form = /action="(\/interaction\/[\w-]+\/login)"/.exec(html);
    if (res.status !== 200 || !form?.[1])
      throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`);
    url = new URL(form[1], provider.issuer).href;
    method = 'POST';
    body = new URLSearchParams({ account: sub }).toString();
  }
  throw new Error('too many redirects at the provider');
}
