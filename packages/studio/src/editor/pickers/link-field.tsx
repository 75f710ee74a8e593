import { useEffect, useId, useState } from 'react';
import { type LinkTarget, describeLink, linkSummary } from './link-value';
import { LinkPicker } from './link-picker';
import { loadCatalog, loadPages } from './picker-data';

/** Where a button or an image goes: what it links to now, and the link picker to change it. */
export function LinkField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(href: string): void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<LinkTarget>(() => describeLink(value, [], []));
  useEffect(() => {
    let live = true;
    setTarget(describeLink(value, [], []));
    if (value.startsWith('/'))
      Promise.all([
        loadPages().catch(() => []),
        loadCatalog().then(
          (c) => c.products,
          () => [],
        ),
      ]).then(([pages, products]) => live && setTarget(describeLink(value, pages, products)));
    return () => {
      live = false;
    };
  }, [value]);
  return (
    <div className="field pick-field">
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="pick-field__current pick-field__link" id={`${id}-current`}>
        {target.kind === 'none' ? <span className="muted">No link</span> : linkSummary(target)}
        {(target.kind === 'page' || target.kind === 'product') && <span className="muted"> ({value})</span>}
      </div>
      <div className="pick-field__actions">
        <button
          type="button"
          className="btn btn--plain"
          aria-describedby={`${id}-label ${id}-current`}
          onClick={() => setOpen(true)}
        >
          {value ? 'Change link…' : 'Choose link…'}
        </button>
        {value && (
          <button
            type="button"
            className="btn btn--plain"
            aria-describedby={`${id}-label`}
            onClick={() => onChange('')}
          >
            Remove link
          </button>
        )}
      </div>
      {open && (
        <LinkPicker
          href={value}
          onClose={() => setOpen(false)}
          onRemove={() => {
            setOpen(false);
            onChange('');
          }}
          onPick={(link) => {
            setOpen(false);
            onChange(link.href);
          }}
        />
      )}
    </div>
  );
}
