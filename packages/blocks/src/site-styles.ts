import { z } from 'zod';

/** Named colours accepted besides hex, rgb(a), hsl(a) and hwb (a common subset of CSS's list). */
const NAMED: Record<string, string> = {
  black: '000000',
  white: 'ffffff',
  red: 'ff0000',
  green: '008000',
  blue: '0000ff',
  yellow: 'ffff00',
  orange: 'ffa500',
  purple: '800080',
  gray: '808080',
  grey: '808080',
  silver: 'c0c0c0',
  navy: '000080',
  teal: '008080',
  olive: '808000',
  maroon: '800000',
  lime: '00ff00',
  aqua: '00ffff',
  fuchsia: 'ff00ff',
  beige: 'f5f5dc',
  ivory: 'fffff0',
  tan: 'd2b48c',
  brown: 'a52a2a',
  coral: 'ff7f50',
  salmon: 'fa8072',
  gold: 'ffd700',
  indigo: '4b0082',
  crimson: 'dc143c',
  forestgreen: '228b22',
  slategray: '708090',
  darkslategray: '2f4f4f',
  whitesmoke: 'f5f5f5',
  linen: 'faf0e6',
  seagreen: '2e8b57',
  tomato: 'ff6347',
};

export type Rgba = [number, number, number, number];
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/** A number or percentage of `scale` (channels 255, fractions 1). */
const amount = (token: string, scale: number) =>
  token.endsWith('%') ? (Number.parseFloat(token) / 100) * scale : Number.parseFloat(token);

/**
 * Spec §5 colours: hex of 3 or 6 digits (optional #), rgb/rgba, hsl/hsla, hwb, named colours
 * and transparent; channels clamped to 0–255, alpha to 0–1, hue to 0–360. Null when unreadable.
 */
export function parseColor(input: string): Rgba | null {
  const value = input.trim().toLowerCase();
  if (value === 'transparent') return [0, 0, 0, 0];
  const hex = (NAMED[value] ?? value).replace(/^#/, '');
  if (/^[0-9a-f]{3}$|^[0-9a-f]{6}$/.test(hex)) {
    const full = hex.length === 3 ? hex.replace(/./g, (c) => c + c) : hex;
    return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)).concat(1) as Rgba;
  }
  const fn = /^(rgba?|hsla?|hwb)\(([^)]*)\)$/.exec(value);
  if (!fn) return null;
  const [, name = '', args = ''] = fn;
  const parts = args.split(/[\s,/]+/).filter(Boolean);
  if (parts.length < 3 || parts.length > 4 || parts.some((p) => Number.isNaN(Number.parseFloat(p))))
    return null;
  // Three parts are checked above, so the defaults never apply.
  const [first = '', second = '', third = '', fourth] = parts;
  const alpha = fourth === undefined ? 1 : clamp(amount(fourth, 1), 0, 1);
  let rgb: [number, number, number];
  if (name.startsWith('rgb'))
    rgb = [first, second, third].map((p) => amount(p, 255)) as [number, number, number];
  else {
    const hue = clamp(Number.parseFloat(first), 0, 360);
    const x = clamp(amount(second, 1), 0, 1);
    const y = clamp(amount(third, 1), 0, 1);
    if (name === 'hwb') {
      const [w, b] = x + y > 1 ? [x / (x + y), y / (x + y)] : [x, y];
      rgb = hslToRgb(hue, 1, 0.5).map((c) => (c / 255) * (1 - w - b) * 255 + w * 255) as [
        number,
        number,
        number,
      ];
    } else rgb = hslToRgb(hue, x, y);
  }
  return [...rgb.map((c) => Math.round(clamp(c, 0, 255))), alpha] as Rgba;
}

/** Spec §5: a colour is dark when its luminance is under 0.65; text on it is then white. */
export function isDarkColor(rgba: Rgba): boolean {
  const [r, g, b] = rgba;
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 < 0.65;
}

export const toCss = ([r, g, b, a]: Rgba) =>
  a === 1 ? `rgb(${r}, ${g}, ${b})` : `rgba(${r}, ${g}, ${b}, ${a})`;

