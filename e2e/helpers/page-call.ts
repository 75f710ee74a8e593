import type { Page } from 'playwright-core';

export interface PageCallResult {
  status: number;
  /** The answer parsed as JSON; null for an empty or non-JSON answer. */
  // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields of the call it made
  body: any;
}

/**
 * Call the site's API from inside the page, as the page's own scripts do: with its cookies,
 * and with the crumb cookie echoed in `x-csrf-token` on every request.
 */
export function callFromPage(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
): Promise<PageCallResult> {
  return page.evaluate(
    async ([method, url, body]) => {
      const crumb = document.cookie.match(/(?:^|;\s*)crumb=([^;]+)/)?.[1] ?? '';
      const headers: Record<string, string> = { 'x-csrf-token': decodeURIComponent(crumb) };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
      return { status: res.status, body: parsed };
    },
    [method, url, body] as const,
  );
}
