import type { Block } from '@store/blocks';
import { type CSSProperties, useEffect, useRef } from 'react';
import { RichTextEditor } from '../rich-text';
import type { Box } from './frame-measure';

/** Block types whose words can be edited on the canvas itself. */
export const EDITABLE_IN_PLACE = new Set(['heading', 'text']);

/** The look of the block's text, so the field over it reads like the page. */
function textStyle(el: Element | null): CSSProperties {
  const view = el?.ownerDocument.defaultView;
  if (!el || !view) return {};
  const s = view.getComputedStyle(el);
  return {
    fontFamily: s.fontFamily,
    fontSize: s.fontSize,
    fontWeight: s.fontWeight as CSSProperties['fontWeight'],
    fontStyle: s.fontStyle,
    lineHeight: s.lineHeight,
    letterSpacing: s.letterSpacing,
    textAlign: s.textAlign as CSSProperties['textAlign'],
    color: s.color,
  };
}

/**
 * The in-place editor laid over a heading or text block in the preview: a plain field for
 * a heading (Enter or leaving it finishes), the rich-text editor for text (Done finishes).
 * Every change goes into the draft as it is typed (the preview and autosave follow); the
 * whole edit is one undo step. Escape finishes too: the words typed so far stay, and Undo
 * takes them back.
 */
export function InlineEditor(props: {
  block: Block;
  box: Box;
  element: Element | null;
  onText(patch: Record<string, unknown>): void;
  onClose(): void;
}) {
  const { block, box, onClose } = props;
  const field = useRef<HTMLInputElement>(null);
  // What this editor sent, newest last. A draft that still holds one of them is this
  // editor's own typing coming back (maybe a keystroke behind): the editor keeps its text.
  // Anything else (Undo, the side panel) replaces it.
  const sent = useRef<string[]>([]);
  const stored = String(block.props.html ?? '');
  const own = sent.current.includes(stored);
  if (!own) sent.current = [];
  const html = own ? (sent.current.at(-1) ?? stored) : stored;
  useEffect(() => {
    if (block.type === 'heading') field.current?.select();
  }, [block.type]);

  if (block.type === 'heading') {
    const heading = props.element?.querySelector('h1, h2, h3, h4') ?? props.element;
    return (
      <input
        ref={field}
        className="canvas__inline canvas__inline--heading"
        aria-label="Heading on the page"
        value={String(block.props.text ?? '')}
        maxLength={500}
        style={{
          ...textStyle(heading),
          left: box.left,
          top: box.top,
          width: box.width,
          minHeight: box.height,
        }}
        onChange={(e) => props.onText({ text: e.target.value })}
        onBlur={onClose}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Enter' || e.key === 'Escape') {
            e.preventDefault();
            onClose();
          }
        }}
      />
    );
  }
  return (
    <div
      role="dialog"
      aria-label="Edit text on the page"
      className="canvas__inline canvas__inline--text"
      style={{ left: box.left, top: box.top, width: Math.max(box.width, 280) }}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Escape') {
          e.preventDefault();
          onClose();
        }
      }}
    >
      <RichTextEditor
        label="Text on the page"
        value={html}
        onChange={(next) => {
          sent.current = [...sent.current.slice(-50), next];
          props.onText({ html: next });
        }}
        autoFocus
      />
      <button type="button" className="btn btn--primary canvas__done" onClick={onClose}>
        Done
      </button>
    </div>
  );
}
