import { ApiFailure } from './api';

/**
 * A page's context JSON (`?format=json`): page data, not an API route. Its own module so the
 * entry does not carry it: only the cart page and checkout read other pages' data.
 */
export async function pageJson(url: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${url}?format=json`, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new ApiFailure(res.status, `HTTP_${res.status}`, res.statusText);
  return (await res.json()) as Record<string, unknown>;
}
