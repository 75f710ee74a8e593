import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import {
  type Answer,
  type FakeCustomer,
  type FakeIntent,
  FakeLedger,
  type StoredIntent,
  stripeError,
} from './fake-stripe-ledger';
import { createPaymentMethod, stripeJsAnswer } from './fake-stripe-js';

export type { FakeCustomer, FakeIntent, FakeRefund, StoredIntent } from './fake-stripe-ledger';

/**
 * Trouble to make for the next matching requests: `drop-before` closes the connection before
 * Stripe's side does anything; `drop-after` does the work, then closes the connection without
 * an answer (the answer is lost, the money moved); `status-500` answers an api_error unprocessed.
 * `route` is a key of `requests` (e.g. 'POST /v1/payment_intents/:id/confirm'); `times` defaults to 1.
 */
export interface FakeFailure {
  kind: 'drop-before' | 'drop-after' | 'status-500';
  route?: string;
  times?: number;
}

export interface FakeStripe {
  url: string;
  host: string;
  port: number;
  close(): Promise<void>;
  paymentIntents: Map<string, StoredIntent>;
  /** Customers made for kept cards, and which customer each kept PaymentMethod belongs to. */
  customers: Map<string, FakeCustomer>;
  attached: Map<string, string>;
  /** Requests that arrived per route ('POST /v1/payment_intents', …), replays and failures included. */
  requests: Record<string, number>;
  setNextFailure(failure: FakeFailure | null): void;
  completeAction(piId: string, ok: boolean): FakeIntent;
  webhookEvent(type: string, pi: FakeIntent): Record<string, unknown>;
  /** The body and Stripe-Signature header of an event, signed with the SDK's own test signer. */
  signWebhook(event: unknown, secret: string, timestamp?: number): { payload: string; signature: string };
  sendWebhook(
    url: string,
    event: unknown,
    secret: string,
    timestamp?: number,
  ): Promise<{ status: number; body: string }>;
}

const ROUTES: { method: string; pattern: RegExp; key: string }[] = [
  { method: 'POST', pattern: /^\/v1\/payment_intents$/, key: 'POST /v1/payment_intents' },
  { method: 'GET', pattern: /^\/v1\/payment_intents\/([\w-]+)$/, key: 'GET /v1/payment_intents/:id' },
  {
    method: 'POST',
    pattern: /^\/v1\/payment_intents\/([\w-]+)\/confirm$/,
    key: 'POST /v1/payment_intents/:id/confirm',
  },
  {
    method: 'POST',
    pattern: /^\/v1\/payment_intents\/([\w-]+)\/capture$/,
    key: 'POST /v1/payment_intents/:id/capture',
  },
  {
    method: 'POST',
    pattern: /^\/v1\/payment_intents\/([\w-]+)\/cancel$/,
    key: 'POST /v1/payment_intents/:id/cancel',
  },
  { method: 'POST', pattern: /^\/v1\/refunds$/, key: 'POST /v1/refunds' },
  // Stripe.js (the stand-in's card frame) makes PaymentMethods with the publishable key.
  { method: 'POST', pattern: /^\/v1\/payment_methods$/, key: 'POST /v1/payment_methods' },
  { method: 'POST', pattern: /^\/v1\/customers$/, key: 'POST /v1/customers' },
  { method: 'GET', pattern: /^\/v1\/payment_methods\/([\w-]+)$/, key: 'GET /v1/payment_methods/:id' },
  {
    method: 'POST',
    pattern: /^\/v1\/payment_methods\/([\w-]+)\/attach$/,
    key: 'POST /v1/payment_methods/:id/attach',
  },
  { method: 'GET', pattern: /^\/v1\/balance$/, key: 'GET /v1/balance' },
  { method: 'GET', pattern: /^\/v1\/account$/, key: 'GET /v1/account' },
];

/** Form-encoded parameters as the SDK sends them: metadata[reservation_id]=…, types[0]=card. */
export function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split('[').map((part) => part.replace(/\]$/, ''));
    let node = root;
    const last = path.pop() ?? '';
    for (const part of path) {
      if (!node[part] || typeof node[part] !== 'object') node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[last] = value;
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length && entries.every(([k]) => /^\d+$/.test(k)))
      return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
    return Object.fromEntries(entries);
  };
  return arrays(root) as Record<string, unknown>;
}

