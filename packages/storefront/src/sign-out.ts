import { api, ApiFailure } from './api';

/**
 * Sign the site user out (spec §7 DELETE /api/site-users/account/session). Spec §4 "Logout":
 * when the first answer says crumbFail (the crumb cookie was missing or stale), refresh the
 * crumb by loading a page's context, then repeat the call once.
 *
 * @example
 * await signOut({ cloneCart: true });
 */
export async function signOut(
  options: { cloneCart?: boolean; call?: typeof api; refreshCrumb?: () => Promise<unknown> } = {},
): Promise<void> {
  const call = options.call ?? api;
  const refresh = options.refreshCrumb ?? (() => fetch('/?format=json', { credentials: 'same-origin' }));
  const path = `/api/site-users/account/session?cloneCart=${options.cloneCart ? 'true' : 'false'}`;
  try {
    await call('DELETE', path);
  } catch (error) {
    if (!(error instanceof ApiFailure) || !error.crumbFail) throw error;
    await refresh();
    await call('DELETE', path);
  }
}
