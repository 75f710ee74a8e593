import { api, ApiFailure } from './api';

/** The one call sign-out makes (a fake in tests). */
export type SignOutCall = (
  key: 'DELETE /api/site-users/account/session',
  input: { query: { cloneCart: 'true' | 'false' } },
) => Promise<unknown>;

/**
 * Sign the site user out (spec §7 DELETE /api/site-users/account/session). Spec §4 "Logout":
 * when the first answer says crumbFail (the crumb cookie was missing or stale), refresh the
 * crumb by loading a page's context, then repeat the call once.
 *
 * @example
 * await signOut({ cloneCart: true });
 */
export async function signOut(
  options: { cloneCart?: boolean; call?: SignOutCall; refreshCrumb?: () => Promise<unknown> } = {},
): Promise<void> {
  const call: SignOutCall = options.call ?? api;
  const refresh = options.refreshCrumb ?? (() => fetch('/?format=json', { credentials: 'same-origin' }));
  const input = { query: { cloneCart: options.cloneCart ? 'true' : 'false' } } as const;
  try {
    await call('DELETE /api/site-users/account/session', input);
  } catch (error) {
    if (!(error instanceof ApiFailure) || !error.crumbFail) throw error;
    await refresh();
    await call('DELETE /api/site-users/account/session', input);
  }
}
