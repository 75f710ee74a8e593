import type { Predicate } from '../../plugin-api';
import { asInt, prop } from './node-path';

/** Record type codes (spec §3 enumerations) behind the record-type predicates. */
const RECORD_TYPES: Record<string, number> = {
  'undefined?': -1,
  'text?': 1,
  'audio?': 7,
  'store-item?': 11,
  'event?': 12,
  'binary?': 15,
  'css-asset?': 16,
  'tweak-asset?': 17,
  'digital-good?': 18,
  'attachment?': 19,
  'wordpress-export?': 20,
  'json-export?': 21,
  'site-search?': 30,
  'active-time?': 31,
  'tweet?': 50,
  'checkin?': 52,
  'kbarticle?': 54,
};

/** Types that a post can also take on by promoting a block of the same kind. */
const PROMOTABLE_TYPES: [name: string, code: number, block: string][] = [
  ['image?', 2, 'image'],
  ['quote?', 4, 'quote'],
  ['link?', 5, 'link'],
  ['video?', 8, 'video'],
  ['external-video?', 8, 'video'],
  ['gallery?', 14, 'gallery'],
];

const PROMOTED_BLOCKS = [
  'map',
  'embed',
  'image',
  'code',
  'quote',
  'twitter',
  'link',
  'video',
  'foursquare',
  'instagram',
  'form',
];

/** Background source codes; `undefined` is the unset marker. */
const BACKGROUND_SOURCES: Record<string, number> = {
  undefined: -1,
  upload: 1,
  instagram: 2,
  video: 3,
  none: 4,
};

const isNumberLike = (v: unknown) => typeof v === 'number' || typeof v === 'string';
const recordTypeIs = (node: unknown, code: number) =>
  isNumberLike(prop(node, 'recordType')) && asInt(prop(node, 'recordType')) === code;

/** All record-type, promoted-block and background-source predicates of the current node. */
export function recordTypePredicates(): Record<string, Predicate> {
  const out: Record<string, Predicate> = {};
  for (const [name, code] of Object.entries(RECORD_TYPES)) {
    out[name] = (_args, ctx) => recordTypeIs(ctx.node, code);
  }
  for (const [name, code, block] of PROMOTABLE_TYPES) {
    out[name] = (_args, ctx) => recordTypeIs(ctx.node, code) || prop(ctx.node, 'promotedBlockType') === block;
  }
  for (const block of PROMOTED_BLOCKS) {
    out[`promoted${block.toUpperCase()}?`] = (_args, ctx) => prop(ctx.node, 'promotedBlockType') === block;
  }
  for (const [name, code] of Object.entries(BACKGROUND_SOURCES)) {
    out[`background-source-${name}?`] = (_args, ctx) => {
      const v = prop(ctx.node, 'backgroundSource');
      return isNumberLike(v) && asInt(v) === code;
    };
  }
  return out;
}
