import { type DrawingKind, drawing } from '../seed/demo-drawings';
import { demoImageSvg } from '../seed/demo-image';

/**
 * The pictures starter sites ship with, drawn here (nothing is fetched): the product drawings
 * the demo uses, and a few abstract compositions for heroes and portfolio pieces. Served at
 * /assets/starters/<name>.svg; each starter's JSON names its pictures and their hues.
 */
const DRAWINGS = ['tote', 'mug', 'notebook', 'print', 'beanie', 'tee'] as const satisfies DrawingKind[];
const WIDE = ['shelf', 'hills'] as const;
const SQUARE = ['arches', 'waves', 'sun', 'blocks', 'bloom'] as const;
export const ART_KINDS = [...DRAWINGS, ...WIDE, ...SQUARE] as const;
export type ArtKind = (typeof ART_KINDS)[number];

const hsl = (h: number, s: number, l: number) => `hsl(${((h % 360) + 360) % 360},${s}%,${l}%)`;

/** Width × height as templates read it (`originalSize`). */
export function artSize(kind: ArtKind): string {
  return (WIDE as readonly string[]).includes(kind) ? '1600x900' : '1000x1000';
}

function svg(width: number, height: number, label: string, body: string): string {
  const safe = label.replace(/[<>&"]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${safe}">\n${body}\n</svg>`;
}

/** Three of the shop's goods on a shelf against a wall (1600 × 900). */
function shelf(hue: number): string {
  const items = (['mug', 'tote', 'notebook'] as const).map((kind, i) => {
    const x = 420 + i * 380;
    const h = hue + i * 40;
    return `<g transform="translate(${x} 520) scale(0.42) translate(-500 -520)">${drawing(kind, hsl(h, 45, 55), hsl(h, 40, 28))}</g>`;
  });
  return [
    `<rect width="1600" height="900" fill="${hsl(hue + 20, 30, 90)}"/>`,
    `<rect x="0" y="690" width="1600" height="210" fill="${hsl(hue, 25, 70)}"/>`,
    `<rect x="0" y="690" width="1600" height="14" fill="${hsl(hue, 25, 55)}"/>`,
    `<circle cx="1380" cy="210" r="120" fill="${hsl(hue + 30, 60, 82)}"/>`,
    ...items,
  ].join('\n');
}

/** Layered hills under a low sun (1600 × 900). */
function hills(hue: number): string {
  const layers = [0, 1, 2, 3].map((i) => {
    const y = 430 + i * 110;
    const path = `M0 ${y} Q400 ${y - 120 + i * 20} 800 ${y - 20} T1600 ${y - 40} V900 H0 Z`;
    return `<path d="${path}" fill="${hsl(hue + i * 8, 30 + i * 5, 70 - i * 13)}"/>`;
  });
  return [
    `<rect width="1600" height="900" fill="${hsl(hue + 180, 35, 92)}"/>`,
    `<circle cx="1120" cy="330" r="110" fill="${hsl(hue + 200, 70, 78)}"/>`,
    ...layers,
  ].join('\n');
}

function arches(hue: number): string {
  const shapes = [0, 1, 2, 3].map((i) => {
    const w = 640 - i * 140;
    const x = 500 - w / 2;
    return `<path d="M${x} 860 V${500 - i * 10} A${w / 2} ${w / 2} 0 0 1 ${x + w} ${500 - i * 10} V860 Z" fill="${hsl(hue + i * 12, 40, 78 - i * 14)}"/>`;
  });
  return [`<rect width="1000" height="1000" fill="${hsl(hue, 30, 94)}"/>`, ...shapes].join('\n');
}

function waves(hue: number): string {
  const bands = [0, 1, 2, 3, 4, 5].map((i) => {
    const y = 220 + i * 120;
    return `<path d="M0 ${y} C250 ${y - 90} 350 ${y + 90} 500 ${y} S750 ${y - 90} 1000 ${y} V1000 H0 Z" fill="${hsl(hue + i * 6, 45, 86 - i * 10)}"/>`;
  });
  return [`<rect width="1000" height="1000" fill="${hsl(hue, 35, 95)}"/>`, ...bands].join('\n');
}

function sun(hue: number): string {
  const lines = [0, 1, 2, 3, 4].map(
    (i) =>
      `<rect x="120" y="${640 + i * 56}" width="760" height="${22 - i * 3}" rx="11" fill="${hsl(hue + 180, 30, 40)}" opacity="${0.8 - i * 0.12}"/>`,
  );
  return [
    `<rect width="1000" height="1000" fill="${hsl(hue + 20, 45, 93)}"/>`,
    `<circle cx="500" cy="520" r="260" fill="${hsl(hue, 75, 62)}"/>`,
    `<rect x="0" y="600" width="1000" height="400" fill="${hsl(hue + 20, 45, 93)}"/>`,
    ...lines,
  ].join('\n');
}

function blocks(hue: number): string {
  const cells: [number, number, number, number, number][] = [
    [60, 60, 520, 400, 0],
    [620, 60, 320, 240, 1],
    [620, 340, 320, 360, 2],
    [60, 500, 240, 440, 3],
    [340, 500, 240, 200, 4],
    [340, 740, 600, 200, 5],
  ];
  const rects = cells.map(
    ([x, y, w, h, i]) =>
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${i % 3 === 0 ? hsl(hue, 55, 58) : hsl(hue + i * 25, 20 + i * 6, 82 - i * 4)}"/>`,
  );
  return [`<rect width="1000" height="1000" fill="${hsl(hue, 10, 97)}"/>`, ...rects].join('\n');
}

function bloom(hue: number): string {
  const petals = Array.from({ length: 8 }, (_, i) => {
    const angle = i * 45;
    return `<ellipse cx="500" cy="330" rx="90" ry="170" fill="${hsl(hue + (i % 2) * 20, 55, 70)}" opacity="0.85" transform="rotate(${angle} 500 500)"/>`;
  });
  return [
    `<rect width="1000" height="1000" fill="${hsl(hue + 150, 25, 93)}"/>`,
    ...petals,
    `<circle cx="500" cy="500" r="90" fill="${hsl(hue + 40, 70, 55)}"/>`,
  ].join('\n');
}

const COMPOSITIONS: Record<(typeof WIDE)[number] | (typeof SQUARE)[number], (hue: number) => string> = {
  shelf,
  hills,
  arches,
  waves,
  sun,
  blocks,
  bloom,
};

/** The SVG of one starter picture. */
export function starterArtSvg(name: string, kind: ArtKind, hue: number): string {
  if ((DRAWINGS as readonly string[]).includes(kind)) return demoImageSvg(name, hue, kind as DrawingKind);
  const [width = 1000, height = 1000] = artSize(kind).split('x').map(Number);
  return svg(width, height, name, COMPOSITIONS[kind as keyof typeof COMPOSITIONS](hue));
}

/**
 * What the setup screen shows for a starter: a small wireframe of its home page in its
 * colour (header, hero, then product cards, picture tiles or lines of text).
 */
export function starterPreviewSvg(id: string, hue: number, look: 'shop' | 'gallery' | 'text'): string {
  const accent = hsl(hue, 45, 45);
  const soft = hsl(hue, 30, 88);
  const ink = hsl(hue, 15, 30);
  const parts = [
    `<rect width="320" height="200" fill="#fff"/>`,
    `<rect x="16" y="14" width="70" height="9" rx="4" fill="${ink}"/>`,
    ...[0, 1, 2].map(
      (i) => `<rect x="${200 + i * 36}" y="16" width="26" height="5" rx="2.5" fill="${soft}"/>`,
    ),
  ];
  if (look === 'text') {
    parts.push(`<rect x="16" y="50" width="180" height="16" rx="4" fill="${ink}"/>`);
    for (const [i, w] of [270, 250, 262, 180, 240].entries())
      parts.push(`<rect x="16" y="${82 + i * 14}" width="${w}" height="6" rx="3" fill="${soft}"/>`);
  } else {
    parts.push(`<rect x="16" y="38" width="288" height="76" rx="6" fill="${soft}"/>`);
    parts.push(`<rect x="30" y="62" width="120" height="12" rx="4" fill="${accent}"/>`);
    parts.push(`<rect x="30" y="82" width="54" height="14" rx="7" fill="${accent}" opacity="0.6"/>`);
    for (let i = 0; i < 4; i++) {
      const x = 16 + i * 74;
      parts.push(
        `<rect x="${x}" y="126" width="66" height="${look === 'shop' ? 44 : 60}" rx="4" fill="${hsl(hue + i * 25, 35, 75)}"/>`,
      );
      if (look === 'shop') {
        parts.push(`<rect x="${x}" y="176" width="48" height="5" rx="2.5" fill="${ink}"/>`);
        parts.push(`<rect x="${x}" y="185" width="26" height="5" rx="2.5" fill="${accent}"/>`);
      }
    }
  }
  return svg(320, 200, `${id} starter`, parts.join('\n'));
}
