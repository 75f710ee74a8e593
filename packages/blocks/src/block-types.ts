import { isLinkOf } from '@store/commerce';
import { z } from 'zod';
import { CHART_VARIANTS } from './chart';

/** A field the studio shows for a block property. */
export interface BlockField {
  name: string;
  label: string;
  kind:
    | 'text'
    | 'textarea'
    | 'richtext'
    | 'url'
    | 'number'
    | 'select'
    | 'product'
    | 'collection'
    | 'form'
    | 'mailingList'
    | 'appointmentTypes'
    | 'memberArea'
    | 'amounts'
    | 'money'
    | 'image'
    | 'images'
    | 'checkbox';
  options?: readonly string[];
  min?: number;
  max?: number;
  /**
   * What an empty field shows, greyed, in the studio (the field and the page preview): a new
   * block starts empty, so this is never stored and never reaches the published page.
   */
  placeholder?: string;
}

const text = (max: number, fallback = '') => z.string().max(max).default(fallback);
const link = z
  .string()
  .max(2083)
  .refine(
    (v) => v === '' || isLinkOf(v, ['path', 'fragment', 'web', 'mailto', 'tel']),
    'must be a site path or an http(s) link',
  )
  .default('');
const id = z
  .string()
  .max(64)
  .regex(/^[A-Za-z0-9_-]*$/)
  .default('');

const libraryImageObject = z.object({
  id: z.string().max(64).optional(),
  assetUrl: z
    .string()
    .max(300)
    .regex(/^\/media\/[a-f0-9]{24}\/[a-z0-9.-]+$/, 'must be a media library address'),
  originalSize: z
    .string()
    .max(20)
    .regex(/^\d+x\d+$/),
  systemDataVariants: z
    .string()
    .max(100)
    .regex(/^(\d+w(,\d+w)*)?$/),
  mediaFocalPoint: z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }).optional(),
});
const libraryImage = libraryImageObject.nullable().default(null);

/** Spec §9: gallery size limit. */
export const MAX_GALLERY_IMAGES = 50;
const int = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);
const oneOf = <T extends string>(values: readonly [T, ...T[]], fallback: T) =>
  z.enum(values).default(fallback as never);

/**
 * The block types a layout may hold (spec §3 "Block types"), each with its props schema
 * (zod, with defaults so a new block is valid as added) and the fields the studio edits.
 * The theme renders each type through `blocks/<type>.html`.
 */