/** Same parameters, whatever their order: what Stripe compares an idempotent replay by. */
function fingerprint(body: string): string {
  return [...new URLSearchParams(body)]
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('&');
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function authError(key: string | undefined, publishable = false): Answer | undefined {
  if (!key)
    return stripeError(
      401,
      { message: 'You did not provide an API key. Provide it as a Bearer token.' },
      false,
    );
  if (/^(sk|rk)_test_\w+$/.test(key) || (publishable && /^pk_test_\w+$/.test(key))) return undefined;
  const masked = `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;
  return stripeError(401, { message: `Invalid API Key provided: ${masked}` }, false);
}

/**
 * A local HTTP server that speaks the part of Stripe's REST API the Stripe provider uses, for
 * tests: PaymentIntents (create, retrieve, confirm, capture, cancel; created with a Customer
 * and `setup_future_usage`, or confirmed off-session at creation), Customers, PaymentMethods
 * (kept cards' brand and last digits), refunds, balance and account, Bearer test keys, Idempotency-Key replays, and test cards by PaymentMethod id.
 * It also serves a stand-in for Stripe.js at `<url>/js/v3/` (fake-stripe-js.ts), whose card
 * frame makes PaymentMethods from Stripe's test card numbers.
 */
export async function startFakeStripe(options: { latencyMs?: number } = {}): Promise<FakeStripe> {
  const ledger = new FakeLedger();
  const requests: Record<string, number> = {};
  const saved = new Map<string, { endpoint: string; fingerprint: string; answer: Answer }>();
  let failure: (FakeFailure & { left: number }) | null = null;

  function takeFailure(route: string): FakeFailure['kind'] | undefined {
    if (!failure || (failure.route && failure.route !== route)) return undefined;
    const { kind } = failure;
    failure.left -= 1;
    if (failure.left <= 0) failure = null;
    return kind;
  }

  function run(routeKey: string, id: string | undefined, params: Record<string, unknown>): Answer {
    switch (routeKey) {
      case 'POST /v1/payment_intents':
        return ledger.create(params);
      case 'GET /v1/payment_intents/:id':
        return ledger.retrieve(id ?? '');
      case 'POST /v1/payment_intents/:id/confirm':
        return ledger.confirm(id ?? '', params);
      case 'POST /v1/payment_intents/:id/capture':
        return ledger.capture(id ?? '', params);
      case 'POST /v1/payment_intents/:id/cancel':
        return ledger.cancel(id ?? '', params);
      case 'POST /v1/refunds':
        return ledger.refund(params);
      case 'POST /v1/payment_methods':
        return createPaymentMethod(params);
      case 'POST /v1/customers':
        return ledger.createCustomer(params);
      case 'GET /v1/payment_methods/:id':
        return ledger.retrievePaymentMethod(id ?? '');
      case 'POST /v1/payment_methods/:id/attach':
        return ledger.attachPaymentMethod(id ?? '', params);
      case 'GET /v1/balance':
        return ledger.balance();
      default:
        return {
          status: 200,
          body: {
            id: 'acct_fake_juniper',
            object: 'account',
            country: 'US',
            default_currency: 'usd',
            charges_enabled: true,
          },
        };
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const script = stripeJsAnswer(method, url.pathname, body, (pi, ok) => ledger.completeAction(pi, ok));
    if (script) {
      res.writeHead(script.status, { 'content-type': script.type, 'cache-control': 'no-store' });
      return void res.end(script.body);
    }
    const route = ROUTES.find((r) => r.method === method && r.pattern.test(url.pathname));
    const send = async (answer: Answer, headers: Record<string, string> = {}) => {
      if (options.latencyMs) await new Promise((r) => setTimeout(r, options.latencyMs));
      if (res.destroyed) return;
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(8).toString('hex')}`,
        ...headers,
      });
      res.end(JSON.stringify(answer.body));
    };
    if (!route)
      return send(
        stripeError(404, { message: `Unrecognized request URL (${method}: ${url.pathname}).` }, false),
      );
    requests[route.key] = (requests[route.key] ?? 0) + 1;
    const trouble = takeFailure(route.key);
    if (trouble === 'drop-before') return void req.socket.destroy();
    if (trouble === 'status-500')
      return send({
        status: 500,
        body: { error: { type: 'api_error', message: 'An unknown error occurred.' } },
      });

    const apiKey = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const refused = authError(apiKey, route.key === 'POST /v1/payment_methods');
    if (refused) return send(refused);

    const id = route.pattern.exec(url.pathname)?.[1];
    const idempotencyKey = method === 'POST' ? req.headers['idempotency-key'] : undefined;
    const slot = typeof idempotencyKey === 'string' ? `${apiKey}\n${idempotencyKey}` : undefined;
    const endpoint = `${method} ${url.pathname}`;
    const previous = slot ? saved.get(slot) : undefined;
    let answer: Answer;
    let headers: Record<string, string> = {};
    if (previous) {
      const again = `Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
      if (previous.endpoint !== endpoint)
        answer = stripeError(
          400,
          {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${previous.endpoint}' vs '${endpoint}'). ${again}`,
          },
          false,
        );
      else if (previous.fingerprint !== fingerprint(body))
        answer = stripeError(
          400,
          {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. ${again}`,
          },
          false,
        );
      else {
        answer = previous.answer;
        headers = { 'idempotent-replayed': 'true' };
      }
    } else {
      answer = run(route.key, id, parseForm(method === 'GET' ? url.search.slice(1) : body));
      // A snapshot: the PaymentIntent moves on, the replayed answer does not.
      answer = { ...answer, body: structuredClone(answer.body) };
      if (slot && answer.save !== false)
        saved.set(slot, { endpoint, fingerprint: fingerprint(body), answer });
    }
    if (trouble === 'drop-after') return void req.socket.destroy();
    return send(answer, headers);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const host = '127.0.0.1';

  function signWebhook(event: unknown, secret: string, timestamp?: number) {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret,
      ...(timestamp === undefined ? {} : { timestamp }),
    });
    return { payload, signature };
  }

  return {
    url: `http://${host}:${port}`,
    host,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    paymentIntents: ledger.intents,
    customers: ledger.customers,
    attached: ledger.attached,
    requests,
    setNextFailure(next) {
      failure = next ? { ...next, left: next.times ?? 1 } : null;
    },
    completeAction: (piId, ok) => ledger.completeAction(piId, ok),
    webhookEvent(type, pi) {
      const object = type.startsWith('charge.')
        ? {
            id: pi.latest_charge ?? `ch_for_${pi.id}`,
            object: 'charge',
            amount: pi.amount,
            amount_captured: pi.amount_received,
            currency: pi.currency,
            payment_intent: pi.id,
            metadata: pi.metadata,
            livemode: false,
          }
        : structuredClone(pi);
      return {
        id: `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    signWebhook,
    async sendWebhook(url, event, secret, timestamp) {
      const { payload, signature } = signWebhook(event, secret, timestamp);
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      return { status: res.status, body: await res.text() };
    },
  };
}
