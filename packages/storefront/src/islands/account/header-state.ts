import { cookie, signedIn } from '../../cookies';

/**
 * The header shows "Sign in" to visitors and "Account" + "Sign out" to signed-in
 * site users. Pages are cached and shared, so the markup carries both and the theme's CSS
 * picks by `data-signed-in` on <html>, set here from the SiteUserInfo cookie. Part of the
 * entry (a few dozen bytes): the sign-out code loads only when the button is pressed.
 */
export function showAccountState(): void {
  if (!signedIn(cookie('SiteUserInfo'))) return;
  document.documentElement.dataset.signedIn = '';
  for (const button of document.querySelectorAll('[data-sign-out]'))
    button.addEventListener('click', () =>
      import('../../sign-out')
        .then((m) => m.signOut())
        .catch(() => undefined)
        .finally(() => location.reload()),
    );
}
