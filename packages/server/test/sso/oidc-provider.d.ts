/**
 * The part of oidc-provider (v9, no bundled types) the SSO tests use: a provider whose Koa
 * app serves the OpenID Connect endpoints, and its interaction helpers.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  interface OidcContext {
    client?: { clientId: string };
    session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
    result?: { consent?: { grantId?: string } };
    provider: Provider;
  }
  interface KoaContext {
    path: string;
    method: string;
    type: string;
    body: unknown;
    respond: boolean;
    req: IncomingMessage;
    res: ServerResponse;
    oidc: OidcContext;
  }
  interface Account {
    accountId: string;
    claims(): Record<string, unknown>;
  }
  interface Configuration {
    clients?: Record<string, unknown>[];
    findAccount?(ctx: KoaContext, sub: string): Account | undefined | Promise<Account | undefined>;
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    features?: Record<string, { enabled: boolean }>;
    interactions?: { url(ctx: KoaContext, interaction: { uid: string }): string };
    cookies?: { keys: string[] };
    ttl?: Record<string, number>;
    loadExistingGrant?(ctx: KoaContext): Promise<Grant | undefined>;
  }
  class Provider {
    constructor(issuer: string, configuration: Configuration);
    Grant: {
      new (init: { clientId: string; accountId: string }): Grant;
      find(id: string): Promise<Grant | undefined>;
    };
    use(middleware: (ctx: KoaContext, next: () => Promise<unknown>) => Promise<unknown>): void;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(
      req: IncomingMessage,
      res: ServerResponse,
    ): Promise<{ uid: string; prompt: { name: string } }>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
  export default Provider;
}
