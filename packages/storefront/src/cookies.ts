/** The value of cookie `name` in a `document.cookie` string, or undefined. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/** Read a cookie by name (document.cookie), or undefined. */
export function cookie(name: string): string | undefined {
  return readCookie(document.cookie, name);
}

/** Whether a `SiteUserInfo` cookie value says the visitor is signed in. */
export function signedIn(siteUserInfo: string | undefined): boolean {
  if (!siteUserInfo) return false;
  try {
    return Boolean(JSON.parse(siteUserInfo).authenticated);
  } catch {
    return /"authenticated"\s*:\s*true/.test(siteUserInfo);
  }
}

/**
 * Whether a `SiteUserInfo` value says a signed-in owner: the server adds `role: "OWNER"` for
 * owners only. Client-readable, so it only decides whether to show a link; the
 * studio itself checks the session.
 */
export function signedInOwner(siteUserInfo: string | undefined): boolean {
  // Read like signedIn (tolerant of a value that is not JSON), in the fewest bytes: the
  // entry ships on every page.
  return signedIn(siteUserInfo) && /"role"\s*:\s*"OWNER"/.test(siteUserInfo as string);
}

/** Spec §4 cart loading rule: signed in, hasCart=true, or a CART cookie. */
export function shouldLoadCart(): boolean {
  return signedIn(cookie('SiteUserInfo')) || cookie('hasCart') === 'true' || cookie('CART') !== undefined;
}