/** Open-licensed families shipped with the project (@fontsource), never fetched from a font service. */
export const FONT_FAMILIES = {
  system: { label: 'System', css: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', file: null },
  inter: { label: 'Inter', css: '"Inter", system-ui, sans-serif', file: 'inter' },
  'work-sans': { label: 'Work Sans', css: '"Work Sans", system-ui, sans-serif', file: 'work-sans' },
  lora: { label: 'Lora', css: '"Lora", Georgia, serif', file: 'lora' },
  'playfair-display': {
    label: 'Playfair Display',
    css: '"Playfair Display", Georgia, serif',
    file: 'playfair-display',
  },
} as const;
export type FontFamily = keyof typeof FONT_FAMILIES;

const color = z
  .string()
  .trim()
  .max(60)
  .refine((v) => parseColor(v) !== null, 'is not a colour (hex, rgb, hsl, hwb or a named colour)');
const font = z.enum(Object.keys(FONT_FAMILIES) as [FontFamily, ...FontFamily[]]);

/** The site's design: colours, fonts, spacing and button style. */
export const siteStylesSchema = z.object({
  accentColor: color.default('#2f5d50'),
  textColor: color.default('#1d1d1f'),
  backgroundColor: color.default('#fbfaf7'),
  headingFont: font.default('system'),
  bodyFont: font.default('system'),
  buttonShape: z.enum(['pill', 'rounded', 'square']).default('pill'),
  spacing: z.enum(['compact', 'comfortable', 'airy']).default('comfortable'),
});
export type SiteStyles = z.infer<typeof siteStylesSchema>;
export const defaultSiteStyles: SiteStyles = siteStylesSchema.parse({});

const RADIUS = { pill: '999px', rounded: '8px', square: '0' };
const SPACE = { compact: '16px', comfortable: '28px', airy: '44px' };

/**
 * The CSS the layout adds after the theme's stylesheet: @font-face for the chosen shipped
 * fonts and the theme's variables. Shared by the server (every page) and the studio's live preview.
 */
export function siteStylesCss(styles: SiteStyles): string {
  const rgba = (v: string) => parseColor(v) ?? [0, 0, 0, 1];
  const accent = rgba(styles.accentColor);
  // Text in the accent colour on the page (outlined buttons, links) needs a dark accent to be
  // read; a light one gives way to the text colour. Filled buttons use --accent-ink on --accent.
  const accentText = isDarkColor(accent) ? toCss(accent) : toCss(rgba(styles.textColor));
  const faces = [...new Set([styles.headingFont, styles.bodyFont])]
    .map((f) => FONT_FAMILIES[f].file)
    .filter((f): f is NonNullable<typeof f> => f !== null)
    .flatMap((file) =>
      [400, 700].map(
        (w) =>
          `@font-face{font-family:"${FONT_FAMILIES[file as FontFamily].css.split('"')[1]}";font-weight:${w};font-display:swap;src:url(/assets/fonts/${file}/${file}-latin-${w}-normal.woff2) format("woff2")}`,
      ),
    );
  return [
    ...faces,
    // The theme's buttons (filled, outlined, add to cart, checkout, search) all read
    // --button-radius and --accent-ink / --accent-text: no selector here outranks a variant.
    `:root{--accent:${toCss(accent)};--accent-ink:${isDarkColor(accent) ? '#fff' : '#1d1d1f'};--ink:${toCss(rgba(styles.textColor))};--bg:${toCss(rgba(styles.backgroundColor))};--accent-text:${accentText};--button-radius:${RADIUS[styles.buttonShape]};font-family:${FONT_FAMILIES[styles.bodyFont].css}}`,
    `h1,h2,h3,h4,.site-title{font-family:${FONT_FAMILIES[styles.headingFont].css}}`,
    `.site-main{padding-top:${SPACE[styles.spacing]}}.page-section{margin-bottom:${SPACE[styles.spacing]}}`,
  ].join('');
}
