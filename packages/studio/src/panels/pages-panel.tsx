import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { ApiFailure, type NavLink, type PageSummary, type SiteLayout, api } from '../api';
import { confirmModal } from '../components/dialogs';
import { paths } from '../router';
import { mayChange, usePermissions } from '../settings/people-api';
import { leaveTo } from '../unsaved-guard';
import { NavRow } from './nav-row';
import { type TreePath, appendLink, indent, moveBy, moveTo, outdent, removeAt, renameAt } from './nav-tree';

type AddKind = 'page' | 'blog' | 'store' | 'course' | 'folder' | 'link';

/** Where a page is edited: a blog's posts, a course's chapters and lessons, or the page editor. */
function editPath(page: PageSummary | undefined, id: string): string {
  if (page?.kind === 'blog') return paths.blog(id);
  if (page?.kind === 'course') return paths.course(id);
  return paths.page(id);
}

/**
 * The Pages panel: the main navigation as a tree and the pages it does not link ("not
 * linked"). Reorder and nest by drag and drop or with the row buttons (keyboard), rename,
 * unlink, delete (confirmed), add a page, blog, store, folder or external link; "Save
 * navigation" sends the tree with UpdateNavigation. The navigation and deleting are live at
 * once: someone who may not publish (a Draft editor) sees the tree, opens and adds pages.
 */
