/**
 * Pages made of blocks (ARCHITECTURE "Pages are data"): the block types and their props,
 * layout validation (spec §9: at most 60 blocks) and rendering through the theme's block
 * templates. No I/O: the server and the studio share it.
 */
export {
  type BlockField,
  type BlockType,
  MAX_GALLERY_IMAGES,
  blockPlaceholders,
  blockTypeNames,
  blockTypes,
  defaultProps,
} from './block-types';
export {
  type Block,
  type Layout,
  type LayoutCheck,
  type Section,
  type SectionBackground,
  type SectionPadding,
  MAX_BLOCKS_PER_LAYOUT,
  SECTION_PADDINGS,
  TOO_MANY_BLOCKS_MESSAGE,
  blockCount,
  checkLayout,
  layoutSchema,
} from './layout';
export {
  type Breakpoint,
  GRID_COLUMNS,
  MAX_ROW,
  MAX_ROW_SPAN,
  type Placement,
  type SectionGrid,
  derivePhonePlacements,
  gridFromStack,
  moveBlock,
  normalisePlacements,
  phonePlacements,
  placeNewBlock,
  placementsFor,
  readingOrder,
  removePlacement,
  resizeBlock,
  stackFromGrid,
} from './grid';
export { type FacetData, facetProps } from './facets';
export { type NewsletterBlockList, newsletterBlockLists } from './newsletter-lists';
export {
  type IdFactory,
  SECTION_TEMPLATES,
  type SectionTemplate,
  type TemplateChoices,
  contactFormSection,
  faqSection,
  gallerySection,
  heroSection,
  newsletterSection,
  pricingSection,
  productGridSection,
  randomId,
  textWithImageSection,
} from './section-templates';
export { BLOCK_HTML_PROPS, type CleanHtml, cleanBlockProps, cleanLayout } from './block-html';
export { type HtmlKind, allowedUrl, iframeSrc } from './html-policy';
export { MARKDOWN_RENDERER, markdownToHtml, renderMarkdownProp, storedMarkdownHtml } from './markdown';
export {
  type BlockData,
  type CompiledTemplate,
  type RenderLayoutOptions,
  blockContext,
  renderBlock,
  renderLayout,
  siteEmbedOrigins,
} from './render-layout';
export {
  FONT_FAMILIES,
  type FontFamily,
  type Rgba,
  type SiteStyles,
  defaultSiteStyles,
  isDarkColor,
  parseColor,
  siteStylesCss,
  siteStylesSchema,
  toCss,
} from './site-styles';
export {
  type Embed,
  type EmbedOptions,
  type EmbedProvider,
  PLAYER_ORIGINS,
  type PlayerShape,
  framePlayerSrc,
  httpsOrigin,
  parseEmbedUrl,
} from './embeds';
export {
  MAX_SOCIAL_LINKS,
  SOCIAL_NETWORK_NAMES,
  SOCIAL_NETWORKS,
  type SocialLink,
  type SocialNetwork,
  checkSocialLink,
  detectNetwork,
  socialLinkView,
} from './social-links';
