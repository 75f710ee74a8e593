import { API_MESSAGES } from '@store/api/client';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ApiFailure, type MediaAsset, api } from '../../api';
import { filterImages, gridKeyTarget, toggleId } from './filter';
import { forgetMedia, loadMedia, thumbnailUrl } from './picker-data';
import { PickerDialog } from './picker-dialog';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/** How many tiles a row of the grid holds now (it reflows with the dialog's width). */
function columnsOf(grid: HTMLElement | null): number {
  const tiles = grid?.querySelectorAll<HTMLElement>('[role="option"]');
  const first = tiles?.[0];
  if (!grid || !first) return 1;
  return Math.max(1, Math.round(grid.clientWidth / (first.offsetWidth + 8)));
}

/**
 * The media library's images as thumbnails, with search and an upload that lands in the
 * library and is chosen at once. One image (with its alt text) or several (a gallery, in
 * the order they were chosen). A listbox: arrow keys move, Space chooses, Enter confirms.
 */
export function ImagePicker({
  multiple = false,
  selected: initial,
  alt: initialAlt = '',
  onPick,
  onClose,
}: {
  multiple?: boolean;
  selected: readonly string[];
  alt?: string;
  onPick(assets: MediaAsset[], alt: string): void;
  onClose(): void;
}) {
  const id = useId();
  const grid = useRef<HTMLDivElement>(null);
  const [media, setMedia] = useState<MediaAsset[] | null>(null);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<string[]>([...initial]);
  const [alt, setAlt] = useState<string | null>(null);
  const [focus, setFocus] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<{ title: string; message: string } | null>(null);

  useEffect(() => {
    let live = true;
    loadMedia(true).then(
      (list) => live && setMedia(list),
      () => {
        if (!live) return;
        setMedia([]);
        setError({
          title: 'Something went wrong',
          message: 'The media library could not be loaded. Try again.',
        });
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const shown = useMemo(() => filterImages(media ?? [], query), [media, query]);
  const byId = (assetId: string) => media?.find((m) => m.id === assetId);
  const first = selected[0] ? byId(selected[0]) : undefined;
  // The block's own alt text for the image it shows; the library's for another image.
  const altOf = (asset: MediaAsset | undefined) =>
    !asset ? '' : asset.id === initial[0] && initialAlt ? initialAlt : asset.altText;
  // What the owner types holds until they choose another image.
  const altText = alt ?? altOf(first);

  const choose = (assetId: string) => {
    setSelected((ids) => (multiple ? toggleId(ids, assetId) : [assetId]));
    if (!multiple && assetId !== selected[0]) setAlt(null);
  };
  const confirm = (ids = selected) => {
    const assets = ids.map(byId).filter((a): a is MediaAsset => Boolean(a));
    const chosenAlt = ids[0] === selected[0] ? altText : altOf(assets[0]);
    if (multiple || assets.length) onPick(assets, chosenAlt.trim());
  };

  async function upload(files: FileList | null) {
    for (const file of Array.from(files ?? [])) {
      setProgress(0);
      try {
        const asset = await api.uploadMedia(file, setProgress);
        forgetMedia();
        setMedia((list) => [asset, ...(list ?? [])]);
        setQuery('');
        setSelected((ids) => (multiple ? [...ids, asset.id] : [asset.id]));
        if (!multiple) setAlt(null);
        setError(null);
      } catch (failure) {
        setError({
          title: API_MESSAGES.uploadTitle,
          message: failure instanceof ApiFailure ? failure.message : API_MESSAGES.uploadFailed,
        });
      } finally {
        setProgress(null);
      }
    }
  }

  const keys = (event: KeyboardEvent<HTMLElement>, index: number, assetId: string) => {
    if (event.key === ' ' || (event.key === 'Enter' && multiple)) {
      event.preventDefault();
      return choose(assetId);
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      return confirm([assetId]);
    }
    const next = gridKeyTarget(event.key, index, shown.length, columnsOf(grid.current));
    if (next === null) return;
    event.preventDefault();
    setFocus(next);
    grid.current?.querySelectorAll<HTMLElement>('[role="option"]')[next]?.focus();
  };

  return (
    <PickerDialog
      title={multiple ? 'Choose images' : 'Choose an image'}
      className="picker--images"
      onClose={onClose}
      footer={
        <>
          {!multiple && (
            <div className="picker__alt">
              <label htmlFor={`${id}-alt`}>Alt text</label>
              <input
                id={`${id}-alt`}
                value={altText}
                disabled={!first}
                placeholder="Describe the image for people who cannot see it"
                onChange={(e) => setAlt(e.target.value)}
              />
            </div>
          )}
          {multiple && (
            <span className="muted" role="status">
              {selected.length === 1 ? '1 image chosen' : `${selected.length} images chosen`}
            </span>
          )}
          <button type="button" className="btn btn--plain" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={!multiple && !first}
            onClick={() => confirm()}
          >
            {multiple ? 'Use these images' : 'Use this image'}
          </button>
        </>
      }
    >
      <div className="picker__tools">
        <label className="picker__search">
          <span className="visually-hidden">Search images</span>
          <input
            type="search"
            value={query}
            placeholder="Search images"
            onChange={(e) => {
              setQuery(e.target.value);
              setFocus(0);
            }}
          />
        </label>
        <label className="btn btn--plain picker__upload">
          Upload…
          <input
            type="file"
            accept={ACCEPT}
            multiple={multiple}
            className="visually-hidden"
            aria-label={multiple ? 'Upload images' : 'Upload an image'}
            onChange={(e) => {
              upload(e.target.files);
              e.target.value = '';
            }}
          />
        </label>
      </div>
      {progress !== null && (
        <progress className="upload-progress" value={progress} max={1} aria-label="Upload progress">
          {Math.round(progress * 100)}%
        </progress>
      )}
      {error && (
        <div className="alert" role="alert">
          <strong>{error.title}</strong> {error.message}
        </div>
      )}
      {media === null ? (
        <p className="loading">Loading images…</p>
      ) : shown.length === 0 ? (
        <p className="muted picker__empty">
          {media.some((m) => m.kind === 'image') ? 'No images match.' : 'No images yet. Upload one.'}
        </p>
      ) : (
        <div
          ref={grid}
          className="image-grid"
          role="listbox"
          aria-label="Images"
          aria-multiselectable={multiple || undefined}
        >
          {shown.map((asset, index) => {
            const chosen = selected.includes(asset.id);
            const order = multiple && chosen ? selected.indexOf(asset.id) + 1 : null;
            return (
              <div
                key={asset.id}
                role="option"
                aria-selected={chosen}
                tabIndex={index === Math.min(focus, shown.length - 1) ? 0 : -1}
                className={`image-tile${chosen ? ' image-tile--chosen' : ''}`}
                onClick={() => {
                  setFocus(index);
                  choose(asset.id);
                }}
                onDoubleClick={() => !multiple && confirm([asset.id])}
                onKeyDown={(e) => keys(e, index, asset.id)}
              >
                <img
                  src={thumbnailUrl(asset.assetUrl) ?? ''}
                  alt=""
                  width={150}
                  height={150}
                  loading="lazy"
                />
                <span className="image-tile__name">{asset.filename}</span>
                {order !== null && (
                  <span className="image-tile__order" aria-hidden="true">
                    {order}
                  </span>
                )}
              </div>
            );
          })}
        </div>
      )}
    </PickerDialog>
  );
}
