import type { Formatter } from '../../plugin-api';
import { toStr } from '../../values';

/** What the size helpers give when the value is not a `WxH` size (reference wording, no period). */
export const INVALID_SIZE = "Invalid source parameter. Pass in 'originalSize'";

/**
 * Splits `WxH` into its two parts parsed as integers (a part that is not a number gives
 * NaN, as in the reference); undefined unless there are exactly two parts.
 */
export function parseSize(value: unknown): { width: number; height: number } | undefined {
  const parts = toStr(value).split('x');
  const [width, height] = parts;
  if (parts.length !== 2 || width === undefined || height === undefined) return undefined;
  return { width: Number.parseInt(width, 10), height: Number.parseInt(height, 10) };
}

/** Size name for a requested width (spec §9 thumbnail choice). */
export function thumbnailForWidth(width: number): string {
  if (width > 1000) return '1500w';
  if (width > 750) return '1000w';
  if (width > 500) return '750w';
  if (width > 300) return '500w';
  if (width > 100) return '300w';
  return '100w';
}

/** The first argument as an integer; a missing or non-numeric argument counts as 0. */
const intArg = (args: readonly string[]): number => Number.parseInt(args[0] ?? '', 10) || 0;

/**
 * Truncates to a 32-bit integer like the reference: NaN and infinities (zero-sized
 * sources) become 0 and huge results wrap.
 */
const toInt = (n: number): number => n | 0;

export const width: Formatter = (value) => parseSize(value)?.width;
export const height: Formatter = (value) => parseSize(value)?.height;

/** `resizedHeightForWidth W`: the height that keeps the aspect ratio at width W. */
export const resizedHeightForWidth: Formatter = (value, args) => {
  const size = parseSize(value);
  if (!size) return INVALID_SIZE;
  return toInt((intArg(args) / size.width) * size.height);
};

/** `resizedWidthForHeight H`: the width that keeps the aspect ratio at height H. */
export const resizedWidthForHeight: Formatter = (value, args) => {
  const size = parseSize(value);
  if (!size) return INVALID_SIZE;
  return toInt((intArg(args) / size.height) * size.width);
};

/** `squarespaceThumbnailForWidth W`: the image size name to request for width W. */
export const squarespaceThumbnailForWidth: Formatter = (_value, args) => thumbnailForWidth(intArg(args));

/** `squarespaceThumbnailForHeight H`: the size name for the width implied by height H. */
export const squarespaceThumbnailForHeight: Formatter = (value, args) => {
  const size = parseSize(value);
  if (!size) return INVALID_SIZE;
  return thumbnailForWidth(toInt((intArg(args) / size.height) * size.width));
};
