import { type Block, GRID_COLUMNS, type Layout, blockTypes, placementsFor } from '@store/blocks';
import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';
import {
  duplicateBlock,
  moveBlock,
  placeBlock,
  removeBlock,
  sectionOf,
  sizeBlock,
  updateProps,
} from '../layout-edits';
import { type Drag, type Landing, drop, landing, startDrag } from './canvas-drag';
import './canvas.css';
import { type Box, blockElement, boxOf, breakpointOf } from './frame-measure';
import { EDITABLE_IN_PLACE, InlineEditor } from './inline-editor';
import { blockedMessage, describePlacement, keyEdit } from './keyboard-moves';
import { SelectionActions } from './selection-actions';
import { useFrameEvents } from './use-frame-events';

export interface CanvasProps {
  frame: HTMLIFrameElement | null;
  layout: Layout;
  selected: string | null;
  onSelect(id: string | null): void;
  /** An edit: one undo step. */
  onChange(layout: Layout): void;
  /** The next keystroke of an in-place edit: folded into the step the edit started. */
  onAmend(layout: Layout): void;
  onUndo(): void;
  onRedo(): void;
  onError(message: string): void;
  confirmDelete(label: string): Promise<boolean>;
}

const label = (block: Block | undefined) => (block ? blockTypes[block.type].label : 'Block');

/**
 * Editing on the page itself, laid over the preview frame: click a block to select it
 * (outline, its type, Move up / Move down / Duplicate / Delete), drag it to another cell
 * or section, drag its corner to resize it, double-click (or Enter) a heading or text to
 * edit its words in place. With a block selected, arrow keys move it one cell and
 * Shift+arrows resize it, announced in a live region; Escape deselects. In the phone view
 * moves and resizes arrange the phone layout.
 */
