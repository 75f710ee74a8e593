import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  raw: string;
}

export interface MailCatcher {
  url: string;
  received: CaughtMail[];
  close(): Promise<void>;
}

/** A local SMTP server that keeps every message it is sent, for a test to read. */
export async function startMailCatcher(): Promise<MailCatcher> {
  const received: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      // The envelope as it is now: a pipelining client may send the next one before 'end'.
      const to = session.envelope.rcptTo.map((r) => r.address);
      let raw = '';
      stream.on('data', (c: Buffer) => {
        raw += c.toString('utf8');
      });
      stream.on('end', () => {
        received.push({ to, raw });
        callback();
      });
    },
  });
  // A sender killed mid-conversation (the tests that SIGKILL a server) resets its connection;
  // that is the sender's end, not a fault of the catcher. Anything else is reported.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') console.error('mail catcher:', error);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
