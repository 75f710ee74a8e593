import type { Node } from './nodes';
import { TagMatcher } from './tag-matcher';

/** Callbacks the tag parser uses to validate names against the registry. */
export interface TagChecks {
  hasFormatter(name: string): boolean;
  hasPredicate(name: string): boolean;
  /** Report an unknown name; `pos` is the offset of the tag's `{`. */
  unknown(kind: 'formatter' | 'predicate', name: string, pos: number): void;
}

// Instruction keywords by first letter, tried in order (longest-distinct first as in JSON-T).
const KEYWORDS: Record<string, [string, string][]> = {
  a: [['alternates with', 'ALTERNATES_WITH']],
  c: [['ctx', 'CTXVAR']],
  e: [
    ['end', 'END'],
    ['eof', 'EOF'],
    ['eval', 'EVAL'],
  ],
  i: [
    ['if', 'IF'],
    ['include', 'INCLUDE'],
    ['inject', 'INJECT'],
  ],
  m: [
    ['macro', 'MACRO'],
    ['meta-left', 'META_LEFT'],
    ['meta-right', 'META_RIGHT'],
  ],
  n: [['newline', 'NEWLINE']],
  o: [['or', 'OR']],
  r: [['repeated section', 'REPEATED']],
  s: [
    ['section', 'SECTION'],
    ['space', 'SPACE'],
  ],
  t: [['tab', 'TAB']],
  v: [['var', 'BINDVAR']],
};

/**
 * Parse one tag body (`str[start..end)`, braces excluded). Returns the node, or null when
 * the tag is not an instruction and must be output as literal text.
 */
export function parseTag(
  str: string,
  start: number,
  end: number,
  checks: TagChecks,
  matcher?: TagMatcher,
): Node | null {
  const pos = start - 1;
  const first = str[start];
  if (first === '#') return { type: 'comment', pos, text: str.slice(start + 1, end), multiline: false };
  // One matcher per template source (set() re-aims it), not one per tag.
  const m = matcher ?? new TagMatcher(str);
  if (first !== '.') {
    m.set(start, end);
    return parseVariable(m, pos, checks);
  }
  m.set(start + 1, end);
  const pred = parsePredicate(m, pos, checks, false);
  if (pred !== undefined) return pred;
  const options = KEYWORDS[str[start + 1] as string];
  if (options === undefined) return null;
  let op: string | null = null;
  for (const [kw, name] of options) {
    if (m.startsWith(kw)) {
      op = name;
      break;
    }
  }
  if (op === null) return null;
  m.consume();
  switch (op) {
    case 'ALTERNATES_WITH':
    case 'END':
    case 'EOF':
    case 'META_LEFT':
    case 'META_RIGHT':
    case 'NEWLINE':
    case 'SPACE':
    case 'TAB':
      return m.complete() ? { type: 'atom', pos, op } : null;
    case 'BINDVAR':
      return parseBindvar(m, pos, checks);
    case 'CTXVAR':
      return parseCtxvar(m, pos);
    case 'EVAL':
      if (!m.whitespace()) return null;
      m.consume();
      return { type: 'eval', pos, code: m.rest() };
    case 'IF':
      return parseIf(m, pos, checks);
    case 'INCLUDE': {
      if (!m.space()) return null;
      const args = m.args();
      if (args === null || args.list.length < 1) return null;
      return {
        type: 'include',
        pos,
        name: args.list[0] as string,
        args: { list: args.list.slice(1), delim: args.delim },
      };
    }
    case 'INJECT': {
      const name = spacedDefinition(m);
      if (name === null) return null;
      const path = m.filePath();
      if (path === null) return null;
      m.consume();
      return { type: 'inject', pos, name, path, args: m.args() };
    }
    case 'MACRO': {
      if (!m.space()) return null;
      m.consume();
      const name = m.filePath();
      if (name === null) return null;
      m.consume();
      return m.complete() ? { type: 'macro', pos, name, block: [] } : null;
    }
    case 'OR':
      return parsePredicate(m, pos, checks, true) ?? null;
    case 'REPEATED':
    case 'SECTION': {
      if (!m.whitespace()) return null;
      m.consume();
      const ref = m.variable();
      if (ref === null) return null;
      m.consume();
      if (!m.complete()) return null;
      return op === 'SECTION'
        ? { type: 'section', pos, ref, block: [], alt: null }
        : { type: 'repeated', pos, ref, block: [], alt: null, altWith: [] };
    }
  }
  return null;
}

/** undefined: not a predicate tag at all; null: a malformed one (literal text). */
/**
 * ` @name ` after an instruction keyword: exactly one space, a variable definition, and one
 * space (the whitespace `.var`, `.ctx` and `.inject` require). Null when the tag does not match.
 */
function spacedDefinition(m: TagMatcher): string | null {
  if (!m.space()) return null;
  m.consume();
  const name = m.definition();
  if (name === null) return null;
  m.consume();
  if (!m.space()) return null;
  m.consume();
  return name;
}

function parsePredicate(
  m: TagMatcher,
  pos: number,
  checks: TagChecks,
  isOr: boolean,
): Node | null | undefined {
  let space = false;
  if (isOr) {
    space = m.space();
    if (space) m.consume();
  }
  let name: string | null = null;
  let args = null;
  if (!isOr || space) {
    name = m.predicate();
    if (name === null) return isOr ? null : undefined;
    if (!checks.hasPredicate(name)) checks.unknown('predicate', name, pos);
    m.consume();
    args = m.args();
    if (args !== null) m.consume();
  }
  if (!m.complete()) return null;
  if (!isOr) return { type: 'predicate', pos, name: name as string, args, block: [], alt: null };
  return { type: 'or', pos, name, args, block: [], alt: null };
}

function formattersOk(m: TagMatcher, pos: number, checks: TagChecks) {
  const formatters = m.formatters();
  if (formatters !== null) m.consume();
  if (!m.complete()) return undefined;
  if (formatters !== null) {
    for (const f of formatters) {
      if (!checks.hasFormatter(f.name)) {
        checks.unknown('formatter', f.name, pos);
        return undefined;
      }
    }
  }
  return formatters;
}

function parseVariable(m: TagMatcher, pos: number, checks: TagChecks): Node | null {
  const refs = m.variables();
  if (refs === null) return null;
  m.consume();
  const formatters = formattersOk(m, pos, checks);
  if (formatters === undefined) return null;
  return { type: 'variable', pos, refs, formatters };
}

function parseBindvar(m: TagMatcher, pos: number, checks: TagChecks): Node | null {
  const name = spacedDefinition(m);
  if (name === null) return null;
  const refs = m.variables();
  if (refs === null) return null;
  m.consume();
  const formatters = formattersOk(m, pos, checks);
  if (formatters === undefined) return null;
  return { type: 'bindvar', pos, name, refs, formatters };
}

function parseCtxvar(m: TagMatcher, pos: number): Node | null {
  const name = spacedDefinition(m);
  if (name === null) return null;
  const bindings = m.bindings();
  if (bindings === null) return null;
  m.consume();
  return m.complete() ? { type: 'ctxvar', pos, name, bindings } : null;
}

function parseIf(m: TagMatcher, pos: number, checks: TagChecks): Node | null {
  if (!m.whitespace()) return null;
  m.consume();
  const pred = parsePredicate(m, pos, checks, false);
  if (pred !== undefined) return pred;
  const expr = m.ifExpression();
  if (expr === null) return null;
  m.consume();
  if (!m.complete()) return null;
  return { type: 'if', pos, ops: expr.ops, refs: expr.refs, block: [], alt: null };
}
