import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, securityHeaders } from './security-headers';

/** Headers an answer of `app` carries, without the ones every answer has anyway. */
async function headersOf(register: (app: ReturnType<typeof Fastify>) => Promise<void>, url: string) {
  const app = Fastify({ trustProxy: true });
  await register(app);
  app.get('/page', async (_request, reply) => reply.type('text/html').send('<p>hi</p>'));
  app.get('/api/thing', async () => ({ ok: true }));
  app.get('/api/cached', async (_request, reply) => reply.header('cache-control', 'max-age=60').send({}));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  const plain = await app.inject({ method: 'GET', url });
  const tls = await app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
  await app.close();
  const strip = (h: Record<string, unknown>) => {
    const { date, connection, 'content-length': _l, ...rest } = h;
    return rest;
  };
  return { plain: strip(plain.headers), tls: strip(tls.headers) };
}

describe('security headers', () => {
  // The static set must stay exactly what @fastify/helmet sent with the options it had.
  it.each(['/page', '/api/thing', '/api/cached', '/boom', '/missing'])(
    'match @fastify/helmet with the same options on %s (plain and HTTPS)',
    async (url) => {
      const ours = await headersOf(async (app) => {
        await app.register(securityHeaders);
      }, url);
      const reference = await headersOf(async (app) => {
        await app.register(helmet, {
          contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
          hsts: false,
          crossOriginEmbedderPolicy: false,
          referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
        });
      }, url);
      const security = (h: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(h).filter(([k]) => k !== 'strict-transport-security' && k !== 'cache-control'),
        );
      expect(security(ours.plain)).toEqual(security(reference.plain));
      expect(security(ours.tls)).toEqual(security(reference.tls));
      expect(Object.keys(ours.plain)).toContain('content-security-policy');
    },
  );

  it.each([
    ['/api/thing', 'no-store'],
    ['/api/cached', 'max-age=60'],
    ['/page', undefined],
  ])('%s: Cache-Control %s', async (url, expected) => {
    const { plain } = await headersOf(async (app) => {
      await app.register(securityHeaders);
    }, url);
    expect(plain['cache-control']).toBe(expected);
  });

  it('sends HSTS over HTTPS only', async () => {
    const { plain, tls } = await headersOf(async (app) => {
      await app.register(securityHeaders);
    }, '/page');
    expect(plain['strict-transport-security']).toBeUndefined();
    expect(tls['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  });
});
