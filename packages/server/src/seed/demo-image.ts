/**
 * Demo product images, generated (nothing is fetched from the internet): a flat SVG in
 * the product's hue with its initials. Served at /assets/demo/<slug>.svg.
 */
export function demoImageSvg(slug: string, hue: number): string {
  const initials = slug
    .split('-')
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000" viewBox="0 0 1000 1000" role="img" aria-label="${slug}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},45%,78%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},40%,62%)"/></linearGradient></defs>
<rect width="1000" height="1000" fill="url(#g)"/>
<circle cx="500" cy="470" r="250" fill="hsl(${hue},35%,92%)" opacity="0.55"/>
<text x="500" y="540" font-family="Georgia, serif" font-size="200" text-anchor="middle" fill="hsl(${hue},40%,25%)">${initials}</text>
</svg>`;
}

export const demoImageSize = '1000x1000';
