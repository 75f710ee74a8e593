export { isLinkOf, isSitePath, type LinkKind, linkKind } from './site-path';
