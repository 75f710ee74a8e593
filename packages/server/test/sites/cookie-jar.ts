import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * A browser-like visitor for app.inject: keeps the cookies it is given, echoes the crumb on
 * every state change, and sends its Host (and any other headers) each time.
 */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly app: FastifyInstance,
    readonly host: string,
    readonly headers: Record<string, string> = {},
  ) {}

  async send(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      headers: {
        host: this.host,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(method === 'GET' ? {} : { 'x-csrf-token': this.cookies.get('crumb') ?? '' }),
        ...this.headers,
        ...headers,
      },
    });
    for (const cookie of res.cookies) {
      if (cookie.maxAge === 0 || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return res;
  }

  /** Fetch a page first (it sets the crumb), as a browser would before any write. */
  async visit(url = '/'): Promise<LightMyRequestResponse> {
    return this.send('GET', url);
  }
}
