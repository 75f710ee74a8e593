import net from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactError } from '../src/plugins/log-redaction';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends, testDatabase } from './helpers/test-db';

/** Timeouts, security headers (no-store) and log redaction. */
describe.each(backends)('headers, timeouts and logs on %s', (backend) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(backend, { config: { trustProxy: 1 } });
  });
  afterAll(() => site.app.close());

  it('pages carry CSP, nosniff, Referrer-Policy and frame-ancestors for the site only', async () => {
    const res = await site.request({ method: 'GET', url: '/shop/p/classic-tee', crumb: false });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // The page has no inline script CSP would block: island data (application/json) and
    // schema.org JSON-LD (application/ld+json) are data, never executed.
    const inline = [...res.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inline.length).toBeGreaterThan(0);
    expect(inline.every((attrs) => /type="application\/(ld\+)?json"/.test(attrs ?? ''))).toBe(true);
  });

  it('the studio page requires Trusted Types, with DOMPurify and the preview as its only policies', async () => {
    const res = await site.request({ method: 'GET', url: '/config/pages', crumb: false });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("require-trusted-types-for 'script'");
    expect(csp).toContain('trusted-types dompurify studio-preview');
    // Only the studio: site pages keep the site's policy.
    const page = await site.request({ method: 'GET', url: '/', crumb: false });
    expect(String(page.headers['content-security-policy'])).not.toContain('trusted-types');
  });

  it('sends HSTS only over HTTPS (as told by a trusted proxy)', async () => {
    const plain = await site.request({ method: 'GET', url: '/', crumb: false });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await site.request({
      method: 'GET',
      url: '/',
      crumb: false,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(String(tls.headers['strict-transport-security'])).toMatch(/max-age=\d+/);
  });

  it.each([
    ['GET', '/api/commerce/shopping-cart'],
    ['DELETE', '/api/site-users/account/session'],
    ['POST', '/api/site-users/account/locale'],
  ])('per-visitor JSON %s %s is Cache-Control: no-store', async (method, url) => {
    const res = await site.request({
      method: method as 'GET',
      url,
      payload: method === 'POST' ? { language: 'en' } : undefined,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('drops a connection whose body never completes (request timeout)', async () => {
    const { createTestSite: make } = await import('./helpers/test-app');
    const slow = await make(backend, { appOptions: { timeouts: { headersMs: 500, requestMs: 1_000 } } });
    try {
      await slow.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (slow.app.server.address() as net.AddressInfo).port;
      const started = Date.now();
      const closedAfter = await new Promise<number>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(
            `POST /api/form/FormSubmissionKey HTTP/1.1\r\nHost: ${slow.host}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":`,
          );
        });
        socket.on('data', () => undefined);
        socket.on('close', () => resolve(Date.now() - started));
        socket.on('error', reject);
        setTimeout(() => reject(new Error('connection still open after 8 s')), 8_000);
      });
      expect(closedAfter).toBeLessThan(5_000);
    } finally {
      await slow.app.close();
    }
  });

  it('logs of a failed query hold no bound values or quoted data', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await testDatabase(backend);
    const logged = await createTestSite(backend, { appOptions: { logger: { level: 'error', stream } } });
    try {
      logged.app.get('/api/test/boom', async () => {
        // A bound e-mail PostgreSQL refuses: its error quotes the value back.
        await database.db.execute(sql`select ${'secret.person@example.com'}::int`);
      });
      const res = await logged.request({ method: 'GET', url: '/api/test/boom' });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('secret.person');
    } finally {
      await logged.app.close();
    }
    const text = lines.join('');
    expect(text).toContain('request failed');
    expect(text).not.toContain('secret.person@example.com');
  });
});

describe('redactError', () => {
  it('drops params, detail and quoted values along the cause chain', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
      code: '23505',
      detail: 'Key (email)=(a@b.co) already exists.',
      constraint: 'site_users_email_key',
    });
    const error = Object.assign(
      new Error('Failed query: insert into t values ($1)\nparams: a@b.co,12 Main St'),
      {
        cause,
        params: ['a@b.co', '12 Main St'],
        query: 'insert into t values ($1)',
      },
    );
    const out = JSON.stringify(redactError(error));
    expect(out).not.toContain('a@b.co');
    expect(out).not.toContain('12 Main St');
    expect(out).toContain('insert into t values ($1)');
    expect(out).toContain('23505');
    expect(out).toContain('site_users_email_key');
  });
});
