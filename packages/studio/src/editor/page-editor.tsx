import { type BlockData, type BlockType, type Layout, blockTypeNames, blockTypes } from '@store/blocks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiFailure, type Catalog, type PageLayout, api } from '../api';
import { confirmModal } from '../components/dialogs';
import { paths } from '../router';
import type { DeviceView } from '../screen-size';
import { mayChange, usePermissions } from '../settings/people-api';
import { isPrompting, leaveTo, setUnsavedGuard } from '../unsaved-guard';
import { BlockList } from './block-list';
import { CanvasOverlay } from './canvas/canvas-overlay';
import { PhoneBar } from './canvas/phone-bar';
import { type History, amend, record, redo, startHistory, undo } from './history';
import { AddSectionMenu } from './add-section-menu';
import { addBlock } from './layout-edits';
import { startingProps } from './newsletter-lists';
import { PageSettings } from './page-settings';
import { PreviewFrame } from './preview-frame';
import { SectionPanel } from './section-panel';
import { renderPreviewHtml, siteValues } from './preview-engine';
import { Revisions } from './revisions';

const AUTOSAVE_MS = 1000;
const DATA_TYPES = new Set(['product', 'summary', 'form', 'newsletter']);

/** What product, summary and form blocks need from the server (refetched when it changes). */
const dataKey = (layout: Layout) =>
  JSON.stringify(
    layout.sections.flatMap((s) => s.blocks.filter((b) => DATA_TYPES.has(b.type)).map((b) => b.props)),
  );

/**
 * The page editor: add, reorder (drag and drop or keyboard) and edit blocks; the preview
 * renders the draft with the theme's block templates and the template engine in the
 * browser; drafts save automatically; undo/redo; publish; revisions with restore.
 */
