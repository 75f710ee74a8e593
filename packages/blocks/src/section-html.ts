import { IMAGE_WIDTHS } from '@store/commerce';
import { parseEmbedUrl } from './embeds';
import { GRID_COLUMNS, type Placement, placementsFor } from './grid';
import type { Section, SectionBackground } from './layout';
import { isDarkColor, parseColor } from './site-styles';

/**
 * The markup of a section that has settings (background, padding or grid). A section
 * without any renders as it always has (render-layout.ts); everything here is an addition.
 *
 *   <section class="page-section page-section--set [page-section--pad-large]
 *            [page-section--full] [page-section--dark]" style="background-color:#…">
 *     <div class="section-background" aria-hidden="true">          (image, video, overlay)
 *     <div class="section-content [section-grid]">blocks</div>
 *   </section>
 *
 * In a grid every block wrapper carries its cells as custom properties
 * (`--col: 1 / span 6; --row: 2 / span 1; --rows: 1` and the `--phone-` ones); the theme's
 * sections.css places them and switches to the phone ones under 640px, so the same HTML
 * serves both widths with no script. The grid is `.section-grid`: 12 columns, then 4.
 */

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const PADDINGS = new Set(['none', 'small', 'medium', 'large']);
/**
 * The widths the media library renders (spec §9, `@store/commerce`) a full-width background can
 * use; the server answers the original for a missing one.
 */
const MEDIA_WIDTHS = IMAGE_WIDTHS.filter((w) => w >= 500);
const LIBRARY_FILE = /^\/media\/[a-f0-9]{24}\/[a-z0-9.-]+$/;
/** How dark an image or video background is made before light text is used on it. */
export const DARK_OVERLAY = 0.3;

const share = (n: unknown, fallback: number) =>
  typeof n === 'number' && Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : fallback;
const percent = (n: number) => `${Math.round(n * 1000) / 10}%`;

/** Whether text on this background should be light. */
export function darkBackground(bg: SectionBackground | undefined): boolean {
  if (!bg) return false;
  if (bg.text) return bg.text === 'light';
  if ((bg.image || bg.video) && share(bg.overlay, 0) >= DARK_OVERLAY) return true;
  if (bg.image || bg.video) return false;
  const rgba = bg.color ? parseColor(bg.color) : null;
  return rgba !== null && isDarkColor(rgba);
}

function imageTag(image: NonNullable<SectionBackground['image']>, eager: boolean): string {
  const src = image.src.trim();
  const position = `object-position:${percent(share(image.focalX, 0.5))} ${percent(share(image.focalY, 0.5))}`;
  const library = LIBRARY_FILE.test(src);
  const srcset = library
    ? ` srcset="${MEDIA_WIDTHS.map((w) => `${attr(src)}?format=${w}w ${w}w`).join(',')}" sizes="100vw"`
    : '';
  const url = library ? `${src}?format=1500w` : src;
  const load = eager ? ' fetchpriority="high"' : ' loading="lazy"';
  return `<img class="section-background__image" src="${attr(url)}"${srcset} alt="${attr(image.alt ?? '')}"${load} decoding="async" style="${position}">`;
}

/**
 * A background video: the site's own file plays in a muted, looping <video> (its image, if
 * any, as the poster); a YouTube or Vimeo link plays through the provider's player with
 * its background settings (muted, looping, no controls). Anything else shows nothing, so
 * the colour or image behind it stays.
 */
function videoTag(url: string, poster: string | null, allowedOrigins: readonly string[]): string {
  const embed = parseEmbedUrl(url, { media: 'video', allowedOrigins });
  if (embed.kind === 'file') {
    const posterAttr = poster ? ` poster="${attr(poster)}"` : '';
    return `<video class="section-background__video" src="${attr(embed.src)}"${posterAttr} autoplay muted loop playsinline preload="metadata" tabindex="-1"></video>`;
  }
  if (embed.kind !== 'player' || embed.shape !== 'video') return '';
  const src = new URL(embed.src);
  if (embed.provider === 'youtube') {
    const id = src.pathname.split('/').pop() ?? '';
    for (const [k, v] of Object.entries({
      autoplay: '1',
      mute: '1',
      loop: '1',
      playlist: id,
      controls: '0',
      playsinline: '1',
      rel: '0',
    }))
      src.searchParams.set(k, v);
  } else if (embed.provider === 'vimeo') {
    src.searchParams.set('background', '1');
  } else {
    return '';
  }
  return `<iframe class="section-background__player" src="${attr(src.href)}" title="Background video" tabindex="-1" loading="lazy" allow="autoplay; encrypted-media; picture-in-picture" referrerpolicy="strict-origin-when-cross-origin"></iframe>`;
}

