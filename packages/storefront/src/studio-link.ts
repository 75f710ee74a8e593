import { cookie, signedInOwner } from './cookies';

/**
 * A signed-in owner gets a small fixed "Edit site" link to the studio. Pages are
 * cached and carry no per-visitor state, so the link comes from the SiteUserInfo cookie here,
 * as plain DOM (no React on pages that have no island). Not inside a frame: the studio shows
 * the site in one, where a link back to the studio would only nest it.
 */
export function showStudioLink(): void {
  if (window.top !== window || !signedInOwner(cookie('SiteUserInfo'))) return;
  const link = document.createElement('a');
  link.className = 'sf-studio-link';
  link.href = '/config';
  link.textContent = 'Edit site';
  document.body.append(link);
}
