/**
 * `sizes` for the images of image and gallery blocks: how wide each image is drawn, so the
 * browser picks the srcset width it needs (a full-width slideshow that claims a third of the
 * screen gets a soft, undersized file; a grid thumbnail that claims the screen wastes bytes).
 *
 * The figures follow the default theme: blocks fill the page column, which is the viewport less
 * 20 px padding on each side, up to 1120 px (`.site-main`: max-width 1160px, padding 20px);
 * a grid gallery shows two columns up to 600 px wide (blocks.css), its own column count above.
 */
export const PAGE_COLUMN = { max: 1120, gutter: 40 } as const;
const PHONE_MAX = 600;
/** Where the page column stops growing with the viewport. */
const COLUMN_FULL = PAGE_COLUMN.max + PAGE_COLUMN.gutter;

const column = `calc(100vw - ${PAGE_COLUMN.gutter}px)`;
const round = (n: number) => Math.round(n * 100) / 100;

/** The page column's width: every viewport up to 1160 px, then 1120 px. */
export const fullColumnSizes = `(max-width: ${COLUMN_FULL}px) ${column}, ${PAGE_COLUMN.max}px`;

/** One of `columns` equal columns of the page column with `gap` px between them. */
function columnsOf(columns: number, gap: number, maxWidth: string): string {
  const gaps = (columns - 1) * gap;
  const share = `calc((100vw - ${PAGE_COLUMN.gutter + gaps}px) / ${columns})`;
  const widest = round((PAGE_COLUMN.max - gaps) / columns);
  return `${maxWidth} ${share}, ${widest}px`;
}

const num = (value: unknown, fallback: number, min: number, max: number) => {
  const n = Number(value);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.round(n))) : fallback;
};

/** `sizes` of a gallery's slides for its design (grid, slideshow, slider, stacked). */
export function gallerySizes(props: Record<string, unknown>): string {
  const gap = num(props.padding, 20, 0, 50);
  switch (props.design) {
    case 'slideshow':
    case 'stacked':
      // One image at a time, as wide as the block.
      return fullColumnSizes;
    case 'slider': {
      // Each slide: min(85% of the block, the slider width).
      const slide = num(props.maxWidth, 300, 100, 300);
      const until = Math.ceil(slide / 0.85 + PAGE_COLUMN.gutter);
      return `(max-width: ${until}px) calc(85vw - ${round(PAGE_COLUMN.gutter * 0.85)}px), ${slide}px`;
    }
    default: {
      const columns = num(props.thumbnailsPerRow, 4, 1, 10);
      const phone = `(max-width: ${PHONE_MAX}px) calc((100vw - ${PAGE_COLUMN.gutter + gap}px) / 2)`;
      const rest = columnsOf(columns, gap, `(max-width: ${COLUMN_FULL}px)`);
      return `${phone}, ${rest}`;
    }
  }
}

/** `sizes` of an image block for its design (inline, card, poster, overlap). */
export function imageBlockSizes(variant: unknown): string {
  switch (variant) {
    case 'card':
      // `.image-block--card`: at most 520 px with 10 px padding and a 1 px border each side.
      return `(max-width: 562px) calc(100vw - ${PAGE_COLUMN.gutter + 22}px), 498px`;
    case 'overlap':
      // Two thirds of the block; the caption takes the last third.
      return `(max-width: ${COLUMN_FULL}px) calc((100vw - ${PAGE_COLUMN.gutter}px) * 2 / 3), ${round((PAGE_COLUMN.max * 2) / 3)}px`;
    default:
      return fullColumnSizes;
  }
}
