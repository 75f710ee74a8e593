import type { TemplatePlugin } from '../../plugin-api';
import { likeButton, socialButton, socialButtonInline, twitterFollowButton } from './buttons';
import { commentCount, commentLink, comments, commentsPredicate, disqusPredicate } from './comments';
import { googleCalendarUrl } from './google-calendar';
import { activateTwitterLinks } from './twitter-links';

/** The built-in "social" formatters and predicates. */
export const socialPlugin: TemplatePlugin = {
  name: 'social',
  formatters: {
    'activate-twitter-links': activateTwitterLinks,
    'comment-count': commentCount,
    'comment-link': commentLink,
    comments,
    'google-calendar-url': googleCalendarUrl,
    'like-button': likeButton,
    'social-button': socialButton,
    'social-button-inline': socialButtonInline,
    'twitter-follow-button': twitterFollowButton,
  },
  predicates: {
    'comments?': commentsPredicate,
    'disqus?': disqusPredicate,
  },
};
