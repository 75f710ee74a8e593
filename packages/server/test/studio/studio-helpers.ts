import type { LightMyRequestResponse } from 'fastify';
import type { TestSite } from '../helpers/test-app';
import { type Backend, testDatabase } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';

/** An owner signed in on a test site: JSON calls with the session cookie and the crumb. */
export async function ownerClient(site: TestSite) {
  const session = await sessionOf(site, 'owner');
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    site.request({
      method,
      url,
      cookies: { siteUserSession: session },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return { session, call };
}

export type Call = Awaited<ReturnType<typeof ownerClient>>['call'];

export const html = (res: LightMyRequestResponse) => res.body;

/** Collect `site_changed` notifications on the back-end the app uses, until `stop()`. */
export async function listenSiteChanged(
  backend: Backend,
): Promise<{ seen: string[]; stop(): Promise<void> }> {
  const handle = await testDatabase(backend);
  const seen: string[] = [];
  if (handle.pool) {
    const client = await handle.pool.connect();
    client.on('notification', (n) => n.channel === 'site_changed' && seen.push(n.payload ?? ''));
    await client.query('listen site_changed');
    return {
      seen,
      async stop() {
        await client.query('unlisten site_changed');
        client.release();
      },
    };
  }
  const pglite = (
    handle.db as unknown as {
      $client: { listen(c: string, cb: (p: string) => void): Promise<() => Promise<void>> };
    }
  ).$client;
  const unlisten = await pglite.listen('site_changed', (payload) => seen.push(payload));
  return { seen, stop: () => unlisten() };
}

/** Wait until `check` holds (notifications arrive asynchronously after commit). */
export async function eventually(check: () => boolean, ms = 2000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}
