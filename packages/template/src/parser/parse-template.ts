import { type TemplateError, SourceInfo, makeError, messages } from '../errors';
import { scanInto } from '../scanner/scanner';
import { Assembler } from './assembler';
import type { Node } from './nodes';
import { parseTag } from './parse-tag';
import { TagMatcher } from './tag-matcher';

export interface NameRegistry {
  hasFormatter(name: string): boolean;
  hasPredicate(name: string): boolean;
}

export interface ParseResult {
  nodes: Node[];
  errors: TemplateError[];
  source: SourceInfo;
  /** Block-opening and `.or` tags: an upper bound of the nesting depth. */
  blocks: number;
}

/** Scanner → tag parser → assembler. Never throws; problems come back as errors. */
export function parseTemplate(text: string, registry: NameRegistry, name?: string): ParseResult {
  const source = new SourceInfo(text, name);
  const errors: TemplateError[] = [];
  const asm = new Assembler();
  const checks = {
    hasFormatter: (n: string) => registry.hasFormatter(n),
    hasPredicate: (n: string) => registry.hasPredicate(n),
    unknown(kind: 'formatter' | 'predicate', n: string, pos: number) {
      errors.push(
        kind === 'formatter'
          ? makeError('parser', 'FORMATTER_UNKNOWN', messages.formatterUnknown(n), source, pos)
          : makeError('parser', 'PREDICATE_UNKNOWN', messages.predicateUnknown(n), source, pos),
      );
    },
  };
  const matcher = new TagMatcher(text);
  scanInto(text, (kind, start, end, pos) => {
    if (kind === 'text') {
      asm.accept({ type: 'text', pos: start, text: text.slice(start, end) });
    } else if (kind === 'comment') {
      asm.accept({ type: 'comment', pos, text: text.slice(start, end), multiline: true });
    } else {
      const node = parseTag(text, start, end, checks, matcher);
      asm.accept(node ?? { type: 'text', pos: start - 1, text: text.slice(start - 1, end + 1) });
    }
  });
  const nodes = asm.finish();
  for (const issue of asm.issues)
    errors.push(makeError('assembler', issue.code, issue.message, source, issue.pos));
  errors.sort((a, b) => a.line - b.line || a.column - b.column);
  return { nodes, errors, source, blocks: asm.blocks };
}
