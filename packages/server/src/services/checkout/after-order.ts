/**
 * Work that follows a placed order but is no part of it (checkout's "Keep me posted" opt-in).
 * It starts once the order's transaction has committed, and the buyer's answer does not wait
 * for it: it can neither fail the order nor slow it, and holds none of its locks. It is not
 * retried: a crash in between loses it (the buyer is then simply not on the list).
 */

type Report = (error: unknown, task: string) => void;

const running = new Set<Promise<void>>();
let report: Report = () => undefined;

/** Where a failed task is told (the checkout routes log it). */
export function reportAfterOrderFailures(to: Report): void {
  report = to;
}

/** Start `task` on its own; its failure is reported, never thrown to the order. */
export function afterOrder(name: string, task: () => Promise<unknown>): void {
  const done: Promise<void> = Promise.resolve()
    .then(task)
    .then(
      () => undefined,
      (error: unknown) => report(error, name),
    )
    .finally(() => running.delete(done));
  running.add(done);
}

/** Resolves once every task started so far (and any they started) has ended: closing, tests. */
export async function afterOrdersSettled(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}