export function PageEditor({
  pageId,
  device,
  onPublished,
}: {
  pageId: string;
  device: DeviceView;
  onPublished(): void;
}) {
  const [page, setPage] = useState<PageLayout | null>(null);
  const [history, setHistory] = useState<History<Layout> | null>(null);
  const [saved, setSaved] = useState<Layout | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [tab, setTab] = useState<'content' | 'settings' | 'revisions'>('content');
  const [newType, setNewType] = useState<BlockType>('heading');
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  const [site, setSite] = useState<Record<string, unknown>>({});
  const [data, setData] = useState<BlockData>({});
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  const layout = history?.present ?? null;
  // A Draft editor's drafts save automatically; someone who may publish makes them live.
  const canPublish = mayChange(usePermissions(), 'publish');
  const latest = useRef<{ layout: Layout | null; saved: Layout | null }>({ layout: null, saved: null });
  latest.current = { layout, saved };

  const load = useCallback(async () => {
    try {
      const opened = await api.pageLayout(pageId);
      setPage(opened);
      setHistory(startHistory(opened.draft));
      setSaved(opened.draft);
    } catch (failure) {
      setError(failure instanceof ApiFailure ? failure.message : 'Unable to load. Try again.');
    }
  }, [pageId]);
  useEffect(() => {
    load();
    Promise.all([api.catalog(), api.media().catch(() => ({ media: [] }))]).then(
      ([catalog, { media }]) => setCatalog({ ...catalog, media }),
      () => setCatalog(null),
    );
    api.siteContext().then(
      (c) => setSite(siteValues(c)),
      () => undefined,
    );
  }, [load]);

  const saveNow = useCallback(async () => {
    const { layout: current, saved: last } = latest.current;
    if (!current || current === last) return;
    setStatus('Saving…');
    try {
      await api.saveDraft(pageId, current);
      setSaved(current);
      setStatus('Draft saved');
      setError('');
    } catch (failure) {
      setStatus('');
      setError(failure instanceof ApiFailure ? failure.message : 'Something went wrong');
    }
  }, [pageId]);

  // Drafts save themselves a moment after the last edit.
  useEffect(() => {
    if (!layout || layout === saved) return;
    setStatus('Unsaved changes');
    const timer = setTimeout(() => {
      if (!isPrompting()) saveNow();
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [layout, saved, saveNow]);

  useEffect(() => {
    setUnsavedGuard({
      dirty: () => latest.current.layout !== latest.current.saved,
      save: saveNow,
      autosave: true,
    });
    return () => setUnsavedGuard(null);
  }, [saveNow]);

  const key = layout ? dataKey(layout) : '[]';
  // Only the data-bearing props matter: refetch when they change, reading the layout then.
  useEffect(() => {
    const current = latest.current.layout;
    if (!current || key === '[]') return;
    const timer = setTimeout(() => api.blockData(current).then(setData, () => undefined), 150);
    return () => clearTimeout(timer);
  }, [key]);

  const preview = useMemo(() => {
    if (!layout) return { html: '', ms: 0 };
    const started = performance.now();
    try {
      const html = renderPreviewHtml(layout, data, site);
      return { html, ms: performance.now() - started };
    } catch (failure) {
      return { html: `<p>Preview failed: ${String(failure)}</p>`, ms: 0 };
    }
  }, [layout, data, site]);

  const change = useCallback((next: Layout) => setHistory((h) => (h ? record(h, next) : h)), []);
  const amendLast = useCallback((next: Layout) => setHistory((h) => (h ? amend(h, next) : h)), []);
  const undoLast = useCallback(() => setHistory((h) => (h ? undo(h) : h)), []);
  const redoLast = useCallback(() => setHistory((h) => (h ? redo(h) : h)), []);
  const confirmDelete = useCallback(
    (label: string) =>
      confirmModal({
        title: `Delete this ${label} block?`,
        message: 'You can undo this until you leave the page.',
        confirmLabel: 'Delete',
      }),
    [],
  );

  useEffect(() => {
    const keys = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z') return;
      event.preventDefault();
      setHistory((h) => (h ? (event.shiftKey ? redo(h) : undo(h)) : h));
    };
    window.addEventListener('keydown', keys);
    return () => window.removeEventListener('keydown', keys);
  }, []);

  async function publish() {
    if (!layout) return;
    setStatus('Publishing…');
    try {
      await api.publish(pageId, layout);
      setSaved(layout);
      setStatus('Published');
      setError('');
      setPage(await api.pageLayout(pageId));
      onPublished();
    } catch (failure) {
      setStatus('');
      setError(failure instanceof ApiFailure ? failure.message : 'Something went wrong');
    }
  }

  if (error && !page) return <p className="alert">{error}</p>;
  if (!page || !history || !layout) return <p className="loading">Loading the page…</p>;

  return (
    <div className="editor">
      <div className="editor__bar">
        <a
          href={paths.pages}
          className="btn btn--plain"
          onClick={(e) => {
            e.preventDefault();
            leaveTo(paths.pages);
          }}
        >
          ← Pages
        </a>
        <h1 className="editor__title">{page.title}</h1>
        <span className="editor__status" role="status">
          {status}
        </span>
        <button
          type="button"
          className="btn btn--plain"
          disabled={!history.past.length}
          onClick={() => setHistory(undo(history))}
        >
          Undo
        </button>
        <button
          type="button"
          className="btn btn--plain"
          disabled={!history.future.length}
          onClick={() => setHistory(redo(history))}
        >
          Redo
        </button>
        <a className="btn btn--plain" href={page.fullUrl} target="_blank" rel="noreferrer">
          View live page
        </a>
        {canPublish && (
          <button type="button" className="btn btn--primary" onClick={publish}>
            Publish
          </button>
        )}
      </div>
      <div className="editor__body">
        <aside className="panel" aria-label="Page editor">
          <div className="tabs" role="tablist" aria-label="Editor sections">
            {(['content', 'settings', 'revisions'] as const).map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                aria-selected={tab === t}
                className={`tab${tab === t ? ' tab--active' : ''}`}
                onClick={() => setTab(t)}
              >
                {t.charAt(0).toUpperCase() + t.slice(1)}
              </button>
            ))}
          </div>
          {error && (
            <p className="alert" role="alert">
              {error}
            </p>
          )}
          {tab === 'content' && (
            <>
              <div className="add-block">
                <label htmlFor="new-block-type">Block type</label>
                <select
                  id="new-block-type"
                  value={newType}
                  onChange={(e) => setNewType(e.target.value as BlockType)}
                >
                  {blockTypeNames.map((t) => (
                    <option key={t} value={t}>
                      {blockTypes[t].label}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  className="btn btn--primary"
                  onClick={() => {
                    const edit = addBlock(
                      layout,
                      newType,
                      undefined,
                      undefined,
                      startingProps(newType, catalog),
                    );
                    if (!edit.ok) return setError(edit.message);
                    setError('');
                    change(edit.layout);
                    setSelected(edit.layout.sections.at(-1)?.blocks.at(-1)?.id ?? null);
                  }}
                >
                  Add block
                </button>
                <AddSectionMenu
                  layout={layout}
                  selectedBlock={selected}
                  catalog={catalog}
                  onChange={change}
                  onAdded={(section) => setSelected(section.blocks[0]?.id ?? null)}
                  onError={setError}
                />
              </div>
              <BlockList
                layout={layout}
                selected={selected}
                catalog={catalog}
                onSelect={setSelected}
                onChange={change}
                confirmDelete={confirmDelete}
              />
              <SectionPanel
                pageId={pageId}
                layout={layout}
                selectedBlock={selected}
                media={catalog?.media}
                onChange={change}
                onAmend={amendLast}
              />
            </>
          )}
          {tab === 'settings' && <PageSettings pageId={pageId} onSaved={onPublished} />}
          {tab === 'revisions' && (
            <Revisions
              revisions={page.revisions}
              onRestore={async (revisionId) => {
                const restored = await api.restore(pageId, revisionId);
                change(restored.draft);
                setSaved(restored.draft);
                setStatus('Revision restored to the draft. Publish to make it live.');
              }}
            />
          )}
        </aside>
        <PreviewFrame
          html={preview.html}
          renderMs={preview.ms}
          device={device}
          onReady={setFrame}
          header={device === 'phone' && <PhoneBar layout={layout} selected={selected} onChange={change} />}
        >
          <CanvasOverlay
            frame={frame}
            layout={layout}
            selected={selected}
            onSelect={setSelected}
            onChange={change}
            onAmend={amendLast}
            onUndo={undoLast}
            onRedo={redoLast}
            onError={setError}
            confirmDelete={confirmDelete}
          />
        </PreviewFrame>
      </div>
    </div>
  );
}
