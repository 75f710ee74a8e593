import type { RenderContext } from '../../plugin-api';
import { escapeHtml, isObject, isTruthy, toStr } from '../../values';
import { asInt, prop } from './node-path';

/** Generated descriptions (alt text taken from an item body) are capped at this many characters. */
const MAX_ALT_LENGTH = 250;
/** `blockType` code of an image block: there the editor-supplied `altText` wins. */
const IMAGE_BLOCK_TYPE = 5;

/**
 * Replaces every HTML tag with a single space, scanning like the reference: text after
 * an unclosed `<` is dropped and every `>` (even a stray one) becomes a space.
 */
export function removeTags(html: string): string {
  let out = '';
  let inTag = false;
  for (const ch of html) {
    if (ch === '<') inTag = true;
    else if (ch === '>') {
      inTag = false;
      out += ' ';
    } else if (!inTag) out += ch;
  }
  return out;
}

/** Alt text of an image item: title, else tag-stripped body (capped), else filename. */
export function altTextOf(item: unknown, ctx: RenderContext): string {
  if (asInt(ctx.resolve('blockType')) === IMAGE_BLOCK_TYPE) {
    return toStr(prop(item, 'altText'));
  }
  const title = prop(item, 'title');
  if (isTruthy(title)) return toStr(title);
  const body = prop(item, 'body');
  if (isTruthy(body)) {
    const text = removeTags(toStr(body));
    if (text.length > 0) return text.slice(0, MAX_ALT_LENGTH);
  }
  const filename = prop(item, 'filename');
  return isTruthy(filename) ? toStr(filename) : '';
}

/** A focal coordinate as the reference reads it: strings via parseFloat, booleans 1/0, else 0. */
function coordinate(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return Number.parseFloat(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  return 0;
}

/** `x,y` of the media focal point: the centre when the item has none. */
export function focalPointOf(item: unknown): string {
  const point = prop(item, 'mediaFocalPoint');
  if (point === undefined) return '0.5,0.5';
  const coord = (v: unknown) => String(coordinate(v));
  return `${coord(prop(point, 'x'))},${coord(prop(point, 'y'))}`;
}

/**
 * The data attributes (`altEscapes`: how many times the alt text is HTML-escaped; the
 * reference's `image` formatter escapes it twice) the front-end image loader reads, each followed by a space, e.g.
 * `data-src="/a.jpg" data-image="/a.jpg" data-image-dimensions="10x20" data-image-focal-point="0.5,0.5" alt="" `.
 * Missing input gives missing; any other value is read as an (possibly empty) image.
 */
export function imageMeta(item: unknown, ctx: RenderContext, altEscapes = 1): string | undefined {
  if (item === undefined) return undefined;
  const parts: string[] = [];
  if (isObject(prop(item, 'licensedAssetPreview'))) parts.push('data-licensed-asset-preview="true"');
  const componentKey = prop(item, 'componentKey');
  if (isTruthy(componentKey)) parts.push(`data-component-key="${toStr(componentKey)}"`);
  const assetUrl = toStr(prop(item, 'assetUrl'));
  parts.push(`data-src="${assetUrl}"`);
  parts.push(`data-image="${assetUrl}"`);
  parts.push(`data-image-dimensions="${toStr(prop(item, 'originalSize'))}"`);
  parts.push(`data-image-focal-point="${focalPointOf(item)}"`);
  let alt = altTextOf(item, ctx);
  for (let i = 0; i < altEscapes; i++) alt = escapeHtml(alt, true);
  parts.push(`alt="${alt}"`);
  return parts.map((p) => `${p} `).join('');
}
