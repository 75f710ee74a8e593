import { type Block, type Layout, blockTypes } from '@store/blocks';
import { useState } from 'react';
import type { Catalog } from '../api';
import { BlockFields } from './block-fields';
import {
  blocksInOrder,
  moveBlock,
  moveBlockTo,
  removeBlock,
  removeSection,
  updateProps,
} from './layout-edits';

/** A short, readable summary of a block for the list ("Heading: Spring sale"). */
function summary(block: Block): string {
  const p = block.props;
  const text = String(p.text ?? p.label ?? p.title ?? p.alt ?? p.markdown ?? p.html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text ? `${blockTypes[block.type].label}: ${text.slice(0, 40)}` : blockTypes[block.type].label;
}

/**
 * The sections and their blocks: select a block to edit its fields; reorder by drag and
 * drop or with Move up / Move down (keyboard); delete after confirmation.
 */
export function BlockList(props: {
  layout: Layout;
  selected: string | null;
  catalog: Catalog | null;
  onSelect(id: string | null): void;
  onChange(layout: Layout): void;
  confirmDelete(label: string): Promise<boolean>;
}) {
  const { layout, selected, onChange } = props;
  const [dragging, setDragging] = useState<string | null>(null);
  return (
    <div className="blocks">
      {layout.sections.map((section, si) => (
        <section
          key={section.id}
          className="blocks__section"
          aria-label={`Section ${si + 1}`}
          onDragOver={(e) => dragging && e.preventDefault()}
          onDrop={() => {
            if (dragging) onChange(moveBlockTo(layout, dragging, { sectionId: section.id }));
            setDragging(null);
          }}
        >
          <div className="blocks__section-head">
            <h2>Section {si + 1}</h2>
            {section.blocks.length === 0 && layout.sections.length > 1 && (
              <button
                type="button"
                className="btn btn--plain"
                onClick={() => onChange(removeSection(layout, section.id))}
              >
                Remove empty section
              </button>
            )}
          </div>
          <ol className="blocks__list">
            {/* A grid section lists its blocks in reading order, as the page shows them. */}
            {blocksInOrder(section).map((block) => {
              const name = summary(block);
              const active = selected === block.id;
              return (
                <li
                  key={block.id}
                  className={`block-row${active ? ' block-row--active' : ''}`}
                  draggable
                  onDragStart={(e) => {
                    e.dataTransfer.setData('text/plain', block.id);
                    setDragging(block.id);
                  }}
                  onDragOver={(e) => dragging && e.preventDefault()}
                  onDrop={(e) => {
                    e.stopPropagation();
                    if (dragging) onChange(moveBlockTo(layout, dragging, { beforeId: block.id }));
                    setDragging(null);
                  }}
                >
                  <div className="row">
                    <span className="row__grip" aria-hidden="true">
                      ⋮⋮
                    </span>
                    <button
                      type="button"
                      className="row__title"
                      aria-pressed={active}
                      onClick={() => props.onSelect(active ? null : block.id)}
                    >
                      {name}
                    </button>
                    <span className="row__actions">
                      <button
                        type="button"
                        className="icon"
                        aria-label={`Move ${name} up`}
                        title="Move up"
                        onClick={() => onChange(moveBlock(layout, block.id, -1))}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="icon"
                        aria-label={`Move ${name} down`}
                        title="Move down"
                        onClick={() => onChange(moveBlock(layout, block.id, 1))}
                      >
                        ↓
                      </button>
                      <button
                        type="button"
                        className="icon"
                        aria-label={`Delete ${name}`}
                        title="Delete"
                        onClick={async () => {
                          if (await props.confirmDelete(blockTypes[block.type].label.toLowerCase())) {
                            onChange(removeBlock(layout, block.id));
                            if (active) props.onSelect(null);
                          }
                        }}
                      >
                        ×
                      </button>
                    </span>
                  </div>
                  {active && (
                    <BlockFields
                      block={block}
                      catalog={props.catalog}
                      onChange={(patch) => onChange(updateProps(layout, block.id, patch))}
                    />
                  )}
                </li>
              );
            })}
          </ol>
          {section.blocks.length === 0 && (
            <p className="muted">Empty section: add a block or drop one here.</p>
          )}
        </section>
      ))}
    </div>
  );
}
