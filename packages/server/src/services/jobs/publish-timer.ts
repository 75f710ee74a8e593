import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { msUntilNextPublish, publishDuePages } from './scheduled-publish';

/** A due page found but not published (another process holds it): look again shortly. */
const BUSY_RETRY_MS = 200;
const FAILURE_RETRY_MS = 5_000;

/**
 * Publishes scheduled pages at their time. Each process keeps one timer set to the next
 * publish time in the database, and looks again whenever a site changes (a page scheduled,
 * moved or published on any process) or at the latest every `maxWaitMs`. When it fires,
 * `publishDuePages` flips the due pages and announces them; whichever process comes first
 * does it, the others find nothing left. Independently, each process's page cache expires
 * the site's pages at that time by its own clock (PageCache.expireSiteAt), so a visitor sees
 * the page on time even while the announcement is on its way.
 */
export const publishTimer = fp(async (app: FastifyInstance, options: { maxWaitMs?: number } = {}) => {
  const db = app.database.db;
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let running: Promise<void> | null = null;
  let again = false;

  const wait = (ms: number) => {
    clearTimeout(timer);
    if (closed) return;
    // +1 ms: a timer may fire a hair early by the database's clock.
    timer = setTimeout(check, Math.min(Math.max(ms + 1, 0), maxWaitMs));
    timer.unref();
  };

  async function step(): Promise<void> {
    let ms = await msUntilNextPublish(db);
    if (ms !== null && ms <= 0) {
      const published = await publishDuePages(db);
      if (published.length) app.log.info({ pages: published }, 'scheduled pages published');
      ms = await msUntilNextPublish(db);
      if (ms !== null && ms <= 0) ms = BUSY_RETRY_MS;
    }
    wait(ms ?? maxWaitMs);
  }

  function check(): void {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = step()
      .catch((error) => {
        app.log.warn({ err: error }, 'scheduled publishing failed; will retry');
        wait(FAILURE_RETRY_MS);
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          check();
        }
      });
  }

  const stopListening = app.siteChanges.onSite(() => check());
  app.addHook('onReady', async () => check());
  app.addHook('onClose', async () => {
    closed = true;
    stopListening();
    clearTimeout(timer);
    await running;
  });
});
