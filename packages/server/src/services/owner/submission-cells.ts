/**
 * How a stored form answer reads in the owner's submissions table and CSV (spec §3 "Form
 * answer sub-values"): multi-part answers are joined the way the summary-form-field
 * template renders them, so the owner reads "Ada Lovelace", "12/31/2024", "+44 20-7946-0000".
 * An empty answer gives '' (the caller shows "N/A" or the configured no-answer text).
 */
export function answerCell(type: string, value: unknown, statements: readonly string[] = []): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return joinParts(
      type,
      value.map((p) => (typeof p === 'string' ? p.trim() : '')),
    );
  if (typeof value === 'object') {
    // Likert: "statement: answer", '; ' between them.
    // JSON storage does not keep key order: statements read in the form's order.
    const rank = (q: string) => (statements.includes(q) ? statements.indexOf(q) : statements.length);
    return Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => rank(a) - rank(b))
      .filter(([, a]) => typeof a === 'string' && a.trim() !== '')
      .map(([q, a]) => `${q}: ${(a as string).trim()}`)
      .join('; ');
  }
  return '';
}

function joinParts(type: string, parts: string[]): string {
  if (parts.every((p) => p === '')) return '';
  const [a = '', b = '', c = '', d = '', e = '', f = ''] = parts;
  switch (type) {
    case 'name': // First, Last
      return [a, b].filter(Boolean).join(' ');
    case 'date': // Month, Day, Year
      return `${a}/${b}/${c}`;
    case 'time': // Hour, Minute, Second, Ampm
      return `${a || '00'}:${b || '00'}:${c || '00'}${d ? ` ${d}` : ''}`;
    case 'phone': // Country, Areacode, Prefix, Line
      return `${a ? `+${a} ` : ''}${[b, c, d].filter(Boolean).join('-')}`;
    case 'address': {
      // Line1, Line2, City, State, Zip, Country: "Line1, Line2, City, State Zip, Country"
      const stateZip = [d, e].filter(Boolean).join(' ');
      return [a, b, c, stateZip, f].filter(Boolean).join(', ');
    }
    default: // checkbox: the checked values
      return parts.filter(Boolean).join(', ');
  }
}
