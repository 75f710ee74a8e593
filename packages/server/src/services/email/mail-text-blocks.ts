/**
 * A mail's plain text read as blocks for its HTML part. Every message the site sends is
 * written as text first (what a text-only client shows, and what nothing typed by a buyer can
 * run in); these few conventions of that text give the HTML its shape, so a new kind of mail
 * gets a proper HTML part without writing any HTML:
 *
 * - paragraphs are separated by a blank line;
 * - `- item` lines make a list; items ending in ` = <amount>` make a table with the amounts
 *   on the right (order lines);
 * - a paragraph of two or more `Label: value` lines is a table of values (totals), the row
 *   whose label starts with "Total" in bold;
 * - `Label: https://…` alone on its line is a button;
 * - a web address alone on its line is a button too, named after the line before it when
 *   that line ends in a colon ("Accept the invitation here …:" → "Accept the invitation");
 * - a short line ending in a colon that starts a paragraph is a heading ("Shipping to:");
 * - web addresses anywhere else are links.
 */
export type MailBlock =
  | { type: 'paragraph'; lines: string[] }
  | { type: 'heading'; text: string }
  | { type: 'list'; items: string[] }
  | { type: 'lines-table'; rows: { label: string; amount: string }[] }
  | { type: 'values-table'; rows: { label: string; value: string; strong: boolean }[] }
  | { type: 'button'; label: string; href: string };

const URL_ONLY = /^https?:\/\/\S+$/i;
const LABELLED_URL = /^([^:]{1,48}):\s+(https?:\/\/\S+)$/i;
const LABEL_VALUE = /^([^:]{1,40}):\s+(\S.*)$/;
const LINE_AMOUNT = /^(.*\S)\s+=\s+(\S.{0,30})$/;
const HEADING = /^[^:]{1,40}:$/;

/** "Accept the invitation here with this address (…):" → "Accept the invitation". */
function labelFrom(line: string | undefined): string | null {
  if (!line?.endsWith(':')) return null;
  const cut = line
    .slice(0, -1)
    .split(/\s+here\b|\s*\(|\s+with\b|\s+within\b|,/)[0]
    ?.trim();
  return cut && cut.length >= 3 && cut.length <= 40 ? cut : null;
}

function paragraphBlocks(lines: string[]): MailBlock[] {
  const blocks: MailBlock[] = [];
  const first = lines[0] ?? '';
  let rest = lines;
  if (lines.length > 1 && HEADING.test(first) && !URL_ONLY.test(first)) {
    blocks.push({ type: 'heading', text: first.slice(0, -1) });
    rest = lines.slice(1);
  }
  if (
    rest.length >= 2 &&
    rest.every((l) => LABEL_VALUE.test(l) && !/https?:\/\//i.test(l) && !l.startsWith('- '))
  ) {
    blocks.push({
      type: 'values-table',
      rows: rest.map((l) => {
        const [, label = '', value = ''] = LABEL_VALUE.exec(l) ?? [];
        return { label, value, strong: /^total\b/i.test(label) };
      }),
    });
    return blocks;
  }
  let text: string[] = [];
  const flush = () => {
    if (text.length) blocks.push({ type: 'paragraph', lines: text });
    text = [];
  };
  for (let i = 0; i < rest.length; i++) {
    const line = rest[i] ?? '';
    if (line.startsWith('- ')) {
      flush();
      const items: string[] = [];
      while (i < rest.length && rest[i]?.startsWith('- ')) items.push((rest[i++] ?? '').slice(2));
      i--;
      const amounts = items.map((item) => LINE_AMOUNT.exec(item));
      if (amounts.every(Boolean))
        blocks.push({
          type: 'lines-table',
          rows: amounts.map((m) => ({ label: m?.[1] ?? '', amount: m?.[2] ?? '' })),
        });
      else blocks.push({ type: 'list', items });
      continue;
    }
    const labelled = LABELLED_URL.exec(line);
    if (labelled) {
      flush();
      blocks.push({ type: 'button', label: labelled[1] ?? '', href: labelled[2] ?? '' });
      continue;
    }
    if (URL_ONLY.test(line)) {
      const label = labelFrom(text.at(-1) ?? (i === 0 ? undefined : rest[i - 1]));
      flush();
      blocks.push({ type: 'button', label: label ?? 'Open the link', href: line });
      continue;
    }
    text.push(line);
  }
  flush();
  return blocks;
}

/** The text's blocks, in order (see the conventions above). */
export function mailTextBlocks(text: string): MailBlock[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((p) => p.split('\n').map((l) => l.trimEnd()))
    .map((lines) => lines.filter((l, i) => l !== '' || i > 0))
    .filter((lines) => lines.some((l) => l.trim() !== ''))
    .flatMap(paragraphBlocks);
}
