import { type Block, type BlockField, blockTypes } from '@store/blocks';
import type { Catalog, MediaAsset } from '../api';
import { RichText } from './rich-text';

/** The part of a media asset an image block stores (the rest is the library's bookkeeping). */
function blockImage({ id, assetUrl, originalSize, systemDataVariants, mediaFocalPoint }: MediaAsset) {
  return { id, assetUrl, originalSize, systemDataVariants, mediaFocalPoint };
}

/** The editable fields of the selected block, each labelled (spec: every control named). */
export function BlockFields({
  block,
  catalog,
  onChange,
}: {
  block: Block;
  catalog: Catalog | null;
  onChange(patch: Record<string, unknown>): void;
}) {
  const fields = blockTypes[block.type].fields as readonly BlockField[];
  if (!fields.length) return <p className="muted">This block has no settings.</p>;
  // Image pickers offer the library's images; a video or audio block's address, its files.
  const images = catalog?.media?.filter((m) => m.kind === 'image');
  const playable = catalog?.media?.filter((m) => m.kind === block.type);
  return (
    <div className="fields">
      {fields.map((field) => {
        const id = `field-${block.id}-${field.name}`;
        const value = block.props[field.name];
        const text = value === undefined || value === null ? '' : String(value);
        const set = (v: unknown) => onChange({ [field.name]: v });
        if (field.kind === 'image') {
          const current = (value as { id?: string; assetUrl?: string } | null) ?? null;
          return (
            <div className="field" key={id}>
              <label htmlFor={id}>{field.label}</label>
              <div className="image-pick">
                {current?.assetUrl && <img src={`${current.assetUrl}?format=100w`} alt="" />}
                <select
                  id={id}
                  value={current?.id ?? ''}
                  onChange={(e) => {
                    const asset = images?.find((m) => m.id === e.target.value);
                    if (!asset) return onChange({ image: null });
                    onChange({
                      image: blockImage(asset),
                      ...(block.props.alt ? {} : { alt: asset.altText }),
                    });
                  }}
                >
                  <option value="">None</option>
                  {images?.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.filename}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          );
        }
        if (field.kind === 'checkbox')
          return (
            <label className="check" key={id}>
              <input
                id={id}
                type="checkbox"
                checked={value === true}
                onChange={(e) => set(e.target.checked)}
              />{' '}
              {field.label}
            </label>
          );
        if (field.kind === 'images') {
          const chosen = (value as { image: { id?: string }; href?: string }[] | undefined) ?? [];
          const ids = chosen.map((c) => c.image.id);
          return (
            <fieldset className="field" key={id}>
              <legend>{field.label}</legend>
              {!images?.length && <p className="muted">Upload images in Media first.</p>}
              {images?.map((m) => (
                <div key={m.id} className="image-pick">
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={ids.includes(m.id)}
                      onChange={(e) => {
                        const entry = {
                          image: blockImage(m),
                          title: m.title,
                        };
                        set(
                          e.target.checked ? [...chosen, entry] : chosen.filter((c) => c.image.id !== m.id),
                        );
                      }}
                    />{' '}
                    {m.filename}
                  </label>
                  {ids.includes(m.id) && (
                    <input
                      type="text"
                      className="image-link"
                      aria-label={`Link for ${m.filename}`}
                      placeholder="Link (optional)"
                      value={chosen.find((c) => c.image.id === m.id)?.href ?? ''}
                      onChange={(e) =>
                        set(chosen.map((c) => (c.image.id === m.id ? { ...c, href: e.target.value } : c)))
                      }
                    />
                  )}
                </div>
              ))}
            </fieldset>
          );
        }
        if (field.kind === 'richtext')
          return <RichText key={id} id={id} label={field.label} value={text} onChange={set} />;
        const choices =
          field.kind === 'product'
            ? catalog?.products.map((p) => [p.id, p.title])
            : field.kind === 'collection'
              ? catalog?.collections.map((c) => [c.id, c.title])
              : field.kind === 'form'
                ? catalog?.forms.map((f) => [f.id, f.name])
                : field.kind === 'select'
                  ? field.options?.map((o) => [o, o.charAt(0).toUpperCase() + o.slice(1)])
                  : undefined;
        return (
          <div className="field" key={id}>
            <label htmlFor={id}>{field.label}</label>
            {choices ? (
              <select id={id} value={text} onChange={(e) => set(e.target.value)}>
                {field.kind !== 'select' && <option value="">Choose…</option>}
                {choices.map(([v, label]) => (
                  <option key={v} value={v}>
                    {label}
                  </option>
                ))}
              </select>
            ) : field.kind === 'textarea' ? (
              <textarea id={id} rows={6} value={text} onChange={(e) => set(e.target.value)} />
            ) : (
              <>
                <input
                  id={id}
                  type={field.kind === 'number' ? 'number' : 'text'}
                  min={field.min}
                  max={field.max}
                  value={text}
                  list={field.kind === 'url' && playable?.length ? `${id}-files` : undefined}
                  onChange={(e) => set(field.kind === 'number' ? Number(e.target.value) : e.target.value)}
                />
                {field.kind === 'url' && playable?.length ? (
                  <datalist id={`${id}-files`}>
                    {playable.map((m) => (
                      <option key={m.id} value={m.assetUrl}>
                        {m.filename}
                      </option>
                    ))}
                  </datalist>
                ) : null}
              </>
            )}
          </div>
        );
      })}
    </div>
  );
}
