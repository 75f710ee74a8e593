/**
 * What the rich-text editor can hold. The editor keeps a document of known parts (paragraphs,
 * headings 2–4, lists, quotes, bold, italic, underline, strike-through, code, links, line
 * breaks, rules); HTML with anything else (images, tables, other headings) would lose it
 * when loaded, so such HTML is offered for editing as HTML instead (see RichTextEditor).
 */
export const EDITABLE_TAGS: ReadonlySet<string> = new Set([
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'del',
  'a',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'code',
  'pre',
  // Kept as their text: a wrapper carries no formatting the editor would drop.
  'span',
  'div',
]);

/** The elements of `html` the editor cannot keep, each once, in order of appearance. */
export function unsupportedTags(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)/g)) {
    const tag = (match[1] as string).toLowerCase();
    if (!EDITABLE_TAGS.has(tag) && !found.includes(tag)) found.push(tag);
  }
  return found;
}

/** Names owners know for the elements the editor cannot keep. */
const TAG_NAMES: Record<string, string> = {
  img: 'images',
  figure: 'images',
  picture: 'images',
  figcaption: 'images',
  table: 'tables',
  thead: 'tables',
  tbody: 'tables',
  tfoot: 'tables',
  tr: 'tables',
  td: 'tables',
  th: 'tables',
  caption: 'tables',
  colgroup: 'tables',
  col: 'tables',
  h1: 'large headings',
  h5: 'small headings',
  h6: 'small headings',
  iframe: 'embedded players',
  video: 'videos',
  audio: 'audio',
};

/** "images and tables" for the notice above HTML the editor would change. */
export function describeTags(tags: readonly string[]): string {
  const names = [...new Set(tags.map((t) => TAG_NAMES[t] ?? 'other formatting'))];
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The HTML the editor stores: nothing for an empty document (an empty text block shows its
 * placeholder in the studio and nothing on the site), otherwise the editor's HTML with its
 * line breaks and rules written as the server's sanitiser writes them (`<br />`), so what
 * is saved comes back exactly as it was sent.
 */
export function storedHtml(html: string, isEmpty: boolean): string {
  return isEmpty ? '' : html.replace(/<(br|hr)>/g, '<$1 />');
}

/** Keyboard shortcuts as this computer writes them ("⌘B" on a Mac, "Ctrl+B" elsewhere). */
export function shortcutLabel(keys: string, mac: boolean): string {
  if (mac)
    return keys
      .replace(/Mod\+/g, '⌘')
      .replace(/Shift\+/g, '⇧')
      .replace(/Alt\+/g, '⌥');
  return keys.replace(/Mod\+/g, 'Ctrl+');
}

/**
 * Whether a `value` handed to the editor is its own earlier report coming back (`ours`), and
 * which reports are still awaited. The editor's current text is always its own; an older
 * report is a parent rendering behind the typing; anything else (undo in the page editor,
 * another language) is a change from elsewhere that replaces the text.
 */
export function echoOf(
  pending: readonly string[],
  value: string,
  current: string,
): { ours: boolean; pending: string[] } {
  if (value === current) return { ours: true, pending: [] };
  const at = pending.indexOf(value);
  if (at >= 0) return { ours: true, pending: pending.slice(at + 1) };
  return { ours: false, pending: [] };
}
