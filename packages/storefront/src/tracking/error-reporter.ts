import { ERROR_REPORTER } from './constants';
import type { TrackerEnv } from './env';

export interface ErrorReport {
  event: string;
  data: { message: string; stack?: string; url?: string; line?: number; column?: number };
  timestamp: number;
}

export interface ErrorReporterOptions {
  /** Sends one batch (the default posts to /api/events/RecordJavascriptErrors). */
  send: (reports: ErrorReport[]) => Promise<void>;
  maxReports?: number;
  maxQueued?: number;
  stackChars?: number;
  debounceMs?: number;
}

/**
 * The error reporter (spec §4, §9): at most 20 reports per page, at most 10 waiting,
 * stacks cut at 5000 characters, the queue flushed 1 s after the last report. A failed
 * send is logged to the console, never thrown into the page.
 */
export function createErrorReporter(env: TrackerEnv, options: ErrorReporterOptions) {
  const maxReports = options.maxReports ?? ERROR_REPORTER.maxReports;
  const maxQueued = options.maxQueued ?? ERROR_REPORTER.maxQueued;
  const stackChars = options.stackChars ?? ERROR_REPORTER.stackChars;
  const debounceMs = options.debounceMs ?? ERROR_REPORTER.debounceMs;
  let accepted = 0;
  let queue: ErrorReport[] = [];
  let timer: unknown;

  function flush(): Promise<void> {
    timer = undefined;
    if (queue.length === 0) return Promise.resolve();
    const batch = queue;
    queue = [];
    return options.send(batch).catch((error: unknown) => {
      env.console.error(error instanceof Error ? error.message : error);
    });
  }

  return {
    /** Queue an error (Error, ErrorEvent-like or message); false when over a limit. */
    report(error: unknown, extra: { url?: string; line?: number; column?: number } = {}): boolean {
      if (accepted >= maxReports || queue.length >= maxQueued) return false;
      const e = error as { message?: unknown; stack?: unknown } | null;
      const message =
        String((e && typeof e === 'object' ? e.message : e) ?? 'Unknown error').slice(0, 2000) ||
        'Unknown error';
      const stack =
        e && typeof e === 'object' && typeof e.stack === 'string' ? e.stack.slice(0, stackChars) : undefined;
      accepted++;
      queue.push({
        event: 'javascript_error',
        timestamp: env.now(),
        data: { message, ...(stack ? { stack } : {}), url: extra.url ?? env.location.href, ...pick(extra) },
      });
      if (timer !== undefined) env.clearTimeout(timer);
      timer = env.setTimeout(() => void flush(), debounceMs);
      return true;
    },
    flush,
    get pending(): number {
      return queue.length;
    },
  };
}

function pick(extra: { line?: number; column?: number }) {
  const out: { line?: number; column?: number } = {};
  if (Number.isInteger(extra.line) && (extra.line ?? -1) >= 0) out.line = extra.line;
  if (Number.isInteger(extra.column) && (extra.column ?? -1) >= 0) out.column = extra.column;
  return out;
}

export type ErrorReporter = ReturnType<typeof createErrorReporter>;
