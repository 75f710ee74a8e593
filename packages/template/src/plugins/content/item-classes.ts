import type { Formatter } from '../../plugin-api';
import { isObject, isTruthy, toStr } from '../../values';
import { asInt, prop } from './node-path';
import { isOnSale, isSoldOut } from './product-state';

const STORE_ITEM = 11;

/** Lower-case CSS-friendly token: letters, digits and dashes, whitespace runs to `-`. */
export function slugify(text: string): string {
  return text
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase();
}

/** Elements of an array; an object yields one empty entry per key (as the reference does). */
const list = (value: unknown): unknown[] => {
  if (Array.isArray(value)) return value;
  return isObject(value) ? Object.keys(value).map(() => '') : [];
};

/**
 * `item-classes`: the `class` list of a blog/collection item. Like the reference,
 * item fields are resolved through the scope (so the item is normally the current node).
 */
export const itemClasses: Formatter = (value, _args, ctx) => {
  const classes = ['hentry'];
  const promoted = ctx.resolve('promotedBlockType');
  if (isTruthy(promoted)) classes.push(`promoted promoted-block-${slugify(toStr(promoted))}`);
  for (const c of list(ctx.resolve('categories'))) classes.push(`category-${slugify(toStr(c))}`);
  for (const t of list(ctx.resolve('tags'))) classes.push(`tag-${slugify(toStr(t))}`);
  const author = prop(ctx.resolve('author'), 'displayName');
  if (isTruthy(author)) classes.push(`author-${slugify(toStr(author))}`);
  classes.push(`post-type-${toStr(ctx.resolve('recordTypeLabel'))}`);
  if (ctx.index > 0) classes.push(`article-index-${ctx.index}`);
  if (isTruthy(ctx.resolve('starred'))) classes.push('featured');
  if (asInt(prop(value, 'recordType')) === STORE_ITEM) {
    if (isOnSale(value)) classes.push('on-sale');
    if (isSoldOut(value)) classes.push('sold-out');
  }
  return classes.join(' ');
};
