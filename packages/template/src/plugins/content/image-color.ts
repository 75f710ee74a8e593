import type { Formatter } from '../../plugin-api';
import { toStr } from '../../values';
import { prop } from './node-path';

/** The five sampled regions of an image's colour data, in output order. */
export const COLOR_POSITIONS = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center'] as const;

/** `[position, hex]` for all five regions of an item's `colorData` (hex without `#`, empty when absent). */
export function colorsOf(item: unknown): [string, string][] {
  const data = prop(item, 'colorData');
  return COLOR_POSITIONS.map((pos) => [pos, toStr(prop(data, `${pos}Average`))]);
}

/**
 * `image-color`: all colours as `data-color-<pos>="#hex"` attributes, or with
 * `POS [PROP]` the single colour (`#hex` or `PROP: #hex`).
 */
export const imageColor: Formatter = (value, args) => {
  const data = prop(value, 'colorData');
  if (data === undefined) return undefined;
  if (args.length > 0 && args[0] !== '') {
    const pos = args[0];
    const hex = toStr(prop(data, `${pos}Average`));
    if (hex === '') return `"${pos}" not found.`;
    return args.length > 1 ? `${args[1]}: #${hex}` : `#${hex}`;
  }
  // Every region is listed, even without a colour, each attribute followed by a space.
  return colorsOf(value)
    .map(([pos, hex]) => `data-color-${pos}="#${hex}" `)
    .join('');
};