export function PagesPanel({
  onSiteChanged,
  onShowPage,
}: {
  onSiteChanged(): void;
  onShowPage(path: string): void;
}) {
  const [links, setLinks] = useState<NavLink[]>([]);
  const [notLinked, setNotLinked] = useState<SiteLayout['notLinked']>([]);
  const [pages, setPages] = useState<Map<string, PageSummary>>(new Map());
  const [dirty, setDirty] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [dragFrom, setDragFrom] = useState<TreePath | null>(null);
  const canPublish = mayChange(usePermissions(), 'publish');

  const load = useCallback(async () => {
    try {
      const [layout, list] = await Promise.all([api.siteLayout(), api.pages()]);
      setLinks(layout.layout[0]?.links ?? []);
      setNotLinked(layout.notLinked);
      setPages(new Map(list.pages.map((p) => [p.id, p])));
      setDirty(false);
      setError('');
    } catch (failure) {
      setError(failure instanceof ApiFailure ? failure.message : 'Unable to load. Try again.');
    }
  }, []);
  useEffect(() => {
    load();
  }, [load]);

  const edit = (next: NavLink[], message: string) => {
    if (next === links) return;
    setLinks(next);
    setDirty(true);
    setStatus(message);
  };
  const linkedIds = new Set<string>();
  for (const l of links) for (const x of [l, ...l.items]) if (x.collectionId) linkedIds.add(x.collectionId);
  const unlinkedPages = [
    ...notLinked.filter((p) => !linkedIds.has(p.collectionId)),
    ...[...pages.values()]
      .filter((p) => !linkedIds.has(p.id) && !notLinked.some((n) => n.collectionId === p.id))
      .map((p) => ({ collectionId: p.id, title: p.navigationTitle, type: 0, urlId: p.urlId })),
  ];

  async function save() {
    try {
      const saved = await api.updateNavigation(links);
      setLinks(saved.layout[0]?.links ?? []);
      setNotLinked(saved.notLinked);
      setDirty(false);
      setStatus('Navigation saved.');
      onSiteChanged();
    } catch (failure) {
      setError(failure instanceof ApiFailure ? failure.message : 'Something went wrong');
    }
  }

  async function remove(path: TreePath, link: NavLink) {
    const page = link.collectionId ? pages.get(link.collectionId) : undefined;
    if (page) return deletePage(page.id, page.title);
    const ok = await confirmModal({
      title: `Remove ${link.title}?`,
      message: link.items.length
        ? 'The folder is removed from the navigation; the pages in it become not linked.'
        : 'The link is removed from the navigation.',
      confirmLabel: 'Remove',
    });
    if (ok) edit(removeAt(links, path)[0], `${link.title} removed.`);
  }

  async function deletePage(id: string, title: string) {
    const ok = await confirmModal({
      title: `Delete ${title}?`,
      message: 'The page and its content are deleted for good. Visitors will no longer find it.',
      confirmLabel: 'Delete',
    });
    if (!ok) return;
    try {
      await api.deletePage(id);
      setStatus(`${title} deleted.`);
      await load();
      onSiteChanged();
    } catch (failure) {
      setError(failure instanceof ApiFailure ? failure.message : 'Something went wrong');
    }
  }

  return (
    <div className="pages-panel">
      <div className="panel__head">
        <h1>Pages</h1>
        {canPublish && (
          <button type="button" className="btn btn--primary" disabled={!dirty} onClick={save}>
            Save navigation
          </button>
        )}
      </div>
      {!canPublish && (
        <p className="muted">
          The navigation is live: someone who can publish arranges it. New pages wait under Not linked.
        </p>
      )}
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      <h2 className="panel__section" id="main-nav-title">
        Main navigation
      </h2>
      <p id="nav-keys-help" className="visually-hidden">
        Alt with the arrow keys moves the entry up, down, into the folder above or out of its folder.
      </p>
      <RowButtonsKey />
      <ul className="tree" aria-labelledby="main-nav-title">
        {links.map((link, i) => (
          <NavRow
            key={link.collectionId ?? link.externalLink ?? link.title}
            link={link}
            path={[i]}
            page={link.collectionId ? pages.get(link.collectionId) : undefined}
            pages={pages}
            dragging={dragFrom}
            readOnly={!canPublish}
            handlers={{
              onDragStart: setDragFrom,
              onDrop: (to, into) => {
                if (dragFrom) edit(moveTo(links, dragFrom, to, into), 'Moved.');
                setDragFrom(null);
              },
              onMove: (path, delta) => edit(moveBy(links, path, delta), 'Moved.'),
              onIndent: (path) => edit(indent(links, path), 'Moved into the folder.'),
              onOutdent: (path) => edit(outdent(links, path), 'Moved out of the folder.'),
              onRename: (path, title) => edit(renameAt(links, path, title), `Renamed to ${title}.`),
              onUnlink: (path) => edit(removeAt(links, path)[0], 'Moved to not linked.'),
              onRemove: remove,
              onEdit: (id) => leaveTo(editPath(pages.get(id), id)),
              onShow: onShowPage,
            }}
          />
        ))}
      </ul>
      <h2 className="panel__section" id="not-linked-title">
        Not linked
      </h2>
      <ul
        className="tree tree--unlinked"
        aria-labelledby="not-linked-title"
        onDragOver={(e) => canPublish && dragFrom && e.preventDefault()}
        onDrop={() => {
          if (dragFrom) edit(removeAt(links, dragFrom)[0], 'Moved to not linked.');
          setDragFrom(null);
        }}
      >
        {unlinkedPages.map((p) => (
          <li key={p.collectionId} className="row">
            <button
              type="button"
              className="row__title"
              onClick={() => onShowPage(p.urlId === 'home' ? '/' : `/${p.urlId}`)}
            >
              {p.title}
            </button>
            <span className="row__actions">
              {canPublish && (
                <button
                  type="button"
                  className="icon"
                  aria-label={`Add ${p.title} to the navigation`}
                  title="Add to navigation"
                  onClick={() =>
                    edit(
                      appendLink(links, {
                        title: p.title,
                        collectionId: p.collectionId,
                        externalLink: null,
                        memberAreaId: null,
                        items: [],
                      }),
                      `${p.title} added to the navigation.`,
                    )
                  }
                >
                  +
                </button>
              )}
              <button
                type="button"
                className="icon icon--word"
                aria-label={`Edit ${p.title}`}
                title="Edit the page"
                onClick={() => leaveTo(editPath(pages.get(p.collectionId), p.collectionId))}
              >
                Edit
              </button>
              {canPublish && (
                <button
                  type="button"
                  className="icon"
                  aria-label={`Delete ${p.title}`}
                  title="Delete"
                  onClick={() => deletePage(p.collectionId, p.title)}
                >
                  ×
                </button>
              )}
            </span>
          </li>
        ))}
        {unlinkedPages.length === 0 && <li className="muted">Every page is in the navigation.</li>}
      </ul>
      <AddEntry
        canPublish={canPublish}
        onAdded={async (kind, title, url) => {
          if (kind === 'folder' || kind === 'link') {
            edit(
              appendLink(links, {
                title,
                collectionId: null,
                externalLink: kind === 'link' ? url : null,
                memberAreaId: null,
                items: [],
              }),
              `${title} added.`,
            );
            return;
          }
          const created = await api.createPage(title, kind, false);
          const list = await api.pages();
          setPages(new Map(list.pages.map((p) => [p.id, p])));
          if (!canPublish) {
            setStatus(`${title} added under Not linked.`);
            return;
          }
          edit(
            appendLink(links, {
              title,
              collectionId: created.id,
              externalLink: null,
              memberAreaId: null,
              items: [],
            }),
            `${title} added. Save the navigation to show it on the site.`,
          );
        }}
      />
    </div>
  );
}

