import type { Formatter, Predicate, RenderContext } from '../../plugin-api';
import { isTruthy, outputText, toStr } from '../../values';
import { asInt, prop } from '../content/node-path';

/** Comment state code meaning "open for comments". */
const COMMENTS_OPEN = 1;

/** `No Comments`, `1 Comment`, `N Comments` (spec §5); a non-numeric count prints as NaN. */
export function commentCountText(count: number): string {
  if (count === 0) return 'No Comments';
  return count === 1 ? '1 Comment' : `${count} Comments`;
}

/** The Disqus short name from the site settings, or empty when Disqus is not used. */
export function disqusShortname(ctx: RenderContext): string {
  return toStr(prop(ctx.resolve('websiteSettings'), 'disqusShortname'));
}

/** `comment-count`: the item's public comment count as words (missing counts as none). */
export const commentCount: Formatter = (value) => {
  // Containers and null count as none; other scalars convert like JavaScript `Number`.
  const raw = prop(value, 'publicCommentCount');
  return commentCountText(raw === undefined || raw === null || typeof raw === 'object' ? 0 : Number(raw));
};

/**
 * `comment-link`: link to the item's comments (Disqus fills in its own count). The line
 * breaks and indentation are those of the reference's markup template.
 */
export const commentLink: Formatter = (value, _args, ctx) => {
  const url = outputText(prop(value, 'fullUrl'));
  const id = outputText(prop(value, 'id'));
  if (disqusShortname(ctx) !== '') {
    return `\n  <a href="${url}" class="sqs-comment-link sqs-disqus-comment-link" data-id="${id}"></a>\n`;
  }
  const count = prop(value, 'publicCommentCount');
  const amount = count === 0 ? 'No' : outputText(count);
  const noun = count === 1 ? 'Comment' : 'Comments';
  return `\n  <a href="${url}#comments-${id}" class="sqs-comment-link" data-id="${id}">\n  ${amount}\n  ${noun}\n  </a>\n`;
};

/**
 * ` data-…-id="…" data-public-comment-count="…" data-comment-state="…"` for the page's
 * item, else its collection: which comment thread the script loads. Looked up like the
 * reference's markup template does (`{.section item}`…`{.or}{.section collection}`): from
 * the value, then the scopes around the tag (the page context).
 */
function threadAttributes(ctx: RenderContext): string {
  for (const [key, attr] of [
    ['item', 'data-item-id'],
    ['collection', 'data-collection-id'],
  ] as const) {
    const owner = ctx.resolve(key);
    if (!isTruthy(owner)) continue;
    const field = (name: string) => outputText(ctx.resolve(`${key}.${name}`));
    return ` ${attr}="${field('id')}" data-public-comment-count="${field('publicCommentCount')}" data-comment-state="${field('commentState')}"`;
  }
  return '';
}

/** `comments`: the container the comments (or Disqus) script renders into. */
export const comments: Formatter = (value, _args, ctx) => {
  if (disqusShortname(ctx) !== '') return '\n  <div class="squarespace-comments" id="disqus_thread"></div>\n';
  const own = prop(value, 'id');
  const id = outputText(own !== undefined ? own : ctx.resolve('id'));
  return `\n  <div class="squarespace-comments" id="comments-${id}"${threadAttributes(ctx)}></div>\n`;
};

/** `comments?`: comments are open or exist, unless the site settings turn comments off. */
export const commentsPredicate: Predicate = (_args, ctx) => {
  const settings = ctx.resolve('websiteSettings');
  if (settings !== undefined && !isTruthy(prop(settings, 'commentsEnabled'))) return false;
  return (
    asInt(prop(ctx.node, 'commentState')) === COMMENTS_OPEN || asInt(prop(ctx.node, 'publicCommentCount')) > 0
  );
};

/** `disqus?`: the site has a Disqus short name configured. */
export const disqusPredicate: Predicate = (_args, ctx) =>
  isTruthy(prop(ctx.resolve('websiteSettings'), 'disqusShortName'));
