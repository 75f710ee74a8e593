import { createHash } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the part of Mailchimp's Marketing API (v3.0) the site calls: the API
 * root and ping, the account's lists (audiences), a member upsert by subscriber hash, and the
 * member list filtered by status and since_last_changed. Basic auth must carry `apiKey`, else
 * 401 in Mailchimp's problem shape. `failNext` answers the next member calls with 503 or 429.
 */
export interface FakeMember {
  email: string;
  status: 'subscribed' | 'pending' | 'unsubscribed';
  lastChanged: string;
}

export interface FakeMailchimp {
  /** MAILCHIMP_API_BASE for the server (`http://127.0.0.1:<port>`). */
  url: string;
  /** A key the fake accepts (its suffix is the data centre). */
  apiKey: string;
  audiences: { id: string; name: string }[];
  /** Members per audience, by subscriber hash. */
  members: Map<string, Map<string, FakeMember>>;
  /** Every member PUT that was answered 200, in order (audience and hash). */
  puts: { audienceId: string; hash: string; body: Record<string, unknown> }[];
  /** Requests by `METHOD path` (no query). */
  requests: string[];
  /** The next `times` member calls (PUT and GET members) answer `status` (503 or 429). */
  failNext(status: 503 | 429 | 401, times?: number): void;
  /** A member unsubscribes on Mailchimp's side (e.g. through a campaign's link). */
  unsubscribe(audienceId: string, email: string, at?: Date): void;
  /** Accept another key from now on (the old one gets 401). */
  rotateKey(apiKey: string): void;
  close(): Promise<void>;
}

const md5 = (email: string) => createHash('md5').update(email.toLowerCase()).digest('hex');

const problem = (status: number, title: string, detail: string) => ({
  type: 'https://mailchimp.com/developer/marketing/docs/errors/',
  title,
  status,
  detail,
  instance: `fake-${Math.random().toString(36).slice(2)}`,
});

export async function startFakeMailchimp(
  options: { apiKey?: string; audiences?: { id: string; name: string }[] } = {},
): Promise<FakeMailchimp> {
  let apiKey = options.apiKey ?? '0123456789abcdef0123456789abcdef-us21';
  const audiences = options.audiences ?? [
    { id: 'aud001', name: 'Juniper & Oak customers' },
    { id: 'aud002', name: 'Workshop news' },
  ];
  const members = new Map<string, Map<string, FakeMember>>(audiences.map((a) => [a.id, new Map()]));
  const puts: FakeMailchimp['puts'] = [];
  const requests: string[] = [];
  let failure: { status: number; times: number } | null = null;

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, {
      'content-type': status >= 400 ? 'application/problem+json' : 'application/json',
    });
    res.end(JSON.stringify(body));
  }

  async function bodyOf(req: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(`${req.method} ${url.pathname}`);
    const auth = req.headers.authorization ?? '';
    const given = auth.startsWith('Basic ')
      ? Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':').slice(1).join(':')
      : '';
    if (given !== apiKey)
      return send(
        res,
        401,
        problem(
          401,
          'API Key Invalid',
          'Your API key may be invalid, or you’ve attempted to access the wrong datacenter.',
        ),
      );
    const path = url.pathname.replace(/\/$/, '');
    if (req.method === 'GET' && path === '/3.0') return send(res, 200, { account_name: 'Juniper & Oak' });
    if (req.method === 'GET' && path === '/3.0/ping')
      return send(res, 200, { health_status: 'Everything’s Chimpy!' });
    if (req.method === 'GET' && path === '/3.0/lists') {
      const count = Number(url.searchParams.get('count') ?? 10);
      return send(res, 200, { lists: audiences.slice(0, count) });
    }
    const memberPath = /^\/3\.0\/lists\/([^/]+)\/members(?:\/([0-9a-f]{32}))?$/.exec(path);
    const list = memberPath ? members.get(decodeURIComponent(memberPath[1] ?? '')) : undefined;
    if (!memberPath || !list)
      return send(res, 404, problem(404, 'Resource Not Found', 'The requested resource could not be found.'));
    if (failure && failure.times > 0) {
      failure.times -= 1;
      const { status } = failure;
      if (failure.times === 0) failure = null;
      if (status === 429)
        return send(
          res,
          429,
          problem(429, 'Too Many Requests', 'You have exceeded the limit of 10 simultaneous connections.'),
        );
      if (status === 401)
        return send(res, 401, problem(401, 'API Key Invalid', 'Your API key may be invalid.'));
      return send(res, 503, problem(503, 'Service Unavailable', 'Mailchimp is down for maintenance.'));
    }
    const hash = memberPath[2];
    if (req.method === 'PUT' && hash) {
      const body = await bodyOf(req);
      const email = String(body.email_address ?? '');
      if (md5(email) !== hash)
        return send(
          res,
          400,
          problem(400, 'Invalid Resource', 'The subscriber hash does not match the e-mail address.'),
        );
      if (email.endsWith('@compliance.test'))
        return send(
          res,
          400,
          problem(
            400,
            'Member In Compliance State',
            `${email} is in a compliance state due to unsubscribe, bounce, or compliance review and cannot be subscribed.`,
          ),
        );
      const known = list.get(hash);
      const status = (known ? body.status : (body.status_if_new ?? body.status)) as FakeMember['status'];
      list.set(hash, { email, status, lastChanged: new Date().toISOString() });
      puts.push({ audienceId: decodeURIComponent(memberPath[1] ?? ''), hash, body });
      return send(res, 200, { id: hash, email_address: email, status });
    }
    if (req.method === 'GET' && !hash) {
      const status = url.searchParams.get('status');
      const since = url.searchParams.get('since_last_changed');
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const count = Number(url.searchParams.get('count') ?? 10);
      const found = [...list.values()]
        .filter((m) => !status || m.status === status)
        .filter((m) => !since || Date.parse(m.lastChanged) > Date.parse(since))
        .slice(offset, offset + count)
        .map((m) => ({ email_address: m.email, last_changed: m.lastChanged }));
      return send(res, 200, { members: found, total_items: found.length });
    }
    return send(
      res,
      405,
      problem(405, 'Method Not Allowed', 'The requested method and resource are not compatible.'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get apiKey() {
      return apiKey;
    },
    audiences,
    members,
    puts,
    requests,
    failNext(status, times = 1) {
      failure = { status, times };
    },
    unsubscribe(audienceId, email, at = new Date()) {
      members.get(audienceId)?.set(md5(email), {
        email: email.toLowerCase(),
        status: 'unsubscribed',
        lastChanged: at.toISOString(),
      });
    },
    rotateKey(next) {
      apiKey = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
