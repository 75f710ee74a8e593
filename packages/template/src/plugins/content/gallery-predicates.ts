import type { Predicate } from '../../plugin-api';
import { isTruthy, toBool } from '../../values';
import { prop } from './node-path';

/** Gallery option selections: option key -> the values that get a predicate each. */
const SELECTIONS: [prefix: string, key: string, values: string[]][] = [
  ['gallery-design', 'design', ['grid', 'slideshow', 'slider', 'stacked']],
  [
    'gallery-meta-position',
    'meta-position',
    ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'],
  ],
  ['gallery-active-alignment', 'active-alignment', ['center', 'left', 'right']],
];

/** Boolean gallery options, each tested by `gallery-<option>?`. */
const FLAGS = [
  'autoplay',
  'auto-crop',
  'controls',
  'lightbox',
  'square-thumbs',
  'show-meta',
  'show-meta-on-hover',
  'thumbnails',
];

/** Predicates over the gallery `options` variable (resolved through the scope). */
export function galleryPredicates(): Record<string, Predicate> {
  const out: Record<string, Predicate> = {};
  for (const [prefix, key, values] of SELECTIONS) {
    for (const v of values) {
      out[`${prefix}-${v}?`] = (_args, ctx) => prop(ctx.resolve('options'), key) === v;
    }
  }
  for (const flag of FLAGS) {
    out[`gallery-${flag}?`] = (_args, ctx) => toBool(prop(ctx.resolve('options'), flag));
  }
  out['gallery-meta?'] = (_args, ctx) => {
    const options = ctx.resolve('options');
    return isTruthy(prop(options, 'controls')) || isTruthy(prop(options, 'indicators'));
  };
  return out;
}
