import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestSite } from '../helpers/test-app';

export const GOOD_PASSWORD = 'a long enough password';

let address = 0;
/**
 * A client address of its own (tests trust X-Forwarded-For): sign-ups are limited per
 * address, and each test must not spend another's allowance.
 */
export function freshAddress(): string {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

export const uniqueEmail = (tag = 'buyer') => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

export function signUp(
  site: TestSite,
  payload: Record<string, unknown>,
  options: { cookies?: Record<string, string>; ip?: string; crumb?: boolean } = {},
): Promise<LightMyRequestResponse> {
  return site.request({
    method: 'POST',
    url: '/api/site-users/account',
    payload,
    cookies: options.cookies,
    crumb: options.crumb,
    headers: { 'x-forwarded-for': options.ip ?? freshAddress() },
  });
}

export const cookieOf = (res: LightMyRequestResponse, name: string) =>
  res.cookies.find((c) => c.name === name);

/** A new customer account, signed in: its id and session cookie. */
export async function newCustomer(site: TestSite, email = uniqueEmail()) {
  const res = await signUp(site, { email, password: GOOD_PASSWORD });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const session = cookieOf(res, 'siteUserSession')?.value ?? '';
  const me = await site.request({
    method: 'GET',
    url: '/api/site-users/account',
    cookies: { siteUserSession: session },
  });
  return { id: me.json().id as string, email, session };
}

/** A request as the signed-in customer holding `session`. */
export function asCustomer(
  site: TestSite,
  session: string,
  options: Omit<InjectOptions, 'cookies'> & { cookies?: Record<string, string>; crumb?: boolean },
) {
  return site.request({ ...options, cookies: { siteUserSession: session, ...options.cookies } });
}
