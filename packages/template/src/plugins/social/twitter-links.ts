import type { Formatter } from '../../plugin-api';
import { toStr } from '../../values';

/** URLs (http, https, ftp, file; any letter case) that do not end in sentence punctuation. */
const URL = /\b((?:https?|ftp|file):\/\/[-a-z0-9+&@#/%?=~_|!:,.;]*[-a-z0-9+&@#/%=~_|\\])/gi;
/** Mentions and hashtags count at the start of the text or right after a plain space. */
const USER = /(?<=^| )@(\w+)/g;
const TAG = /(?<=^| )#(\w+)/g;

/**
 * `activate-twitter-links`: turn URLs, mentions and hashtags of a tweet into links.
 * URLs go first, so a `#` glued to a URL stays text (as in the reference).
 */
export const activateTwitterLinks: Formatter = (value) =>
  toStr(value)
    .replace(URL, (url) => `<a target="new" href="${url}">${url}</a>`)
    .replace(USER, (_m, user: string) => `<a target="new" href="https://twitter.com/${user}/">@${user}</a>`)
    .replace(
      TAG,
      (_m, tag: string) => `<a target="new" href="https://twitter.com/hashtag/${tag}?src=hash">#${tag}</a>`,
    );