function backgroundHtml(bg: SectionBackground, eager: boolean, allowedOrigins: readonly string[]): string {
  const layers: string[] = [];
  if (bg.image) layers.push(imageTag(bg.image, eager));
  if (bg.video) {
    const poster = bg.image && LIBRARY_FILE.test(bg.image.src) ? `${bg.image.src}?format=1500w` : null;
    layers.push(videoTag(bg.video.url, poster, allowedOrigins));
  }
  const overlay = share(bg.overlay, 0);
  if (overlay > 0 && (bg.image || bg.video))
    layers.push(
      `<div class="section-background__overlay" style="opacity:${Math.round(overlay * 100) / 100}"></div>`,
    );
  const html = layers.join('');
  if (!html) return '';
  // A described image is content; otherwise the background is decoration.
  const hidden = bg.image?.alt ? '' : ' aria-hidden="true"';
  return `<div class="section-background"${hidden}>${html}</div>`;
}

const cells = (p: Placement | undefined) => (p ? `${p.col} / span ${p.colSpan}` : '1 / -1');
const rows = (p: Placement | undefined) => (p ? `${p.row} / span ${p.rowSpan}` : 'auto');

/**
 * The style attribute that places a block in the grid at both widths; `--rows` and
 * `--phone-rows` (the heights in rows) let an image fill the height the owner gave it.
 */
export function placementStyle(desktop: Placement | undefined, phone: Placement | undefined): string {
  return (
    `--col:${cells(desktop)};--row:${rows(desktop)};--rows:${desktop?.rowSpan ?? 1};` +
    `--phone-col:${cells(phone)};--phone-row:${rows(phone)};--phone-rows:${phone?.rowSpan ?? 1}`
  );
}

/** Whether a section renders with the section markup (it has any setting). */
export function hasSectionSettings(section: Section): boolean {
  return section.background !== undefined || section.padding !== undefined || section.grid !== undefined;
}

/**
 * A section with settings; `blockHtml` renders one block with an optional style on its
 * wrapper. `first`: the page's first section, whose background image loads at once.
 */
export function renderSetSection(
  section: Section,
  blockHtml: (index: number, style?: string) => string,
  options: { first: boolean; allowedOrigins: readonly string[] },
): string {
  const bg = section.background;
  const classes = ['page-section', 'page-section--set'];
  if (section.padding && PADDINGS.has(section.padding)) classes.push(`page-section--pad-${section.padding}`);
  const background = bg ? backgroundHtml(bg, options.first, options.allowedOrigins) : '';
  const color = bg?.color && /^#[0-9a-fA-F]{6}$/.test(bg.color) ? bg.color : null;
  if (background || color) classes.push('page-section--full');
  if (darkBackground(bg)) classes.push('page-section--dark');
  const style = color ? ` style="background-color:${color}"` : '';
  let content: string;
  if (section.grid) {
    const desktop = new Map(placementsFor(section, 'desktop').map((p) => [p.blockId, p]));
    const phone = new Map(placementsFor(section, 'phone').map((p) => [p.blockId, p]));
    // Blocks in reading order, so the source order (what screen readers and the keyboard
    // follow) matches what the eye reads on a wide screen.
    const order = section.blocks
      .map((b, i) => ({ i, p: desktop.get(b.id) }))
      .sort((a, b) => (a.p?.row ?? 0) - (b.p?.row ?? 0) || (a.p?.col ?? 0) - (b.p?.col ?? 0) || a.i - b.i);
    content = `<div class="section-content section-grid" style="--columns:${GRID_COLUMNS.desktop};--phone-columns:${GRID_COLUMNS.phone}">${order
      .map(({ i }) => {
        const id = section.blocks[i]?.id ?? '';
        return blockHtml(i, placementStyle(desktop.get(id), phone.get(id)));
      })
      .join('')}</div>`;
  } else {
    content = `<div class="section-content">${section.blocks.map((_, i) => blockHtml(i)).join('')}</div>`;
  }
  return `<section class="${classes.join(' ')}" data-section-id="${attr(section.id)}"${style}>${background}${content}</section>`;
}
