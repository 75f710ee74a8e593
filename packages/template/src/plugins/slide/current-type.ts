import type { Predicate } from '../../plugin-api';
import { asInt, prop } from '../content/node-path';

/** Slice type codes (spec §3 enumerations). */
export const SLICE_TYPES: Readonly<Record<string, number>> = {
  heading: 1,
  body: 3,
  image: 4,
  gallery: 5,
  video: 6,
  'social-icons': 7,
  buttons: 8,
  navigation: 9,
  'custom-form': 10,
  newsletter: 11,
  album: 12,
  map: 13,
  logo: 14,
  action: 15,
  form: 16,
  lock: 17,
  password: 18,
  twitter: 19,
};

/** `current-type? NAME`: the node's `currentType` is the slice type called NAME. */
export const currentType: Predicate = (args, ctx) => {
  const name = args[0];
  if (name === undefined || !Object.hasOwn(SLICE_TYPES, name)) return false;
  const current = prop(ctx.node, 'currentType');
  if (typeof current !== 'number' && typeof current !== 'string') return false;
  return asInt(current) === SLICE_TYPES[name];
};
