import type { Formatter } from '../../plugin-api';
import { strftime } from './strftime';

/** Largest |epoch ms| a JavaScript Date can represent. */
const MAX_EPOCH = 8.64e15;

/** The instant a value denotes: numbers, or strings holding a number; else undefined. */
export function toInstant(value: unknown): number | undefined {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && value.trim() !== '') n = Number(value);
  else return undefined;
  return Number.isFinite(n) && Math.abs(n) <= MAX_EPOCH ? n : undefined;
}

/** `date FORMAT`: strftime-like formatting in the site time zone; bad input gives ''. */
export const dateFormatter: Formatter = (value, args, ctx) => {
  if (args.length === 0) return '';
  const instant = toInstant(value);
  if (instant === undefined) return '';
  return strftime(instant, args.join(' '), ctx.timeZone);
};
