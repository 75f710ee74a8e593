import { browserSanitizer } from '@store/api/html-policy';
import DOMPurify from 'dompurify';

/**
 * Owner HTML shown by the islands (form messages, post-submit HTML) goes through DOMPurify
 * with the policy the server applies: pages already carry it cleaned, and this keeps a
 * page cached before that, or any other path, from putting markup that runs into the DOM.
 */
export const { clean: cleanHtml } = browserSanitizer(DOMPurify);