export const blockTypes = {
  heading: {
    label: 'Heading',
    props: z.object({
      text: text(500),
      level: z.coerce.number().int().min(1).max(4).default(2),
    }),
    fields: [
      { name: 'text', label: 'Heading text', kind: 'text', placeholder: 'A new heading' },
      { name: 'level', label: 'Level', kind: 'number', min: 1, max: 4 },
    ],
  },
  text: {
    label: 'Text',
    props: z.object({ html: text(20_000) }),
    fields: [{ name: 'html', label: 'Text', kind: 'richtext', placeholder: 'Write something here.' }],
  },
  image: {
    label: 'Image',
    props: z.object({
      // A media library image (resized widths, srcset); `src` is an address instead.
      image: libraryImage,
      src: link,
      alt: text(300),
      caption: text(500),
      variant: z.enum(['inline', 'card', 'poster', 'overlap']).default('inline'),
      href: link,
    }),
    fields: [
      { name: 'image', label: 'Image from the library', kind: 'image' },
      { name: 'src', label: 'Image address', kind: 'url' },
      { name: 'alt', label: 'Alternative text', kind: 'text' },
      { name: 'caption', label: 'Caption', kind: 'text' },
      { name: 'variant', label: 'Design', kind: 'select', options: ['inline', 'card', 'poster', 'overlap'] },
      { name: 'href', label: 'Link', kind: 'url' },
    ],
  },
  gallery: {
    label: 'Gallery',
    // Spec §3 gallery options with their defaults and ranges.
    props: z.object({
      images: z
        // `href`: where a click on the image goes when the lightbox is off.
        .array(z.object({ image: libraryImageObject, title: text(200), href: link }))
        .max(MAX_GALLERY_IMAGES, `A gallery can hold at most ${MAX_GALLERY_IMAGES} images.`)
        .default([]),
      design: oneOf(['grid', 'slideshow', 'slider', 'stacked'], 'grid'),
      autoplay: z.boolean().default(false),
      autoplayDuration: int(1, 10, 5),
      controls: z.boolean().default(false),
      autoCrop: z.boolean().default(true),
      aspectRatio: oneOf(
        [
          'square',
          'standard',
          'standard-vertical',
          'four-three',
          'three-four-vertical',
          'widescreen',
          'anamorphic-widescreen',
        ],
        'square',
      ),
      squareThumbs: z.boolean().default(true),
      thumbnails: z.boolean().default(false),
      thumbnailStripHeight: int(0, 200, 80),
      thumbnailStripMargin: int(0, 60, 20),
      showMeta: z.boolean().default(true),
      metaPosition: oneOf(
        ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'],
        'bottom',
      ),
      showMetaOnHover: z.boolean().default(false),
      activeAlignment: oneOf(['center', 'left', 'right'], 'center'),
      thumbnailsPerRow: int(1, 10, 4),
      padding: int(0, 50, 20),
      lightbox: z.boolean().default(false),
      lightboxTheme: oneOf(['dark', 'light'], 'dark'),
      maxWidth: int(100, 300, 300),
      newWindow: z.boolean().default(false),
      transparentBackground: z.boolean().default(false),
    }),
    fields: [
      { name: 'images', label: 'Images', kind: 'images' },
      {
        name: 'design',
        label: 'Design',
        kind: 'select',
        options: ['grid', 'slideshow', 'slider', 'stacked'],
      },
      {
        name: 'aspectRatio',
        label: 'Aspect ratio',
        kind: 'select',
        options: [
          'square',
          'standard',
          'standard-vertical',
          'four-three',
          'three-four-vertical',
          'widescreen',
          'anamorphic-widescreen',
        ],
      },
      { name: 'thumbnailsPerRow', label: 'Images per row', kind: 'number', min: 1, max: 10 },
      { name: 'padding', label: 'Spacing in pixels', kind: 'number', min: 0, max: 50 },
      { name: 'autoCrop', label: 'Crop images to the aspect ratio', kind: 'checkbox' },
      { name: 'showMeta', label: 'Show titles', kind: 'checkbox' },
      {
        name: 'metaPosition',
        label: 'Title position',
        kind: 'select',
        options: ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'],
      },
      { name: 'showMetaOnHover', label: 'Show titles on hover only', kind: 'checkbox' },
      { name: 'autoplay', label: 'Autoplay', kind: 'checkbox' },
      { name: 'autoplayDuration', label: 'Autoplay seconds', kind: 'number', min: 1, max: 10 },
      { name: 'controls', label: 'Show arrows', kind: 'checkbox' },
      { name: 'thumbnails', label: 'Show thumbnails', kind: 'checkbox' },
      { name: 'squareThumbs', label: 'Square thumbnails', kind: 'checkbox' },
      { name: 'thumbnailStripHeight', label: 'Thumbnail height in pixels', kind: 'number', min: 0, max: 200 },
      { name: 'thumbnailStripMargin', label: 'Thumbnail margin in pixels', kind: 'number', min: 0, max: 60 },
      {
        name: 'activeAlignment',
        label: 'Slider alignment',
        kind: 'select',
        options: ['center', 'left', 'right'],
      },
      { name: 'maxWidth', label: 'Slider image width in pixels', kind: 'number', min: 100, max: 300 },
      { name: 'transparentBackground', label: 'Transparent background', kind: 'checkbox' },
      { name: 'lightbox', label: 'Open images in a lightbox', kind: 'checkbox' },
      { name: 'lightboxTheme', label: 'Lightbox theme', kind: 'select', options: ['dark', 'light'] },
      { name: 'newWindow', label: 'Open image links in a new window', kind: 'checkbox' },
    ],
  },
  video: {
    label: 'Video',
    props: z.object({
      // A player link (YouTube, Vimeo…), a video file of the site (`/media/…`), or an https link.
      url: z
        .string()
        .trim()
        .max(500)
        .regex(/^(|https:\/\/[^\s"<>]+|\/(?![/\\])[^\s"<>\\]*)$/, 'must be an https link or a site path')
        .default(''),
      embedCode: text(5000),
      caption: text(300),
    }),
    fields: [
      { name: 'url', label: 'Video link (YouTube, Vimeo or a video file of this site)', kind: 'url' },
      { name: 'embedCode', label: 'Or embed code', kind: 'textarea' },
      { name: 'caption', label: 'Caption', kind: 'text' },
    ],
  },
  audio: {
    label: 'Audio',
    props: z.object({ src: link, title: text(200), artist: text(200) }),
    fields: [
      { name: 'src', label: 'Audio link (SoundCloud, Spotify or an audio file of this site)', kind: 'url' },
      { name: 'title', label: 'Track title', kind: 'text' },
      { name: 'artist', label: 'Artist', kind: 'text' },
    ],
  },
  accordion: {
    label: 'Accordion',
    // One item per line, "Title | Text": simple to type and to read back.
    props: z.object({
      items: text(
        10_000,
        'Shipping | We ship within two working days.\nReturns | Free returns within 30 days.',
      ),
    }),
    fields: [{ name: 'items', label: 'Items (one per line: Title | Text)', kind: 'textarea' }],
  },
  sociallinks: {
    label: 'Social links',
    props: z.object({ links: text(3000, 'https://instagram.com/\nhttps://facebook.com/') }),
    fields: [{ name: 'links', label: 'Profile links (one per line)', kind: 'textarea' }],
  },
  search: {
    label: 'Search',
    props: z.object({ placeholder: text(100, 'Search the site') }),
    fields: [{ name: 'placeholder', label: 'Placeholder', kind: 'text' }],
  },
  map: {
    label: 'Map',
    // An address and a link to a map service: no tiles are fetched by the server.
    props: z.object({
      address: text(500, 'Workshop 4, Mill Lane, Hudson NY'),
      label: text(100, 'Open in maps'),
    }),
    fields: [
      { name: 'address', label: 'Address', kind: 'textarea' },
      { name: 'label', label: 'Link text', kind: 'text' },
    ],
  },
  button: {
    label: 'Button',
    props: z.object({
      label: text(100),
      href: link,
      align: z.enum(['left', 'center', 'right']).default('left'),
    }),
    fields: [
      { name: 'label', label: 'Button label', kind: 'text', placeholder: 'Learn more' },
      { name: 'href', label: 'Link', kind: 'url' },
      { name: 'align', label: 'Alignment', kind: 'select', options: ['left', 'center', 'right'] },
    ],
  },
  quote: {
    label: 'Quote',
    props: z.object({ text: text(2000), source: text(200) }),
    fields: [
      { name: 'text', label: 'Quote', kind: 'textarea', placeholder: 'A quote worth repeating.' },
      { name: 'source', label: 'Source', kind: 'text', placeholder: 'Who said it' },
    ],
  },
  spacer: {
    label: 'Spacer',
    props: z.object({ height: z.coerce.number().int().min(8).max(400).default(48) }),
    fields: [{ name: 'height', label: 'Height in pixels', kind: 'number', min: 8, max: 400 }],
  },
  horizontalrule: { label: 'Line', props: z.object({}), fields: [] },
  code: {
    label: 'Code',
    props: z.object({ html: text(20_000, '<p>Custom HTML</p>') }),
    fields: [{ name: 'html', label: 'HTML', kind: 'textarea' }],
  },
  markdown: {
    label: 'Markdown',
    props: z.object({ markdown: text(20_000, '## Title\n\nSome *text*.') }),
    fields: [{ name: 'markdown', label: 'Markdown', kind: 'textarea' }],
  },
  product: {
    label: 'Product',
    props: z.object({ productId: id }),
    fields: [{ name: 'productId', label: 'Product', kind: 'product' }],
  },
  summary: {
    label: 'Summary',
    props: z.object({
      collectionId: id,
      design: z.enum(['grid', 'list', 'carousel', 'wall']).default('grid'),
      limit: z.coerce.number().int().min(1).max(24).default(4),
      title: text(200),
    }),
    fields: [
      { name: 'title', label: 'Title', kind: 'text' },
      { name: 'collectionId', label: 'Collection', kind: 'collection' },
      { name: 'design', label: 'Design', kind: 'select', options: ['grid', 'list', 'carousel', 'wall'] },
      { name: 'limit', label: 'Number of items', kind: 'number', min: 1, max: 24 },
    ],
  },
  newsletter: {
    label: 'Newsletter',
    // A sign-up that joins the chosen mailing list. Saving a page needs the list (the server
    // checks it against the site's lists); a block saved before lists existed has none and
    // joins the site's default list.
    props: z.object({
      listId: id,
      title: text(200, 'Subscribe'),
      description: text(1000, 'Sign up to hear from us.'),
      buttonLabel: text(40, 'Sign up'),
    }),
    fields: [
      { name: 'title', label: 'Title', kind: 'text' },
      { name: 'description', label: 'Description', kind: 'textarea' },
      { name: 'buttonLabel', label: 'Button label', kind: 'text', placeholder: 'Sign up' },
      { name: 'listId', label: 'Mailing list', kind: 'mailingList' },
    ],
  },
  embed: {
    label: 'Embed',
    // A player or page from a known provider or an origin the owner allowed (Design →
    // Embeds), or pasted embed code held to the same rules.
    props: z.object({
      url: link,
      embedCode: text(20_000),
      title: text(200),
      caption: text(500),
    }),
    fields: [
      {
        name: 'url',
        label: 'Address to embed (YouTube, Vimeo, SoundCloud, Spotify or an allowed site)',
        kind: 'url',
      },
      { name: 'embedCode', label: 'Or embed code', kind: 'textarea' },
      { name: 'title', label: 'Title for screen readers', kind: 'text' },
      { name: 'caption', label: 'Caption', kind: 'text' },
    ],
  },
  tagcloud: {
    label: 'Tag cloud',
    props: z.object({
      collectionId: id,
      title: text(200, 'Tags'),
      limit: int(1, 100, 30),
      showCount: z.boolean().default(false),
    }),
    fields: [
      { name: 'title', label: 'Title', kind: 'text' },
      { name: 'collectionId', label: 'Blog or collection', kind: 'collection' },
      { name: 'limit', label: 'Number of tags', kind: 'number', min: 1, max: 100 },
      { name: 'showCount', label: 'Show how many posts carry each tag', kind: 'checkbox' },
    ],
  },
  archive: {
    label: 'Archive',
    props: z.object({
      collectionId: id,
      title: text(200, 'Archive'),
      groupBy: oneOf(['month', 'year'], 'month'),
      showCount: z.boolean().default(true),
    }),
    fields: [
      { name: 'title', label: 'Title', kind: 'text' },
      { name: 'collectionId', label: 'Blog or collection', kind: 'collection' },
      { name: 'groupBy', label: 'Group by', kind: 'select', options: ['month', 'year'] },
      { name: 'showCount', label: 'Show the number of posts', kind: 'checkbox' },
    ],
  },
  chart: {
    label: 'Chart',
    props: z.object({
      variant: oneOf(CHART_VARIANTS, 'bar'),
      title: text(200),
      data: text(5000, 'Month, Visitors\nJanuary, 120\nFebruary, 180\nMarch, 150'),
      showLegend: z.boolean().default(true),
    }),
    fields: [
      { name: 'title', label: 'Title', kind: 'text' },
      { name: 'variant', label: 'Chart type', kind: 'select', options: CHART_VARIANTS },
      {
        name: 'data',
        label: 'Data (one row per line, cells separated by commas; the first row names the columns)',
        kind: 'textarea',
      },
      { name: 'showLegend', label: 'Show legend', kind: 'checkbox' },
    ],
  },
  form: {
    label: 'Form',
    props: z.object({ formId: id }),
    fields: [{ name: 'formId', label: 'Form', kind: 'form' }],
  },
  // Spec block 65 (Acuity): visitors book the site's appointment types (Scheduling).
  acuity: {
    label: 'Scheduling',
    props: z.object({
      title: text(200, 'Book an appointment'),
      description: text(1000),
      /** The appointment types offered; none chosen offers every bookable type. */
      appointmentTypeIds: z
        .array(
          z
            .string()
            .max(64)
            .regex(/^[A-Za-z0-9_-]+$/),
        )
        .max(50)
        .default([]),
    }),
    fields: [
      { name: 'title', label: 'Title', kind: 'text' },
      { name: 'description', label: 'Description', kind: 'textarea' },
      { name: 'appointmentTypeIds', label: 'Appointment types offered', kind: 'appointmentTypes' },
    ],
  },
  // Spec block 52 (donation): visitors give an amount of their choice, once or recurring,
  // paid through checkout (the site's hidden "Donations" store; the server checks the amount).
  donation: {
    label: 'Donation',
    props: z.object({
      heading: text(200, 'Support our work'),
      text: text(1000),
      /** Offered as buttons, in minor units of the site's currency. */
      suggestedAmounts: z
        .array(z.coerce.number().int().min(1).max(100_000_000))
        .max(8)
        .default([1000, 2500, 5000]),
      allowCustom: z.boolean().default(true),
      /** Limits of a custom amount, in minor units (0: none). */
      minAmount: int(0, 100_000_000, 100),
      maxAmount: int(0, 100_000_000, 1_000_000),
      allowOnce: z.boolean().default(true),
      allowMonthly: z.boolean().default(true),
      allowYearly: z.boolean().default(false),
      buttonText: text(60, 'Donate'),
    }),
    fields: [
      { name: 'heading', label: 'Heading', kind: 'text' },
      { name: 'text', label: 'Text', kind: 'textarea' },
      { name: 'suggestedAmounts', label: 'Suggested amounts', kind: 'amounts' },
      { name: 'allowCustom', label: 'Donors may enter their own amount', kind: 'checkbox' },
      { name: 'minAmount', label: 'Smallest amount', kind: 'money' },
      { name: 'maxAmount', label: 'Largest amount', kind: 'money' },
      { name: 'allowOnce', label: 'One-time gifts', kind: 'checkbox' },
      { name: 'allowMonthly', label: 'Monthly gifts', kind: 'checkbox' },
      { name: 'allowYearly', label: 'Yearly gifts', kind: 'checkbox' },
      { name: 'buttonText', label: 'Button text', kind: 'text' },
    ],
  },
  // Spec block 67 (member-area): an area's name and description, and the way in (join, or enter).
  memberarea: {
    label: 'Member area',
    props: z.object({ areaId: id }),
    fields: [{ name: 'areaId', label: 'Member area', kind: 'memberArea' }],
  },
  // Spec block 72 (pricing plan): an area's plans with their prices, each with a Join button.
  pricingplan: {
    label: 'Pricing plans',
    props: z.object({
      areaId: id,
      title: text(200, 'Choose your plan'),
      description: text(1000),
    }),
    fields: [
      { name: 'areaId', label: 'Member area', kind: 'memberArea' },
      { name: 'title', label: 'Title', kind: 'text' },
      { name: 'description', label: 'Description', kind: 'textarea' },
    ],
  },
} satisfies Record<string, { label: string; props: z.ZodObject; fields: readonly BlockField[] }>;

export type BlockType = keyof typeof blockTypes;
export const blockTypeNames = Object.keys(blockTypes) as BlockType[];

/**
 * What an empty block shows in the studio's preview instead of its text (greyed), by block
 * type: the placeholders of its fields. The preview passes these to the block templates;
 * the site never does, so a placeholder is never published.
 */
export function blockPlaceholders(): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const [type, spec] of Object.entries(blockTypes)) {
    const fields = (spec.fields as readonly BlockField[]).filter((f) => f.placeholder);
    if (fields.length) out[type] = Object.fromEntries(fields.map((f) => [f.name, f.placeholder as string]));
  }
  return out;
}

/** A new block of a type with its default props. */
export function defaultProps(type: BlockType): Record<string, unknown> {
  return blockTypes[type].props.parse({}) as Record<string, unknown>;
}
