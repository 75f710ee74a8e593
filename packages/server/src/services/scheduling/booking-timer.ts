import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sweepExpiredHolds } from './booking-payment';
import { sendDueReminders } from './reminders';

/**
 * Every minute (the 1-hour reminder must not wait for the hourly scheduled jobs): send the
 * booking reminders that are due, and let go of payment holds that expired unpaid. Every process ticks; the
 * claims in the database make each reminder go once, whichever process sends it. Timers are
 * unref'd, a failure is logged and retried at the next tick.
 */
export const bookingTimer = fp(async (app: FastifyInstance, options: { everyMs?: number } = {}) => {
  const db = app.database.db;
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= (async () => {
      const now = new Date();
      try {
        const sent = await sendDueReminders(db, now);
        if (sent['24h'] + sent['1h'] > 0) {
          app.outboxKick?.();
          app.log.info({ sent }, 'booking reminders queued');
        }
      } catch (error) {
        app.log.warn({ err: error }, 'booking reminders failed; will retry');
      }
      try {
        const released = await sweepExpiredHolds(db, now);
        if (released > 0) app.log.info({ released }, 'unpaid booking holds let go');
      } catch (error) {
        app.log.warn({ err: error }, 'sweeping booking holds failed; will retry');
      }
    })().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, options.everyMs ?? 60_000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
