/**
 * The widths the media library renders each image at (spec §9), smallest first: the server makes
 * them on upload, the catalogue names them (`systemDataVariants`) for the theme's `image-srcset`,
 * and section backgrounds offer them in `srcset`. (The template engine, which imports nothing,
 * keeps the same list as `100w` … strings; a test holds the two together.)
 */
export const IMAGE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
