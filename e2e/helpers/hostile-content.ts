/**
 * Hostile content for the stored-XSS visit: payloads that, if the browser ever runs them,
 * report themselves by requesting `/__xss?id=N` (N names the field they were stored in), and
 * an HTTP client that stores them through the API as the owner or a visitor would.
 */

/** The path every payload requests when it runs; the visit counts requests to it. */
export const MARKER_PATH = '/__xss';

/** The fields payloads were stored in, by marker id. */
export class Markers {
  readonly labels: string[] = [];

  next(label: string): number {
    this.labels.push(label);
    return this.labels.length - 1;
  }

  label(id: number | string): string {
    return this.labels[Number(id)] ?? `unknown marker ${id}`;
  }
}

const hit = (n: number) => `fetch('${MARKER_PATH}?id=${n}')`;

/**
 * Every way in at once: a script, event handlers that fire without a click, a `javascript:`
 * link, an attribute break-out, a `</script>` that would end a JSON island, template syntax,
 * an iframe with srcdoc, and scripts or pages from the site's own /downloads (`sameOrigin`).
 */
export interface SameOrigin {
  /** A link to a script the site itself serves. */
  script?: string;
  /** A link to a page the site itself serves. */
  frame?: string;
}

export function longPayload(n: number, sameOrigin: SameOrigin = {}): string {
  return [
    `"><script>${hit(n)}</script>`,
    `<img src=x onerror="${hit(n)}">`,
    `<svg onload="${hit(n)}"></svg>`,
    `<a href="javascript:${hit(n)}">link ${n}</a>`,
    `[md ${n}](javascript:window.__xss=${n})`,
    `<iframe srcdoc="<script>parent.${hit(n)}</script>"></iframe>`,
    `</script><script>${hit(n)}</script>`,
    `{{constructor.constructor("${hit(n)}")()}} {${n}|safe} \${${hit(n)}}`,
    `' autofocus onfocus='${hit(n)}' x='`,
    `<details open ontoggle="${hit(n)}">x</details>`,
    sameOrigin.script ? `<script src="${sameOrigin.script}"></script>` : '',
    sameOrigin.frame ? `<iframe src="${sameOrigin.frame}"></iframe>` : '',
  ].join(' ');
}

/** For fields that take 100 characters or fewer: an element break-out with a handler that fires by itself. */
export const shortPayload = (n: number) => `"><svg onload=${hit(n)}>`;

/** For fields of 25 characters: the same, reporting itself by a dialog. */
export const tinyPayload = (n: number) => `"><svg onload=alert(${n})>`;

/** The payloads for marker `n`, longest first: a field keeps the first it takes. */
export const payloadsFor = (n: number, sameOrigin?: SameOrigin) => [
  longPayload(n, sameOrigin),
  shortPayload(n),
  tinyPayload(n),
];

export interface Answer {
  status: number;
  /** The parsed JSON answer, read loosely: the tests know each route's shape. */
  // biome-ignore lint/suspicious/noExplicitAny: answers of many routes, read as the tests need them
  body: any;
  text: string;
}

/**
 * A browser-like client: keeps cookies, sends the crumb with every state change, and comes
 * from its own address (the server trusts one proxy hop, so per-address limits count it alone).
 */
export class Client {
  private readonly jar = new Map<string, string>();

  constructor(
    readonly base: string,
    readonly address: string,
  ) {}

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  async send(
    method: string,
    path: string,
    body?: unknown,
    options: { type?: string; raw?: Buffer } = {},
  ): Promise<Answer> {
    if (!this.jar.has('crumb') && method !== 'GET') await this.send('GET', '/');
    const headers: Record<string, string> = {
      cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-forwarded-for': this.address,
    };
    const crumb = this.jar.get('crumb');
    if (crumb) headers['x-csrf-token'] = crumb;
    let payload: string | Blob | undefined;
    if (options.raw) {
      payload = new Blob([new Uint8Array(options.raw)]);
      headers['content-type'] = options.type ?? 'application/octet-stream';
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(`${this.base}${path}`, { method, headers, body: payload, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      this.jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
    }
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed, text };
  }

  /** Like send, but a 4xx or 5xx fails the test with what the server said. */
  async ok(method: string, path: string, body?: unknown, options?: { type?: string; raw?: Buffer }) {
    const answer = await this.send(method, path, body, options);
    if (answer.status >= 400)
      throw new Error(`${method} ${path} → ${answer.status} ${answer.text.slice(0, 300)}`);
    return answer.body;
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.ok('POST', '/api/site-users/account/session', { email, password });
  }
}

/** One file field in a multipart body, as a browser's FormData sends it. */
export function multipart(filename: string, type: string, content: Buffer) {
  const boundary = '----stored-xss-boundary';
  const raw = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { raw, type: `multipart/form-data; boundary=${boundary}` };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Path = (string | number)[];

function stringLeaves(value: Json, path: Path = [], out: Path[] = []): Path[] {
  if (typeof value === 'string') out.push(path);
  else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) stringLeaves(v, [...path, i], out);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) stringLeaves(v, [...path, k], out);
  }
  return out;
}

