import type { FormFieldInput, TemplateSchema } from './forms-api';

type Property = TemplateSchema['fieldTypes'][number]['properties'][number];

/**
 * One field's properties, as the template schema lists them for its type (spec §3): the
 * builder has no property list of its own, so a property the server adds shows up here.
 */
export function FormFieldEditor({
  schema,
  field,
  errors,
  errorPrefix,
  onChange,
  onRemove,
}: {
  schema: TemplateSchema;
  field: FormFieldInput;
  errors: Record<string, string>;
  errorPrefix: string;
  onChange(field: FormFieldInput): void;
  onRemove(): void;
}) {
  const type = schema.fieldTypes.find((t) => t.type === field.type);
  const values = field as unknown as Record<string, unknown>;
  const set = (name: string, value: unknown) => onChange({ ...field, [name]: value } as FormFieldInput);
  const idOf = (name: string) => `field-prop-${name}`;

  function control(p: Property) {
    const value = values[p.name];
    const invalid = Boolean(errors[errorPrefix + p.name]);
    switch (p.kind) {
      case 'boolean':
        return (
          <label className="form-settings__check" key={p.name}>
            <input
              id={idOf(p.name)}
              type="checkbox"
              checked={value === true}
              onChange={(e) => set(p.name, e.target.checked)}
            />
            {p.label}
          </label>
        );
      case 'integer':
        return (
          <input
            id={idOf(p.name)}
            type="number"
            min={0}
            step={1}
            value={typeof value === 'number' ? value : ''}
            aria-invalid={invalid}
            onChange={(e) =>
              set(p.name, e.target.value === '' ? undefined : Math.max(0, Math.trunc(Number(e.target.value))))
            }
          />
        );
      case 'paragraph':
        return (
          <textarea
            id={idOf(p.name)}
            rows={3}
            value={typeof value === 'string' ? value : ''}
            aria-invalid={invalid}
            onChange={(e) => set(p.name, e.target.value)}
          />
        );
      case 'options':
        return (
          <textarea
            id={idOf(p.name)}
            rows={5}
            value={Array.isArray(value) ? value.join('\n') : ''}
            aria-invalid={invalid}
            aria-describedby={`${idOf(p.name)}-hint`}
            onChange={(e) => set(p.name, e.target.value.split('\n'))}
            onBlur={(e) =>
              set(
                p.name,
                e.target.value
                  .split('\n')
                  .map((o) => o.trim())
                  .filter(Boolean),
              )
            }
          />
        );
      default:
        return (
          <input
            id={idOf(p.name)}
            value={typeof value === 'string' ? value : ''}
            aria-invalid={invalid}
            onChange={(e) => set(p.name, e.target.value)}
          />
        );
    }
  }

  return (
    <section className="form-field-editor" aria-label={`${type?.label ?? field.type} field`}>
      <h2>{type?.label ?? field.type} field</h2>
      {(type?.properties ?? []).map((p) => {
        const error = errors[errorPrefix + p.name];
        return (
          <div className="form-field-editor__prop" key={p.name}>
            {p.kind !== 'boolean' && <label htmlFor={idOf(p.name)}>{p.label}</label>}
            {control(p)}
            {p.kind === 'options' && (
              <p className="muted" id={`${idOf(p.name)}-hint`}>
                {field.type === 'likert' ? 'One statement per line.' : 'One option per line.'}
              </p>
            )}
            {error && <p className="field-error">{error}</p>}
          </div>
        );
      })}
      {errors[`${errorPrefix}id`] && <p className="field-error">{errors[`${errorPrefix}id`]}</p>}
      <p className="muted">Field id: {field.id}</p>
      <button type="button" className="btn btn--plain form-field-editor__remove" onClick={onRemove}>
        Remove field
      </button>
    </section>
  );
}
