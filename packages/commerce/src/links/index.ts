export { isLinkOf, isSitePath, type LinkKind, linkKind } from './site-path';
export { RESERVED_SLUGS, isReservedSlug } from './reserved-slugs';