function AddEntry({
  onAdded,
  canPublish,
}: {
  onAdded(kind: AddKind, title: string, url: string): Promise<void>;
  /** Folders and links exist only in the (live) navigation. */
  canPublish: boolean;
}) {
  const [kind, setKind] = useState<AddKind>('page');
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const [error, setError] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) return setError('Please enter a title');
    if (kind === 'link' && !/^https?:\/\/\S+$/.test(url.trim()))
      return setError('Links must be formatted as https://example.com');
    try {
      await onAdded(kind, title.trim(), url.trim());
      setTitle('');
      setUrl('');
      setError('');
    } catch (failure) {
      setError(failure instanceof ApiFailure ? failure.message : 'Something went wrong');
    }
  }
  return (
    <form className="add-entry" onSubmit={submit} aria-labelledby="add-entry-title">
      <h2 className="panel__section" id="add-entry-title">
        Add to the site
      </h2>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <label htmlFor="add-kind">Type</label>
      <select id="add-kind" value={kind} onChange={(e) => setKind(e.target.value as AddKind)}>
        <option value="page">Page</option>
        <option value="blog">Blog</option>
        <option value="store">Store</option>
        <option value="course">Course</option>
        {canPublish && <option value="folder">Folder</option>}
        {canPublish && <option value="link">External link</option>}
      </select>
      <label htmlFor="add-title">Title</label>
      <input id="add-title" value={title} onChange={(e) => setTitle(e.target.value)} />
      {kind === 'link' && (
        <>
          <label htmlFor="add-url">Link address</label>
          <input
            id="add-url"
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://"
          />
        </>
      )}
      <button type="submit" className="btn btn--primary">
        Add
      </button>
    </form>
  );
}

/** What each row's symbol buttons do, spelled out (their tooltips say it too, but a phone has none). */
function RowButtonsKey() {
  const keys: [string, string][] = [
    ['↑ ↓', 'Move up or down'],
    ['→ ←', 'Into the folder above, out of a folder'],
    ['Aa', 'Rename'],
    ['⤓', 'Move to Not linked'],
    ['+', 'Add to the navigation'],
    ['×', 'Delete the page, or remove a link or folder'],
  ];
  return (
    <details className="row-key">
      <summary>What the row buttons do</summary>
      <dl>
        {keys.map(([symbol, meaning]) => (
          <div key={symbol}>
            <dt>{symbol}</dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">Or drag a row by its ⋮⋮ handle; Alt with the arrow keys moves the focused row.</p>
    </details>
  );
}
