import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type RenewalPoint, runDueRenewals } from './renewals';

/** How the server renews subscriptions; tests drive the clock and stop the process at a point. */
export interface RenewalSettings {
  /** The renewals' clock (tests move it forward by months); the server's otherwise. */
  clock?: () => Date;
  /** How often due renewals are looked for (default every minute); 0 = never (tests call runDueRenewals). */
  everyMs?: number;
  /** How soon after start the first look happens (default 5 s: a restart finishes a crashed run). */
  firstMs?: number;
  /** Seconds after which a claim still charging counts as abandoned. */
  staleSeconds?: number;
  /** Only this site's subscriptions (crash tests on a shared database). */
  websiteId?: string;
  /** Crash tests: called as each renewal reaches a point. */
  reached?: (point: RenewalPoint) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The renewals' settings (BuildAppOptions.renewals): the clock tests drive. */
    renewalSettings?: RenewalSettings;
  }
}

/**
 * Every minute, every process charges the subscriptions that are due (renewals and dunning
 * retries); the claim of each cycle in the database makes each charged once whichever process
 * gets there. Timers are unref'd; a failure is logged and retried at the next tick.
 */
export const renewalTimer = fp(async (app: FastifyInstance) => {
  const settings = app.renewalSettings ?? {};
  const everyMs = settings.everyMs ?? 60_000;
  if (everyMs <= 0) return;
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= (async () => {
      try {
        const now = settings.clock?.() ?? new Date();
        const run = await runDueRenewals(app, now, {
          ...(settings.websiteId ? { websiteId: settings.websiteId } : {}),
          ...(settings.staleSeconds !== undefined ? { staleSeconds: settings.staleSeconds } : {}),
          ...(settings.reached ? { reached: (point) => settings.reached?.(point) } : {}),
        });
        if (run.paid + run.failed + run.ended + run.waiting > 0)
          app.log.info({ renewals: run }, 'renewals ran');
      } catch (error) {
        app.log.warn({ err: error }, 'renewals failed; will retry');
      }
    })().finally(() => {
      running = null;
    });
  };
  let timer: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    tick();
    timer = setInterval(tick, everyMs);
    timer.unref();
  }, settings.firstMs ?? 5_000);
  first.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  });
});
