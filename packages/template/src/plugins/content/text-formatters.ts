import type { Formatter } from '../../plugin-api';
import { toNum, toStr } from '../../values';
import { path, prop } from './node-path';

/** `AbsUrl`: a site-relative path made absolute with the context's `base-url`. */
export const absUrl: Formatter = (value, _args, ctx) => `${toStr(ctx.resolve('base-url'))}/${toStr(value)}`;

/** `capitalize`: the whole string in upper case. */
export const capitalize: Formatter = (value) => toStr(value).toUpperCase();

/**
 * `humanizeDuration`: milliseconds as `m:ss`. Minutes are not wrapped into hours, and
 * negative durations keep the reference's sign on both parts (`-1:-5`).
 */
export const humanizeDuration: Formatter = (value) => {
  const ms = toNum(value);
  const minutes = Math.trunc(ms / 60000);
  const seconds = Math.trunc(ms / 1000) % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
};

/** `audio-player`: the script hook and placeholder the audio player front-end enhances. */
export const audioPlayer: Formatter = (value) => {
  const id = toStr(prop(value, 'id'));
  const url = toStr(path(value, 'structuredContent', 'audioAssetUrl'));
  return (
    "<script>Y.use('squarespace-audio-player-frontend');</script>\n" +
    `<div class="squarespace-audio-player" data-audio-asset-url="${url}" data-item-id="${id}" id="audio-player-${id}"></div>`
  );
};
