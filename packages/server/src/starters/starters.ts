import blank from './blank.json';
import portfolio from './portfolio.json';
import shop from './shop.json';
import { type ArtKind, starterArtSvg, starterPreviewSvg } from './starter-art';
import { type Starter, starterSchema } from './starter-schema';

/**
 * The starter sites that ship with the project, in the order the setup screen offers them.
 * Each JSON file is checked against the starter schema when the server loads it: a broken
 * starter stops the start with its name, rather than making a broken site later.
 */
export const STARTERS: readonly Starter[] = [shop, portfolio, blank].map((data) => {
  const parsed = starterSchema.safeParse(data);
  if (!parsed.success)
    throw new Error(`starter "${(data as { id?: string }).id}": ${parsed.error.issues[0]?.message}`);
  return parsed.data;
});

export const STARTER_IDS = STARTERS.map((s) => s.id) as [string, ...string[]];

export function findStarter(id: string): Starter | undefined {
  return STARTERS.find((s) => s.id === id);
}

/** What the setup screen and `--help` list about each starter. */
export function starterSummaries() {
  return STARTERS.map((s) => ({
    id: s.id,
    name: s.name,
    description: s.description,
    previewUrl: `/assets/starters/preview-${s.id}.svg`,
  }));
}

/** The look of a starter's picture on the setup screen, from what its home page shows. */
function previewLook(starter: Starter): 'shop' | 'gallery' | 'text' {
  if (starter.products.length > 0) return 'shop';
  return starter.pages.some((p) => p.kind === 'blog') ? 'gallery' : 'text';
}

/** Every picture the starters name (and each one's preview), by file name without `.svg`. */
const pictures = new Map<string, () => string>();
for (const starter of STARTERS) {
  pictures.set(`preview-${starter.id}`, () =>
    starterPreviewSvg(starter.id, starter.previewHue, previewLook(starter)),
  );
  for (const [name, image] of Object.entries(starter.images)) {
    // Pictures are served by name alone: two starters may not give one name two pictures.
    if (pictures.has(name)) throw new Error(`starter "${starter.id}": picture "${name}" is named twice`);
    pictures.set(name, () => starterArtSvg(name, image.art as ArtKind, image.hue));
  }
}

/** The SVG served at /assets/starters/<name>.svg, or undefined for a name no starter uses. */
export function starterPicture(name: string): string | undefined {
  return pictures.get(name)?.();
}
