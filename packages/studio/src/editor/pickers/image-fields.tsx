import { MAX_GALLERY_IMAGES } from '@store/blocks';
import { useId, useState } from 'react';
import type { MediaAsset } from '../../api';
import { moveItem } from './filter';
import { ImagePicker } from './image-picker';
import { parseLinkInput } from './link-value';
import { thumbnailUrl } from './picker-data';

/** The part of a media asset a block stores (the rest is the library's bookkeeping). */
export function blockImage({ id, assetUrl, originalSize, systemDataVariants, mediaFocalPoint }: MediaAsset) {
  return { id, assetUrl, originalSize, systemDataVariants, mediaFocalPoint };
}

type StoredImage = ReturnType<typeof blockImage>;

/** An image block's library image: its thumbnail, and a picker to choose or replace it with its alt text. */
export function ImageField({
  label,
  image,
  alt,
  onChange,
}: {
  label: string;
  image: Partial<StoredImage> | null;
  alt: string;
  onChange(patch: { image: StoredImage | null; alt?: string }): void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const thumb = thumbnailUrl(image?.assetUrl, 300);
  return (
    <div className="field pick-field">
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="pick-field__current" id={`${id}-current`}>
        {thumb ? (
          <img className="pick-field__image" src={thumb} alt={alt || 'The chosen image'} />
        ) : (
          <span className="muted">No image chosen</span>
        )}
      </div>
      <div className="pick-field__actions">
        <button
          type="button"
          className="btn btn--plain"
          aria-describedby={`${id}-label`}
          onClick={() => setOpen(true)}
        >
          {image ? 'Replace image…' : 'Choose image…'}
        </button>
        {image && (
          <button
            type="button"
            className="btn btn--plain"
            aria-describedby={`${id}-label`}
            onClick={() => onChange({ image: null })}
          >
            Remove image
          </button>
        )}
      </div>
      {open && (
        <ImagePicker
          selected={image?.id ? [image.id] : []}
          alt={alt}
          onClose={() => setOpen(false)}
          onPick={([asset], altText) => {
            setOpen(false);
            if (asset) onChange({ image: blockImage(asset), alt: altText });
          }}
        />
      )}
    </div>
  );
}

export interface GalleryEntry {
  image: Partial<StoredImage>;
  title?: string;
  href?: string;
}

/** One gallery image's link: kept as typed while it is typed, stored once it is a link (or empty). */
function EntryLink({
  entry,
  label,
  onChange,
}: {
  entry: GalleryEntry;
  label: string;
  onChange(href: string): void;
}) {
  const [typed, setTyped] = useState(entry.href ?? '');
  const [error, setError] = useState('');
  const errorId = useId();
  return (
    <>
      <input
        type="text"
        className="gallery-entry__link"
        aria-label={label}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        placeholder="Link (optional): /page or https://…"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        onBlur={() => {
          if (!typed.trim()) {
            setError('');
            return onChange('');
          }
          const parsed = parseLinkInput(typed);
          if (!parsed.ok) return setError(parsed.message);
          setError('');
          setTyped(parsed.href);
          onChange(parsed.href);
        }}
      />
      {error && (
        <span id={errorId} className="field-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}

/** A gallery's images: thumbnails in their order, moved up and down, titled, linked, removed, added from the library. */
export function GalleryField({
  label,
  entries,
  onChange,
}: {
  label: string;
  entries: readonly GalleryEntry[];
  onChange(entries: GalleryEntry[]): void;
}) {
  const [open, setOpen] = useState(false);
  const name = (e: GalleryEntry, i: number) => e.title || `image ${i + 1}`;
  return (
    <fieldset className="field pick-field gallery-field">
      <legend>{label}</legend>
      {entries.length === 0 && <p className="muted">No images yet.</p>}
      <ol className="gallery-entries">
        {entries.map((entry, i) => (
          <li key={entry.image.id ?? entry.image.assetUrl ?? i} className="gallery-entry">
            <img src={thumbnailUrl(entry.image.assetUrl, 100) ?? ''} alt="" width={56} height={56} />
            <div className="gallery-entry__text">
              <input
                type="text"
                aria-label={`Title of image ${i + 1}`}
                placeholder="Title (also its alt text)"
                value={entry.title ?? ''}
                onChange={(e) =>
                  onChange(entries.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)))
                }
              />
              <EntryLink
                entry={entry}
                label={`Link for image ${i + 1}`}
                onChange={(href) => onChange(entries.map((x, j) => (j === i ? { ...x, href } : x)))}
              />
            </div>
            <div className="gallery-entry__actions">
              <button
                type="button"
                className="icon"
                aria-label={`Move ${name(entry, i)} up`}
                title="Move up"
                disabled={i === 0}
                onClick={() => onChange(moveItem(entries, i, i - 1))}
              >
                ↑
              </button>
              <button
                type="button"
                className="icon"
                aria-label={`Move ${name(entry, i)} down`}
                title="Move down"
                disabled={i === entries.length - 1}
                onClick={() => onChange(moveItem(entries, i, i + 1))}
              >
                ↓
              </button>
              <button
                type="button"
                className="icon"
                aria-label={`Remove ${name(entry, i)}`}
                title="Remove"
                onClick={() => onChange(entries.filter((_, j) => j !== i))}
              >
                ×
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button type="button" className="btn btn--plain" onClick={() => setOpen(true)}>
        {entries.length ? 'Add or remove images…' : 'Choose images…'}
      </button>
      {open && (
        <ImagePicker
          multiple
          selected={entries.map((e) => e.image.id).filter((x): x is string => Boolean(x))}
          onClose={() => setOpen(false)}
          onPick={(assets) => {
            setOpen(false);
            const ids = new Set(assets.map((a) => a.id));
            // Images kept stay where they were (with their titles and links); new ones follow in the order chosen.
            const kept = entries.filter((e) => !e.image.id || ids.has(e.image.id));
            const have = new Set(kept.map((e) => e.image.id));
            const added = assets
              .filter((a) => !have.has(a.id))
              .map((a) => ({ image: blockImage(a), title: a.title || a.altText || '' }));
            onChange([...kept, ...added].slice(0, MAX_GALLERY_IMAGES));
          }}
        />
      )}
    </fieldset>
  );
}
