/** An icon's drawing without its outer <svg> element (the theme's files are one <svg> each). */
function drawing(svg: string): string {
  return /<svg\b[^>]*>([\s\S]*)<\/svg>/.exec(svg)?.[1]?.trim() ?? '';
}

/**
 * The theme's icons a page uses, as one inline SVG sprite (`<symbol id="icon-<name>">`) that
 * `<svg><use href="#icon-<name>"/></svg>` draws: only the icons named, nothing fetched, and
 * nothing at all on a page without icons. The drawings are the theme's own files.
 */
export function iconSprite(icons: Readonly<Record<string, string>>, names: Iterable<string>): string {
  const symbols = [...new Set(names)]
    .filter((name) => Object.hasOwn(icons, name))
    .sort()
    .map((name) => `<symbol id="icon-${name}" viewBox="0 0 24 24">${drawing(icons[name] ?? '')}</symbol>`);
  return symbols.length
    ? `<svg class="icon-sprite" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false">${symbols.join('')}</svg>`
    : '';
}

/** The icons a page's markup and its social links ask for (`#icon-<name>`). */
export function iconsWanted(html: string, socialLinks: unknown): string[] {
  const names = new Set<string>();
  for (const [, name] of html.matchAll(/href="#icon-([a-z]+)"/g)) if (name) names.add(name);
  if (Array.isArray(socialLinks))
    for (const link of socialLinks) {
      const network = (link as { network?: unknown }).network;
      if (typeof network === 'string') names.add(network);
    }
  return [...names];
}
