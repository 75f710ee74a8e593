import { type DrawingKind, drawing } from './demo-drawings';

/** The pictures each demo product gets: the main view, a close-up and the product in a room. */
export const DEMO_VIEWS = ['main', 'detail', 'scene'] as const;
export type DemoView = (typeof DEMO_VIEWS)[number];

/**
 * Demo product images, generated (nothing is fetched from the internet): a drawing of the
 * product in its colour, seen three ways. Served at /assets/demo/<slug>[-detail|-scene].svg.
 */
export function demoImageSvg(
  slug: string,
  hue: number,
  kind: DrawingKind = 'tote',
  view: DemoView = 'main',
): string {
  const colour = `hsl(${hue},45%,55%)`;
  const shade = `hsl(${hue},40%,28%)`;
  const art = drawing(kind, colour, shade);
  const open = (viewBox: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000" viewBox="${viewBox}" role="img" aria-label="${slug} (${view})">`;
  if (view === 'detail') {
    // A close-up: the middle of the same drawing, on a plain ground.
    return `${open('250 250 500 500')}
<rect x="0" y="0" width="1000" height="1000" fill="hsl(${hue},30%,94%)"/>
${art}
</svg>`;
  }
  if (view === 'scene') {
    // On a shelf against a wall, smaller, with a soft shadow.
    return `${open('0 0 1000 1000')}
<rect width="1000" height="1000" fill="hsl(${(hue + 30) % 360},25%,88%)"/>
<rect y="760" width="1000" height="240" fill="hsl(30,30%,62%)"/>
<rect y="760" width="1000" height="16" fill="hsl(30,30%,48%)"/>
<ellipse cx="500" cy="770" rx="230" ry="26" fill="#000" opacity="0.15"/>
<g transform="translate(500 560) scale(0.62) translate(-500 -500)">${art}</g>
<rect x="90" y="120" width="170" height="220" fill="#fff" opacity="0.55"/>
</svg>`;
  }
  return `${open('0 0 1000 1000')}
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},35%,93%)"/><stop offset="1" stop-color="hsl(${(hue + 30) % 360},30%,84%)"/></linearGradient></defs>
<rect width="1000" height="1000" fill="url(#g)"/>
<ellipse cx="500" cy="830" rx="260" ry="28" fill="#000" opacity="0.08"/>
${art}
</svg>`;
}

export const demoImageSize = '1000x1000';
