import { type KeyboardEvent, useState } from 'react';
import type { NavLink, PageSummary } from '../api';
import { type TreePath, isFolder } from './nav-tree';

const STATUS_LABEL: Record<string, string> = {
  DRAFT: 'Draft',
  SCHEDULED: 'Scheduled',
  NEEDS_REVIEW: 'Needs Review',
  PRIVATE: 'Private',
};

export interface RowHandlers {
  onDragStart(path: TreePath): void;
  onDrop(to: TreePath, into: boolean): void;
  onMove(path: TreePath, delta: -1 | 1): void;
  onIndent(path: TreePath): void;
  onOutdent(path: TreePath): void;
  onRename(path: TreePath, title: string): void;
  onUnlink(path: TreePath): void;
  onRemove(path: TreePath, link: NavLink): void;
  onEdit(pageId: string): void;
  onShow(path: string): void;
}

/**
 * One navigation entry: draggable, and operable by keyboard (Alt+↑/↓ move, Alt+→/← nest and
 * take out of a folder) and by its labelled buttons.
 */
export function NavRow(props: {
  link: NavLink;
  path: TreePath;
  page?: PageSummary;
  pages: Map<string, PageSummary>;
  dragging: TreePath | null;
  handlers: RowHandlers;
  /** The navigation is live: someone who may not publish sees it and opens pages, nothing more. */
  readOnly?: boolean;
}) {
  const { link, path, page, handlers } = props;
  const [renaming, setRenaming] = useState(false);
  const [draft, setDraft] = useState(link.title);
  const [over, setOver] = useState(false);
  const folder = isFolder(link);
  const name = link.title || 'Untitled';

  const keys = (event: KeyboardEvent) => {
    if (!event.altKey || props.readOnly) return;
    const step = (): (() => void) | null => {
      if (event.key === 'ArrowUp') return () => handlers.onMove(path, -1);
      if (event.key === 'ArrowDown') return () => handlers.onMove(path, 1);
      if (event.key === 'ArrowRight') return () => handlers.onIndent(path);
      if (event.key === 'ArrowLeft') return () => handlers.onOutdent(path);
      return null;
    };
    const action = step();
    if (action) {
      event.preventDefault();
      action();
    }
  };
  const finishRename = () => {
    setRenaming(false);
    if (draft.trim() && draft.trim() !== link.title) handlers.onRename(path, draft.trim());
  };

  return (
    <li className={`node${over ? ' node--over' : ''}`}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: drag and drop here mirrors the keyboard and buttons on the row. */}
      <div
        className="row"
        draggable={!renaming && !props.readOnly}
        onDragStart={(e) => {
          e.dataTransfer.setData('text/plain', name);
          handlers.onDragStart(path);
        }}
        onDragOver={(e) => {
          if (!props.dragging) return;
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          e.stopPropagation();
          setOver(false);
          handlers.onDrop(path, folder);
        }}
      >
        {!props.readOnly && (
          <span className="row__grip" aria-hidden="true">
            ⋮⋮
          </span>
        )}
        {renaming ? (
          <input
            className="row__rename"
            aria-label={`New name for ${name}`}
            value={draft}
            // biome-ignore lint/a11y/noAutofocus: the owner asked to rename this entry.
            autoFocus
            onChange={(e) => setDraft(e.target.value)}
            onBlur={finishRename}
            onKeyDown={(e) => {
              if (e.key === 'Enter') finishRename();
              if (e.key === 'Escape') {
                setDraft(link.title);
                setRenaming(false);
              }
            }}
          />
        ) : (
          <button
            type="button"
            className="row__title"
            onClick={() => page && handlers.onShow(page.fullUrl)}
            onKeyDown={keys}
            aria-describedby="nav-keys-help"
            title={link.externalLink ?? page?.fullUrl ?? 'Folder'}
          >
            {folder ? '▾ ' : link.externalLink ? '↗ ' : ''}
            {name}
          </button>
        )}
        {page && STATUS_LABEL[page.status] && <span className="badge">{STATUS_LABEL[page.status]}</span>}
        <span className="row__actions">
          {props.readOnly ? (
            page &&
            page.kind !== 'store' && (
              <button
                type="button"
                className="icon icon--word"
                aria-label={`Edit ${name}`}
                title="Edit the page"
                onClick={() => handlers.onEdit(page.id)}
              >
                Edit
              </button>
            )
          ) : (
            <RowActions
              {...props}
              name={name}
              folder={folder}
              onRename={() => {
                setDraft(link.title);
                setRenaming(true);
              }}
            />
          )}
        </span>
      </div>
      {link.items.length > 0 && (
        <ul className="tree tree--nested">
          {link.items.map((child, j) => (
            <NavRow
              key={child.collectionId ?? child.externalLink ?? child.title}
              {...props}
              link={child}
              path={[path[0], j]}
              page={child.collectionId ? props.pages.get(child.collectionId) : undefined}
            />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The row's buttons for someone who may change the navigation. */
function RowActions(props: {
  link: NavLink;
  path: TreePath;
  page?: PageSummary;
  handlers: RowHandlers;
  name: string;
  folder: boolean;
  onRename(): void;
}) {
  const { link, path, page, handlers, name, folder } = props;
  return (
    <>
      <button
        type="button"
        className="icon"
        aria-label={`Move ${name} up`}
        title="Move up"
        onClick={() => handlers.onMove(path, -1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="icon"
        aria-label={`Move ${name} down`}
        title="Move down"
        onClick={() => handlers.onMove(path, 1)}
      >
        ↓
      </button>
      {path.length === 2 ? (
        <button
          type="button"
          className="icon"
          aria-label={`Move ${name} out of the folder`}
          title="Out of folder"
          onClick={() => handlers.onOutdent(path)}
        >
          ←
        </button>
      ) : (
        !folder && (
          <button
            type="button"
            className="icon"
            aria-label={`Move ${name} into the folder above`}
            title="Into folder above"
            onClick={() => handlers.onIndent(path)}
          >
            →
          </button>
        )
      )}
      <button
        type="button"
        className="icon"
        aria-label={`Rename ${name}`}
        title="Rename"
        onClick={props.onRename}
      >
        Aa
      </button>
      {page && page.kind !== 'store' && (
        <button
          type="button"
          className="icon icon--word"
          aria-label={`Edit ${name}`}
          title="Edit the page"
          onClick={() => handlers.onEdit(page.id)}
        >
          Edit
        </button>
      )}
      {/* Keeps the row's buttons in the same columns as its neighbours' (a store has no editor). */}
      {!(page && page.kind !== 'store') && (
        <span className="icon icon--word icon--blank" aria-hidden="true" />
      )}
      {link.collectionId && (
        <button
          type="button"
          className="icon"
          aria-label={`Unlink ${name}`}
          title="Move to not linked"
          onClick={() => handlers.onUnlink(path)}
        >
          ⤓
        </button>
      )}
      <button
        type="button"
        className="icon"
        aria-label={`${page ? 'Delete' : 'Remove'} ${name}`}
        title={page ? 'Delete page' : 'Remove'}
        onClick={() => handlers.onRemove(path, link)}
      >
        ×
      </button>
    </>
  );
}
