import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { FormFieldEditor } from './form-field-editor';
import { moved } from './form-order';
import type { FormFieldInput, TemplateSchema } from './forms-api';

function newField(type: FormFieldInput['type'], existing: readonly FormFieldInput[]): FormFieldInput {
  let n = existing.length + 1;
  while (existing.some((f) => f.id === `${type}-${n}`)) n++;
  const field: FormFieldInput = { id: `${type}-${n}`, type, title: '' };
  if (['checkbox', 'radio', 'select'].includes(type)) field.options = ['Option 1', 'Option 2'];
  if (type === 'likert') field.options = ['Statement 1'];
  if (type === 'hidden') field.key = `${type}-${n}`;
  if (type === 'currency') field.currencySymbol = '$';
  return field;
}

/**
 * Build tab: the fields in order (select one to edit it beside the list), reordered by
 * dragging or from the keyboard (Alt+↑/↓ on a row, or its Move buttons), and "Add field"
 * with every type the template schema lists.
 */
export function FormFields({
  schema,
  fields,
  errors,
  onChange,
}: {
  schema: TemplateSchema;
  fields: FormFieldInput[];
  errors: Record<string, string>;
  onChange(fields: FormFieldInput[]): void;
}) {
  const [selected, setSelected] = useState<string | null>(fields[0]?.id ?? null);
  const [addType, setAddType] = useState<FormFieldInput['type']>(schema.fieldTypes[0]?.type ?? 'text');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');
  const rows = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterMove = useRef<string | null>(null);
  useEffect(() => {
    if (focusAfterMove.current) rows.current.get(focusAfterMove.current)?.focus();
    focusAfterMove.current = null;
  });

  const label = (f: FormFieldInput) =>
    f.title || schema.fieldTypes.find((t) => t.type === f.type)?.label || f.type;
  const move = (from: number, to: number) => {
    const field = fields[from];
    if (!field || to < 0 || to >= fields.length || to === from) return;
    focusAfterMove.current = field.id;
    onChange(moved(fields, from, to));
    setAnnounce(`${label(field)} moved to position ${to + 1} of ${fields.length}.`);
  };
  const onKey = (event: KeyboardEvent, index: number) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(index, event.key === 'ArrowUp' ? index - 1 : index + 1);
  };
  const index = fields.findIndex((f) => f.id === selected);
  const current = fields[index];
  const hasError = (i: number) => Object.keys(errors).some((k) => k.startsWith(`definition.fields.${i}.`));

  return (
    <div className="form-fields">
      <div className="form-fields__list">
        <div className="form-fields__add">
          <label htmlFor="form-add-type" className="visually-hidden">
            Field type
          </label>
          <select
            id="form-add-type"
            value={addType}
            onChange={(e) => setAddType(e.target.value as typeof addType)}
          >
            {schema.fieldTypes.map((t) => (
              <option key={t.type} value={t.type}>
                {t.label}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn btn--plain"
            onClick={() => {
              const field = newField(addType, fields);
              onChange([...fields, field]);
              setSelected(field.id);
            }}
          >
            + Add field
          </button>
        </div>
        <p className="muted form-fields__hint" id="form-fields-keys">
          Drag a field, or focus it and press Alt with ↑ or ↓, to reorder.
        </p>
        {fields.length === 0 && <p className="muted">No fields yet: add the first one.</p>}
        <ol className="form-fields__rows" aria-label="Fields">
          {fields.map((field, i) => (
            <li
              key={field.id}
              className={`form-fields__row${field.id === selected ? ' form-fields__row--selected' : ''}${over === i ? ' form-fields__row--over' : ''}${hasError(i) ? ' form-fields__row--error' : ''}`}
              data-field-id={field.id}
            >
              {/* biome-ignore lint/a11y/noStaticElementInteractions: dragging here mirrors Alt+arrows and the Move buttons on the row. */}
              <div
                className="form-fields__drag"
                draggable
                onDragStart={(e) => {
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', field.id);
                  setDragFrom(i);
                }}
                onDragOver={(e) => {
                  if (dragFrom === null) return;
                  e.preventDefault();
                  setOver(i);
                }}
                onDragLeave={() => setOver(null)}
                onDrop={(e) => {
                  e.preventDefault();
                  if (dragFrom !== null) move(dragFrom, i);
                  setDragFrom(null);
                  setOver(null);
                }}
                onDragEnd={() => {
                  setDragFrom(null);
                  setOver(null);
                }}
              >
                <span className="form-fields__grip" aria-hidden="true">
                  ⋮⋮
                </span>
                <button
                  type="button"
                  className="form-fields__label"
                  ref={(el) => {
                    if (el) rows.current.set(field.id, el);
                    else rows.current.delete(field.id);
                  }}
                  aria-pressed={field.id === selected}
                  aria-describedby="form-fields-keys"
                  onClick={() => setSelected(field.id)}
                  onKeyDown={(e) => onKey(e, i)}
                >
                  {label(field)}
                  {field.required && <span aria-hidden="true"> *</span>}
                </button>
                <span className="badge">{schema.fieldTypes.find((t) => t.type === field.type)?.label}</span>
                <button
                  type="button"
                  className="icon"
                  aria-label={`Move ${label(field)} up`}
                  title="Move up"
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="icon"
                  aria-label={`Move ${label(field)} down`}
                  title="Move down"
                  disabled={i === fields.length - 1}
                  onClick={() => move(i, i + 1)}
                >
                  ↓
                </button>
              </div>
            </li>
          ))}
        </ol>
        <p className="visually-hidden" aria-live="polite">
          {announce}
        </p>
      </div>
      {current ? (
        <FormFieldEditor
          key={current.id}
          schema={schema}
          field={current}
          errors={errors}
          errorPrefix={`definition.fields.${index}.`}
          onChange={(next) => onChange(fields.map((f, i) => (i === index ? next : f)))}
          onRemove={() => {
            onChange(fields.filter((_, i) => i !== index));
            setSelected(fields[index + 1]?.id ?? fields[index - 1]?.id ?? null);
          }}
        />
      ) : (
        <p className="muted form-field-editor">Select a field to edit it.</p>
      )}
    </div>
  );
}
