import { cookie } from './cookies';

/** A failed API call: HTTP status, the server's `{ error: { code, message }, crumbFail? }`. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly crumbFail = false,
    readonly offline = false,
  ) {
    super(message);
  }
}

/**
 * JSON call to the site API. State-changing calls echo the crumb cookie in X-CSRF-Token
 * (spec §7). Network failures become `offline` failures so the UI can say so.
 */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = cookie('crumb') ?? '';
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiFailure(0, 'NETWORK', 'Please check your internet connection.', false, true);
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const err = (json as { error?: { code?: string; message?: string }; crumbFail?: boolean } | null) ?? {};
    throw new ApiFailure(
      res.status,
      err.error?.code ?? `HTTP_${res.status}`,
      err.error?.message ?? res.statusText,
      Boolean(err.crumbFail),
    );
  }
  return json as T;
}
