/** Read a cookie by name (document.cookie), or undefined. */
export function cookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/** Spec §4 cart loading rule: signed in, hasCart=true, or a CART cookie. */
export function shouldLoadCart(): boolean {
  const info = cookie('SiteUserInfo');
  let authenticated = false;
  if (info) {
    try {
      authenticated = Boolean(JSON.parse(info).authenticated);
    } catch {
      authenticated = /"authenticated":\s*true/.test(info);
    }
  }
  return authenticated || cookie('hasCart') === 'true' || cookie('CART') !== undefined;
}
