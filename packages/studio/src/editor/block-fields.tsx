import { type Block, type BlockField, blockTypes } from '@store/blocks';
import type { Catalog } from '../api';
import { type GalleryEntry, GalleryField, ImageField } from './pickers/image-fields';
import { LinkField } from './pickers/link-field';
import { MailingListField } from './pickers/mailing-list-field';
import { ProductField } from './pickers/product-picker';
import { RichText } from './rich-text';
import { AppointmentTypesField } from '../scheduling/appointment-types-field';
import { DonationAmountsField, DonationMoneyField } from '../donations/amount-fields';
import { MemberAreaField } from '../members/member-area-field';

/** A field that says where a click goes (a button's, an image's link): chosen in the link picker. */
const isLinkField = (field: BlockField) => field.kind === 'url' && field.name === 'href';

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
  // A video or audio block's address may be one of the library's files.
  const playable = catalog?.media?.filter((m) => m.kind === block.type);
  return (
    <div className="fields">
      {fields.map((field) => {
        const id = `field-${block.id}-${field.name}`;
        const value = block.props[field.name];
        const text = value === undefined || value === null ? '' : String(value);
        const set = (v: unknown) => onChange({ [field.name]: v });
        if (field.kind === 'image')
          return (
            <ImageField
              key={id}
              label={field.label}
              image={(value as { id?: string; assetUrl?: string } | null) ?? null}
              alt={String(block.props.alt ?? '')}
              onChange={({ image, alt }) => onChange(alt === undefined ? { image } : { image, alt })}
            />
          );
        if (field.kind === 'images')
          return (
            <GalleryField
              key={id}
              label={field.label}
              entries={(value as GalleryEntry[] | undefined) ?? []}
              onChange={set}
            />
          );
        if (field.kind === 'product')
          return <ProductField key={id} label={field.label} value={text} onChange={set} />;
        if (isLinkField(field)) return <LinkField key={id} label={field.label} value={text} onChange={set} />;
        if (field.kind === 'mailingList')
          return (
            <MailingListField
              key={id}
              id={id}
              label={field.label}
              value={value}
              lists={catalog?.lists}
              onChange={set}
            />
          );
        if (field.kind === 'memberArea')
          return <MemberAreaField key={id} id={id} label={field.label} value={value} onChange={set} />;
        if (field.kind === 'amounts')
          return <DonationAmountsField key={id} id={id} label={field.label} value={value} onChange={set} />;
        if (field.kind === 'money')
          return <DonationMoneyField key={id} id={id} label={field.label} value={value} onChange={set} />;
        if (field.kind === 'appointmentTypes')
          return <AppointmentTypesField key={id} id={id} label={field.label} value={value} onChange={set} />;
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
        if (field.kind === 'richtext')
          return (
            <RichText
              key={id}
              id={id}
              label={field.label}
              value={text}
              onChange={set}
              placeholder={field.placeholder}
            />
          );
        const choices =
          field.kind === 'collection'
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
              <textarea
                id={id}
                rows={6}
                value={text}
                placeholder={field.placeholder}
                onChange={(e) => set(e.target.value)}
              />
            ) : (
              <>
                <input
                  id={id}
                  type={field.kind === 'number' ? 'number' : 'text'}
                  min={field.min}
                  max={field.max}
                  value={text}
                  placeholder={field.placeholder}
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
