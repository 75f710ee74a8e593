import type { MediaAsset } from '../api';

/**
 * The product's images from the media library: the first is the main image. Add from the
 * library (as the page editor's image fields do, by file name), move left or right, remove.
 * Images the product had that the library no longer lists are shown by their saved URL.
 */
export function ProductImages({
  imageIds,
  media,
  known,
  error,
  onChange,
}: {
  imageIds: string[];
  media: MediaAsset[];
  /** Images of the saved product (for ids the library list may not hold). */
  known: { id: string; assetUrl: string; altText: string }[];
  error?: string;
  onChange(ids: string[]): void;
}) {
  const find = (id: string) => media.find((m) => m.id === id) ?? known.find((k) => k.id === id);
  const nameOf = (id: string) => {
    const m = media.find((x) => x.id === id);
    return m?.filename ?? find(id)?.altText ?? 'image';
  };
  const move = (from: number, to: number) => {
    const next = [...imageIds];
    const [id] = next.splice(from, 1);
    if (id === undefined) return;
    next.splice(to, 0, id);
    onChange(next);
  };
  const available = media.filter((m) => !imageIds.includes(m.id));
  return (
    <div className="product-images">
      {imageIds.length > 0 ? (
        <ol className="product-images__list">
          {imageIds.map((id, i) => {
            const image = find(id);
            const name = nameOf(id);
            return (
              <li key={id} className="product-images__item">
                {image ? (
                  <img
                    className={`product-images__img${i === 0 ? ' product-images__img--main' : ''}`}
                    src={`${image.assetUrl}?format=300w`}
                    alt={image.altText || name}
                  />
                ) : (
                  <span className="product-images__img">Not in the library</span>
                )}
                <span className="product-images__name" title={name}>
                  {i === 0 ? `Main · ${name}` : name}
                </span>
                <span className="product-images__actions">
                  <button
                    type="button"
                    className="icon"
                    aria-label={`Move ${name} left`}
                    title="Move left"
                    disabled={i === 0}
                    onClick={() => move(i, i - 1)}
                  >
                    ←
                  </button>
                  <button
                    type="button"
                    className="icon"
                    aria-label={`Move ${name} right`}
                    title="Move right"
                    disabled={i === imageIds.length - 1}
                    onClick={() => move(i, i + 1)}
                  >
                    →
                  </button>
                  <button
                    type="button"
                    className="icon"
                    aria-label={`Remove ${name}`}
                    title="Remove"
                    onClick={() => onChange(imageIds.filter((x) => x !== id))}
                  >
                    ×
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="muted">No images yet.</p>
      )}
      {error && <p className="field-error">{error}</p>}
      <label htmlFor="product-add-image">Add an image</label>
      {media.length === 0 ? (
        <p className="muted">Upload images in Media first.</p>
      ) : (
        <select
          id="product-add-image"
          value=""
          disabled={available.length === 0}
          onChange={(e) => e.target.value && onChange([...imageIds, e.target.value])}
        >
          <option value="">{available.length ? 'Choose from the media library…' : 'All images added'}</option>
          {available.map((m) => (
            <option key={m.id} value={m.id}>
              {m.filename}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}