function setAt(root: Json, path: Path, value: Json | undefined): void {
  let node = root as Record<string | number, Json>;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, Json>;
  const last = path[path.length - 1] as string | number;
  if (value === undefined) delete node[last];
  else node[last] = value;
}

const getAt = (root: Json, path: Path): Json =>
  path.reduce<Json>((node, step) => (node as Record<string | number, Json>)[step] as Json, root);

/** Each poisoned string: where it is, what it was, its marker and which of payloadsFor it holds. */
type Leaves = Map<string, { path: Path; original: string; n: number; stage: number }>;

/**
 * For an API that says what is wrong without naming the field: try each payload alone
 * (long, then short), keep those it takes, and save them together.
 */
async function settleOneByOne(
  what: string,
  body: Json,
  leaves: Leaves,
  save: (body: Json) => Promise<Answer>,
): Promise<{ answer: Answer; poisoned: number }> {
  const all = [...leaves.values()];
  for (const leaf of all) setAt(body, leaf.path, leaf.original);
  const kept: [Path, string][] = [];
  for (const leaf of all) {
    for (const payload of payloadsFor(leaf.n)) {
      setAt(body, leaf.path, payload);
      if ((await save(body)).status < 400) {
        kept.push([leaf.path, payload]);
        break;
      }
    }
    setAt(body, leaf.path, leaf.original);
  }
  for (const [path, payload] of kept) setAt(body, path, payload);
  const answer = await save(body);
  if (answer.status >= 400)
    throw new Error(`${what}: saving answered ${answer.status} ${answer.text.slice(0, 300)}`);
  return { answer, poisoned: kept.length };
}

/**
 * Put a payload in every string of `body` (but those whose own key `keep` names), save it, and where the
 * API refuses a field (VALIDATION_FAILED names its path) try the short payload there, then
 * the original value. Answers the saved body's answer and how many fields hold a payload.
 */
export async function poisonAndSave(
  markers: Markers,
  what: string,
  body: Json,
  save: (body: Json) => Promise<Answer>,
  options: { keep?: RegExp; sameOrigin?: SameOrigin; name?: (path: Path) => string } = {},
): Promise<{ answer: Answer; poisoned: number }> {
  const keep = options.keep ?? /^$/;
  const state: Leaves = new Map();
  for (const path of stringLeaves(body)) {
    const key = path.filter((step) => typeof step === 'string').pop() ?? '';
    if (keep.test(key)) continue;
    const n = markers.next(options.name?.(path) ?? `${what} ${path.join('.')}`);
    state.set(path.join('.'), { path, original: getAt(body, path) as string, n, stage: 0 });
    setAt(body, path, longPayload(n, options.sameOrigin));
  }
  for (let round = 0; round < 10; round++) {
    const answer = await save(body);
    if (answer.status < 400) return { answer, poisoned: state.size };
    const errors: Record<string, string> | undefined = answer.body?.errors;
    if (answer.status === 400 && !errors) return settleOneByOne(what, body, state, save);
    if (answer.status !== 400 || !errors) {
      throw new Error(`${what}: saving answered ${answer.status} ${answer.text.slice(0, 300)}`);
    }
    for (const key of Object.keys(errors)) {
      const exact = state.get(key);
      const under = exact
        ? [exact]
        : [...state.values()].filter((s) => key === '_' || s.path.join('.').startsWith(`${key}.`));
      if (under.length === 0) {
        // A field the API reads in another shape than it answers: leave it out.
        setAt(body, key.split('.'), undefined);
        continue;
      }
      for (const leaf of under) {
        const next = payloadsFor(leaf.n)[++leaf.stage];
        if (next) setAt(body, leaf.path, next);
        else {
          setAt(body, leaf.path, leaf.original);
          state.delete(leaf.path.join('.'));
        }
      }
    }
  }
  throw new Error(`${what}: the API kept refusing the payloads`);
}
