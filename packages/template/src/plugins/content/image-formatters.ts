import type { Formatter } from '../../plugin-api';
import { escapeHtml, isObject, toStr } from '../../values';
import { altTextOf, imageMeta } from './image-meta';
import { prop } from './node-path';

/** `image-meta`: the loader data attributes of the image value. */
export const imageMetaFormatter: Formatter = (value, _args, ctx) => imageMeta(value, ctx);

/** `child-image-meta [N]`: image meta of `items[N]` (default the first child). */
export const childImageMeta: Formatter = (value, args, ctx) => {
  const index = args[0] !== undefined && args[0] !== '' ? Number.parseInt(args[0], 10) : 0;
  if (Number.isNaN(index)) return undefined;
  return imageMeta(prop(prop(value, 'items'), index), ctx);
};

/** `cover-image-meta`: image meta of the item's `coverImage`. */
export const coverImageMeta: Formatter = (value, _args, ctx) => imageMeta(prop(value, 'coverImage'), ctx);

/** `image [CLASS]`: a lazy-loaded `<img>` plus a `<noscript>` fallback for crawlers. */
export const image: Formatter = (value, args, ctx) => {
  // Only a single argument names the class; anything else keeps the default.
  const cls = args.length === 1 && args[0] !== '' ? args[0] : 'thumb-image';
  const assetUrl = toStr(prop(value, 'assetUrl'));
  const alt = escapeHtml(altTextOf(value, ctx), true);
  const id = toStr(prop(value, 'id'));
  return (
    `<noscript><img src="${assetUrl}" alt="${alt}" /></noscript>` +
    `<img class="${cls}" ${imageMeta(value, ctx, 2) ?? ''}data-load="false" data-image-id="${id}" data-type="image" />`
  );
};

/** Standard widths the image service renders, smallest first. */
export const IMAGE_WIDTHS = ['100w', '300w', '500w', '750w', '1000w', '1500w', '2500w'];

/**
 * `image-srcset`: a `srcset` attribute listing every width variant (`NNNw` entries of
 * `systemDataVariants`, kept as written); when the last variant is a standard width below
 * the maximum, the original is offered as the next standard size up.
 */
export const imageSrcset: Formatter = (value) => {
  // Non-objects pass through untouched, as in the reference.
  if (!isObject(value)) return value;
  const assetUrl = toStr(prop(value, 'assetUrl'));
  const variants = toStr(prop(value, 'systemDataVariants'))
    .split(',')
    .filter((v) => v.endsWith('w'));
  if (variants.length === 0) return undefined;
  const entries = variants.map((v) => `${assetUrl}?format=${v} ${v}`);
  const at = IMAGE_WIDTHS.indexOf(variants[variants.length - 1] ?? '');
  if (at >= 0 && at < IMAGE_WIDTHS.length - 1)
    entries.push(`${assetUrl}?format=original ${IMAGE_WIDTHS[at + 1]}`);
  return ` srcset="${entries.join(',')}"`;
};
