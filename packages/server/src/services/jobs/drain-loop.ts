import type { FastifyInstance } from 'fastify';

/**
 * A worker that drains a durable queue (the outbox, webhook deliveries): every `intervalMs`,
 * once the app is ready, and whenever kicked, it calls `drainBatch` until a batch comes back
 * empty. One drain at a time per process; a kick during a drain runs one more after it. A
 * failed drain is logged and retried on the next tick; closing the app waits for the drain
 * in flight. Returns the kick.
 */
export function startDrainLoop(
  app: FastifyInstance,
  options: { name: string; intervalMs: number; drainBatch: () => Promise<number>; onClose?: () => void },
): () => void {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        while (!stopped && (await options.drainBatch()) > 0) {}
      } catch (error) {
        app.log.warn({ err: error }, `${options.name} failed; will retry`);
      } finally {
        running = null;
        if (again) {
          again = false;
          run();
        }
      }
    })();
  };
  const timer = setInterval(run, options.intervalMs);
  timer.unref();
  app.addHook('onReady', async () => run());
  app.addHook('onClose', async () => {
    stopped = true;
    clearInterval(timer);
    await running;
    options.onClose?.();
  });
  return run;
}

/**
 * A worker's interval from the environment (`<NAME>_EVERY_MS`): `0` turns the worker off in
 * this process, a whole number of at least 500 ms is used, anything else gives `fallbackMs`.
 */
export function intervalFromEnv(name: string, fallbackMs: number): number {
  const raw = process.env[name];
  if (raw === '0') return 0;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 500 ? n : fallbackMs;
}
