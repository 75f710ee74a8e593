import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/**
 * The one server key every mail test seals SMTP passwords with. The PostgreSQL test database is
 * shared by the test workers, and any server process (any test's app) may deliver any site's
 * mail, as in production where every process has the same SECRETS_KEY.
 */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 0x4d);

export interface Received {
  from: string;
  to: string[];
  raw: string;
  user: string | undefined;
}

/**
 * A real SMTP server on a free local port that records what arrives. `users` turns on
 * authentication (PLAIN/LOGIN over the plain connection, as a relay on one's own network would);
 * `options` passes anything else through (TLS, refusals).
 */
export async function startSmtp(
  options: { users?: Record<string, string>; server?: Partial<SMTPServerOptions> } = {},
) {
  const received: Received[] = [];
  const users = options.users;
  const server = new SMTPServer({
    logger: false,
    disabledCommands: users ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !users,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (users && users[auth.username ?? ''] === auth.password)
        return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      // The envelope as it is now: a pipelining client may send the next one before 'end'.
      const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
      const to = session.envelope.rcptTo.map((r) => r.address);
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({
          from,
          to,
          raw,
          user: session.user as string | undefined,
        });
        callback();
      });
    },
    ...options.server,
  });
  // A client that gives up mid-TLS is the point of some tests, not a crash of this server.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type LocalSmtp = Awaited<ReturnType<typeof startSmtp>>;

export async function waitFor<T>(check: () => T | undefined, ms = 45_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const body = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '=' && /^[0-9A-F]{2}$/i.test(body.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(body.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

export interface MimePart {
  type: string;
  body: string;
}

/** The headers of a raw message (unfolded, lower-case names) and its leaf parts, decoded. */
export function parseMime(raw: string): { headers: Record<string, string>; parts: MimePart[] } {
  const split = (text: string) => {
    const at = text.search(/\r?\n\r?\n/);
    const head = text.slice(0, at).replace(/\r?\n[ \t]+/g, ' ');
    const body = text.slice(at).replace(/^\r?\n\r?\n/, '');
    const headers: Record<string, string> = {};
    for (const line of head.split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    return { headers, body };
  };
  const leaves = (text: string): MimePart[] => {
    const { headers, body } = split(text);
    const type = headers['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.startsWith('multipart/') && boundary) {
      return body
        .split(`--${boundary}`)
        .slice(1)
        .filter((part) => !part.startsWith('--'))
        .flatMap((part) => leaves(part.replace(/^\r?\n/, '')));
    }
    const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
    const decoded =
      encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : encoding === 'base64'
          ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
          : body;
    return [{ type: type.split(';')[0]?.trim().toLowerCase() ?? '', body: decoded }];
  };
  return { headers: split(raw).headers, parts: leaves(raw) };
}

/** The HTML and text parts of a raw message. */
export function partsOf(raw: string): { html: string; text: string; headers: Record<string, string> } {
  const { headers, parts } = parseMime(raw);
  return {
    headers,
    html: parts.find((p) => p.type === 'text/html')?.body ?? '',
    text: parts.find((p) => p.type === 'text/plain')?.body ?? '',
  };
}
