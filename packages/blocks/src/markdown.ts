const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Inline marks on already-escaped text: code, bold, italic, safe links. */
function inline(text: string): string {
  return text
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\*([^*]+)\*/g, '<em>$1</em>')
    .replace(/\[([^\]]+)\]\(((?:https?:\/\/|\/|#|mailto:)[^\s)]*)\)/g, '<a href="$2">$1</a>');
}

/**
 * A small, safe Markdown subset for the markdown block: headings, paragraphs, lists,
 * block quotes, fenced code, emphasis and links. Input is escaped first, so the owner's
 * Markdown can never inject markup (the code block is for that). Pure: runs in the studio
 * and on the server, so both render the same HTML.
 */
export function markdownToHtml(source: string): string {
  const lines = escapeHtml(source.replace(/\r\n?/g, '\n')).split('\n');
  const out: string[] = [];
  let paragraph: string[] = [];
  let list: { tag: 'ul' | 'ol'; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) out.push(`<p>${inline(paragraph.join(' '))}</p>`);
    paragraph = [];
    if (list)
      out.push(`<${list.tag}>${list.items.map((i) => `<li>${inline(i)}</li>`).join('')}</${list.tag}>`);
    list = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.startsWith('```')) {
      flush();
      const code: string[] = [];
      while (++i < lines.length) {
        const next = lines[i] ?? '';
        if (next.startsWith('```')) break;
        code.push(next);
      }
      out.push(`<pre><code>${code.join('\n')}</code></pre>`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+\.\s+(.*)$/.exec(line);
    // Both groups always take part in a match, so the defaults never apply.
    const item = bullet?.[1] ?? numbered?.[1];
    if (heading) {
      const [, hashes = '', text = ''] = heading;
      flush();
      out.push(`<h${hashes.length}>${inline(text)}</h${hashes.length}>`);
    } else if (item !== undefined) {
      const tag = bullet ? 'ul' : 'ol';
      if (paragraph.length || (list && list.tag !== tag)) flush();
      list ??= { tag, items: [] };
      list.items.push(item);
    } else if (line.startsWith('&gt; ')) {
      flush();
      out.push(`<blockquote><p>${inline(line.slice(5))}</p></blockquote>`);
    } else if (!line.trim()) {
      flush();
    } else {
      if (list) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return out.join('\n');
}
