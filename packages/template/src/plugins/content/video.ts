import type { Formatter } from '../../plugin-api';
import { escapeHtml, isTruthy, toStr } from '../../values';
import { colorsOf } from './image-color';
import { focalPointOf } from './image-meta';
import { prop } from './node-path';

/** Overlay thumbnail `<img>` (the loader fills it in; colour hints only on request). */
function overlayImage(value: unknown, withColors: boolean): string {
  const attrs = [
    'data-load="false"',
    `data-src="${toStr(prop(value, 'assetUrl'))}"`,
    `data-image-dimensions="${toStr(prop(value, 'originalSize'))}"`,
    `data-image-focal-point="${focalPointOf(value)}"`,
  ];
  if (withColors && isTruthy(prop(value, 'colorData'))) {
    for (const [pos, hex] of colorsOf(value)) attrs.push(`data-color-${pos.toLowerCase()}="#${hex}"`);
  }
  return `<img ${attrs.join(' ')} />`;
}

/**
 * `video [load-false] [color-data]`: the wrapper the video player script enhances,
 * carrying the escaped oEmbed HTML, plus a click-to-play overlay when the item has one.
 */
export const video: Formatter = (value, args) => {
  const loadFalse = args.includes('load-false');
  const colorData = args.includes('color-data');
  const oembed = prop(value, 'oembed');
  // The doubled space before data-load is part of the reference markup.
  let out = '<div class="sqs-video-wrapper" ';
  if (loadFalse) out += ' data-load="false" ';
  out += `data-html="${escapeHtml(toStr(prop(oembed, 'html')), true)}"`;
  out += ` data-provider-name="${toStr(prop(oembed, 'providerName'))}">`;
  if (isTruthy(prop(value, 'overlay'))) {
    const hasThumb = isTruthy(prop(value, 'mainImageId')) || isTruthy(prop(value, 'systemDataId'));
    out += hasThumb
      ? `<div class="sqs-video-overlay" style="opacity: 0;">${overlayImage(value, colorData)}`
      : '<div class="sqs-video-overlay no-thumb" style="opacity: 0;">';
    out += '<div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div></div>';
  }
  return `${out}</div>`;
};
