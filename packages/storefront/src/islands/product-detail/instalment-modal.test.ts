import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchInstalmentInfo } from './instalment-modal';

afterEach(() => vi.unstubAllGlobals());

/** A fetch that serves `pages` by path and answers 404 otherwise; records what was asked. */
function serve(pages: Record<string, string>) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const body = pages[url];
    return new Response(body ?? 'missing', { status: body === undefined ? 404 : 200 });
  });
  return asked;
}

describe('instalment info page (spec §7: by locale, en_US fallback)', () => {
  it('uses the page of the shopper locale when there is one', async () => {
    const asked = serve({ '/assets/instalments/fr_CA.html': '<p>fr</p>' });
    expect(await fetchInstalmentInfo('fr_CA')).toBe('<p>fr</p>');
    expect(asked).toEqual(['/assets/instalments/fr_CA.html']);
  });

  it('falls back to en_US when the locale has no page', async () => {
    const asked = serve({ '/assets/instalments/en_US.html': '<p>us</p>' });
    expect(await fetchInstalmentInfo('en_NZ')).toBe('<p>us</p>');
    expect(asked).toEqual(['/assets/instalments/en_NZ.html', '/assets/instalments/en_US.html']);
  });

  it('gives null when neither loads, and does not retry en_US for en_US', async () => {
    const asked = serve({});
    expect(await fetchInstalmentInfo('en_US')).toBeNull();
    expect(asked).toEqual(['/assets/instalments/en_US.html']);
  });

  it('gives null without a second request when offline', async () => {
    let calls = 0;
    vi.stubGlobal('fetch', async () => {
      calls += 1;
      throw new TypeError('Failed to fetch');
    });
    expect(await fetchInstalmentInfo('en_GB')).toBeNull();
    expect(calls).toBe(1);
  });
});
