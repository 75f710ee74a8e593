/**
 * The contributor HTML policy for browser code that does not depend on @store/blocks (the
 * storefront): the same rules the server's sanitiser applies, so an owner's text shows the
 * same everywhere.
 */
export {
  type HtmlKind,
  type PurifyLike,
  allowedAttribute,
  allowedTags,
  allowedUrl,
  browserSanitizer,
} from '@store/blocks/html-policy';
