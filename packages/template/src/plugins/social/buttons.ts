import type { Formatter } from '../../plugin-api';
import { escapeHtml, isTruthy, toStr } from '../../values';
import { path, prop } from '../content/node-path';

/** `like-button`: the simple-like widget, only when the site enables simple liking. */
export const likeButton: Formatter = (value, _args, ctx) => {
  if (!isTruthy(value) || !isTruthy(prop(ctx.resolve('websiteSettings'), 'simpleLikingEnabled'))) {
    return undefined;
  }
  const id = toStr(prop(value, 'id'));
  const count = toStr(prop(value, 'likeCount'));
  // Line breaks and indentation as in the reference's markup template.
  return (
    `\n  <span class="sqs-simple-like" data-item-id="${id}" data-like-count="${count}">\n` +
    '    <span class="like-icon"></span>\n' +
    '    <span class="like-count"></span>\n' +
    '  </span>\n'
  );
};

/** Share buttons for an item, only when the site has share buttons configured. */
function shareButtons(tag: 'div' | 'span', style: string): Formatter {
  return (value, _args, ctx) => {
    const options = prop(ctx.resolve('website'), 'shareButtonOptions');
    if (!isTruthy(options)) return undefined;
    // An image item carries its own id and URL; other items point at their main image.
    const imageId = prop(value, 'systemDataId') ?? prop(value, 'mainImageId');
    const assetUrl = prop(value, 'assetUrl') ?? path(value, 'mainImage', 'assetUrl');
    return (
      `<${tag} class="squarespace-social-buttons ${style}" data-system-data-id="${toStr(imageId)}"` +
      ` data-asset-url="${toStr(assetUrl)}" data-record-type="${toStr(prop(value, 'recordType'))}"` +
      ` data-full-url="${toStr(prop(value, 'fullUrl'))}" data-title="${escapeHtml(toStr(prop(value, 'title')), true)}"></${tag}>`
    );
  };
}

export const socialButton = shareButtons('div', 'button-style');
export const socialButtonInline = shareButtons('span', 'inline-style');

/**
 * `twitter-follow-button`: follow widget for the profile's user name, else the last path
 * segment of its profile URL (written unescaped, as the reference does).
 */
export const twitterFollowButton: Formatter = (value) => {
  let user = toStr(prop(value, 'userName'));
  if (user === '') {
    const url = toStr(prop(value, 'profileUrl'));
    user = url.slice(url.lastIndexOf('/') + 1);
  }
  return (
    "<script>Y.use('squarespace-follow-buttons', function(Y) { Y.on('domready', function() { Y.Squarespace.FollowButtonUtils.renderAll(); }); });</script>" +
    `<div class="squarespace-follow-button" data-username="${user}"></div>`
  );
};
