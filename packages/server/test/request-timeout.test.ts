import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';

/** Write `head` to a fresh connection, send nothing more, and collect what comes back until close. */
function stall(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    socket.on('data', (chunk) => {
      received += chunk;
    });
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`connection still open after 10 s; received ${JSON.stringify(received)}`));
    }, 10_000).unref();
  });
}

describe.each(backends)('a request that stalls is answered 408 on %s', (backend) => {
  let site: TestSite;
  let port: number;
  beforeAll(async () => {
    // Through the configuration, as REQUEST_TIMEOUT_MS sets it.
    site = await createTestSite(backend, {
      config: { requestTimeoutMs: loadConfig({ REQUEST_TIMEOUT_MS: '1000' }).requestTimeoutMs },
    });
    await site.app.listen({ port: 0, host: '127.0.0.1' });
    port = (site.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => site.app.close());

  it('a body that stops arriving gets 408 in the error contract, then the connection closes', async () => {
    const received = await stall(
      port,
      `POST /api/commerce/shopping-cart/entries HTTP/1.1\r\nHost: ${site.host}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"itemId":`,
    );
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    const body = received.slice(received.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(body)).toEqual({
      error: { code: 'REQUEST_TIMEOUT', message: 'The request did not arrive in time.' },
    });
  });

  it('headers that never finish get 408 too', async () => {
    const received = await stall(port, `GET / HTTP/1.1\r\nHost: ${site.host}\r\nX-Slow: `);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });
});

describe('REQUEST_TIMEOUT_MS', () => {
  it('defaults to 30 s and refuses values outside 1 s – 10 min', () => {
    expect(loadConfig({}).requestTimeoutMs).toBe(30_000);
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '45000' }).requestTimeoutMs).toBe(45_000);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '10' })).toThrow(/REQUEST_TIMEOUT_MS must be between/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: 'soon' })).toThrow(/REQUEST_TIMEOUT_MS must be a number/);
  });
});