export function CanvasOverlay(props: CanvasProps) {
  const { frame, layout, selected } = props;
  const [editing, setEditing] = useState<string | null>(null);
  const [land, setLand] = useState<Landing | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [hovered, setHovered] = useState<string | null>(null);
  const drag = useRef<Drag | null>(null);
  const suppressClick = useRef(false);
  const focusSelection = useRef(false);
  const selectionRef = useRef<HTMLButtonElement>(null);
  const editStarted = useRef(false);
  const latest = useRef(props);
  latest.current = props;

  const doc = frame?.contentDocument ?? null;
  const blockAt = (target: EventTarget | null) =>
    (target as Element | null)?.closest?.('[data-block-id]')?.getAttribute('data-block-id') ?? null;
  const breakpoint = () => (doc ? breakpointOf(doc) : 'desktop');
  const findBlock = (id: string | null) =>
    id ? sectionOf(latest.current.layout, id)?.blocks.find((b) => b.id === id) : undefined;

  const select = (id: string | null) => {
    focusSelection.current = id !== null;
    latest.current.onSelect(id);
  };
  const openEditor = (id: string) => {
    const block = findBlock(id);
    if (!block || !EDITABLE_IN_PLACE.has(block.type)) return;
    editStarted.current = false;
    setEditing(id);
  };
  const finishDrag = (point: { x: number; y: number } | null) => {
    const current = drag.current;
    drag.current = null;
    setLand(null);
    if (!current?.active || !doc) return;
    // The click that ends a drag is not a click on a block.
    suppressClick.current = true;
    setTimeout(() => {
      suppressClick.current = false;
    }, 0);
    const where = point ? landing(doc, current, point) : null;
    if (!where) return;
    const before = latest.current.layout;
    const after = drop(before, current, where);
    if (after === before) return;
    latest.current.onChange(after);
    focusSelection.current = true;
    latest.current.onSelect(current.blockId);
    say(after, current.blockId, current.breakpoint);
  };
  const say = (after: Layout, id: string, bp = breakpoint()) => {
    const section = sectionOf(after, id);
    const p = section && placementsFor(section, bp).find((q) => q.blockId === id);
    const where = bp === 'phone' ? ' (phone layout)' : '';
    if (p) setAnnouncement(`${describePlacement(label(findBlock(id)), p, GRID_COLUMNS[bp])}${where}`);
  };

  /** Arrow keys, Enter, Escape and undo on the canvas (from the frame or the selection outline). */
  const key = (event: KeyboardEvent | React.KeyboardEvent, fromFrame: boolean) => {
    if (editing) return;
    const mod = event.ctrlKey || event.metaKey;
    if (mod && event.key.toLowerCase() === 'z') {
      // Keys in the studio reach the editor's own undo; those typed in the frame come here.
      if (!fromFrame) return;
      event.preventDefault();
      if (event.shiftKey) latest.current.onRedo();
      else latest.current.onUndo();
      return;
    }
    const id = latest.current.selected;
    if (event.key === 'Escape' && id) {
      event.preventDefault();
      latest.current.onSelect(null);
      setAnnouncement('Nothing selected.');
      // The controls go with the selection; the keyboard stays on the preview.
      if (!fromFrame) frame?.focus();
      return;
    }
    if (!id || mod || event.altKey) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      openEditor(id);
      return;
    }
    const bp = breakpoint();
    const section = sectionOf(latest.current.layout, id);
    const placement = section && placementsFor(section, bp).find((p) => p.blockId === id);
    if (!placement || !event.key.startsWith('Arrow')) return;
    event.preventDefault();
    const edit = keyEdit(placement, event.key, event.shiftKey, GRID_COLUMNS[bp]);
    const name = label(findBlock(id));
    if (!edit) return setAnnouncement(blockedMessage(name, event.key, event.shiftKey));
    const before = latest.current.layout;
    const after =
      edit.kind === 'move'
        ? placeBlock(before, id, bp, { col: edit.col, row: edit.row })
        : sizeBlock(before, id, bp, { colSpan: edit.colSpan, rowSpan: edit.rowSpan });
    latest.current.onChange(after);
    say(after, id, bp);
  };

  const tick = useFrameEvents(frame, {
    click(event) {
      event.preventDefault();
      if (suppressClick.current) return;
      const id = blockAt(event.target);
      select(id);
      // Focus leaves the frame for the selected block's controls once they are drawn.
      if (id) requestAnimationFrame(() => selectionRef.current?.focus({ preventScroll: true }));
    },
    dblclick(event) {
      const id = blockAt(event.target);
      if (id) openEditor(id);
    },
    pointerdown(event) {
      const id = blockAt(event.target);
      if (!doc || !id || event.button !== 0 || editing) return;
      // The block pressed is the one dragged, and the one selected.
      if (id !== latest.current.selected) select(id);
      drag.current = startDrag(doc, latest.current.layout, 'move', id, breakpoint(), {
        x: event.clientX,
        y: event.clientY,
      });
    },
    pointermove(event) {
      if (!drag.current) setHovered(blockAt(event.target));
      if (!doc || !drag.current) return;
      // The button was released where the frame could not hear it: the drag is dropped, not done.
      if (event.buttons === 0) return finishDrag(null);
      const where = landing(doc, drag.current, { x: event.clientX, y: event.clientY });
      if (where) {
        event.preventDefault();
        setLand(where);
      }
    },
    pointerup(event) {
      if (drag.current) finishDrag({ x: event.clientX, y: event.clientY });
    },
    pointerout(event) {
      // Leaving the frame (to nowhere inside it) clears the hover outline.
      if (!event.relatedTarget) setHovered(null);
    },
    keydown(event) {
      key(event, true);
    },
  });

  // A block picked on the canvas takes the keyboard focus (so arrow keys and Escape work).
  useEffect(() => {
    if (selected && focusSelection.current) selectionRef.current?.focus({ preventScroll: true });
    focusSelection.current = false;
    // One picked in the side list is scrolled into view in the preview.
    if (selected && doc) blockElement(doc, selected)?.scrollIntoView({ block: 'nearest' });
    // Picking another block (or none) closes an in-place editor.
    setEditing((open) => (open === selected ? open : null));
  }, [selected, doc]);

  // Converting the studio's pointer (a grip or corner outside the frame) to the frame's viewport.
  const framePoint = (event: ReactPointerEvent) => {
    const r = frame?.getBoundingClientRect();
    return {
      x: event.clientX - (r?.left ?? 0) - (frame?.clientLeft ?? 0),
      y: event.clientY - (r?.top ?? 0) - (frame?.clientTop ?? 0),
    };
  };
  const handleDown = (kind: Drag['kind']) => (event: ReactPointerEvent<HTMLElement>) => {
    if (!doc || !selected || event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = startDrag(doc, layout, kind, selected, breakpoint(), framePoint(event));
  };
  const handleMove = (event: ReactPointerEvent<HTMLElement>) => {
    if (!doc || !drag.current) return;
    const where = landing(doc, drag.current, framePoint(event));
    if (where) setLand(where);
  };
  const handleUp = (event: ReactPointerEvent<HTMLElement>) => {
    if (drag.current) finishDrag(framePoint(event));
  };

  if (!frame || !doc) return null;
  void tick; // Measured afresh on every scroll, resize and render of the frame.
  const block = findBlock(selected);
  const element = selected ? blockElement(doc, selected) : null;
  const box: Box | null = element ? boxOf(element) : null;
  const name = label(block);
  // The block under the pointer gets a light outline: this is what a click picks.
  const hoveredElement = hovered && hovered !== selected && !land ? blockElement(doc, hovered) : null;
  const hoverBox = hoveredElement ? boxOf(hoveredElement) : null;
  const bp = breakpointOf(doc);
  const section = selected ? sectionOf(layout, selected) : undefined;
  const placement =
    section && selected ? placementsFor(section, bp).find((p) => p.blockId === selected) : undefined;
  const where = placement ? `${describePlacement(name, placement, GRID_COLUMNS[bp])}. ` : '';
  const frameBox = {
    left: frame.offsetLeft + frame.clientLeft,
    top: frame.offsetTop + frame.clientTop,
    width: frame.clientWidth,
    height: frame.clientHeight,
  };
  const run = async (action: 'up' | 'down' | 'duplicate' | 'delete') => {
    if (!selected) return;
    if (action === 'up' || action === 'down') {
      const after = moveBlock(layout, selected, action === 'up' ? -1 : 1);
      if (after !== layout) props.onChange(after);
      setAnnouncement(
        after === layout
          ? `${name} is already ${action === 'up' ? 'first' : 'last'}.`
          : `${name} moved ${action}.`,
      );
    } else if (action === 'duplicate') {
      const edit = duplicateBlock(layout, selected);
      if (!edit.ok) return props.onError(edit.message);
      props.onChange(edit.layout);
      setAnnouncement(`${name} duplicated.`);
    } else if (await props.confirmDelete(name.toLowerCase())) {
      props.onChange(removeBlock(latest.current.layout, selected));
      props.onSelect(null);
      setAnnouncement(`${name} deleted.`);
    }
  };

  return (
    <div className="canvas__overlay" style={frameBox}>
      {land && (
        <>
          {land.guides.map((g, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the guides are the grid's columns, in order.
            <div key={i} className="canvas__guide" style={g} />
          ))}
          <div className="canvas__landing" style={land.box} />
        </>
      )}
      {hoverBox && <div className="canvas__hover" style={hoverBox} />}
      {box && block && !editing && (
        <div className={`canvas__selection${land ? ' canvas__selection--dragging' : ''}`} style={box}>
          <div
            className={`canvas__toolbar${box.top < 34 ? ' canvas__toolbar--inside' : ''}`}
            role="toolbar"
            aria-label={`Selected block: ${name}`}
          >
            <button
              ref={selectionRef}
              type="button"
              className="canvas__grip"
              aria-label={`Drag ${name}`}
              aria-describedby="canvas-keys"
              title="Drag to move (or use the arrow keys)"
              onKeyDown={(e) => key(e, false)}
              onPointerDown={handleDown('move')}
              onPointerMove={handleMove}
              onPointerUp={handleUp}
              onPointerCancel={() => finishDrag(null)}
            >
              <span aria-hidden="true">⠿</span> {name}
            </button>
            <SelectionActions
              name={name}
              editable={EDITABLE_IN_PLACE.has(block.type)}
              onAction={(action) => (action === 'edit' ? openEditor(block.id) : run(action))}
            />
          </div>
          <span
            className="canvas__resize"
            aria-hidden="true"
            title="Drag to resize (or Shift and the arrow keys)"
            onPointerDown={handleDown('resize')}
            onPointerMove={handleMove}
            onPointerUp={handleUp}
            onPointerCancel={() => finishDrag(null)}
          />
        </div>
      )}
      {editing && block && box && block.id === editing && (
        <InlineEditor
          block={block}
          box={box}
          element={element}
          onText={(patch) => {
            const next = updateProps(latest.current.layout, block.id, patch);
            if (editStarted.current) props.onAmend(next);
            else props.onChange(next);
            editStarted.current = true;
          }}
          onClose={() => {
            setEditing(null);
            focusSelection.current = true;
            requestAnimationFrame(() => selectionRef.current?.focus({ preventScroll: true }));
          }}
        />
      )}
      <p id="canvas-keys" className="visually-hidden">
        {`${where}Arrow keys move it one cell, Shift and arrow keys resize it${block && EDITABLE_IN_PLACE.has(block.type) ? ', Enter edits its text' : ''}, Escape deselects.`}
      </p>
      <div className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}
