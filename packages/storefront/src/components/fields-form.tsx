import { type FormEvent, useState } from 'react';

export interface FormField {
  id: string;
  type: string;
  title: string;
  required?: boolean;
  description?: string;
  options?: string[];
}

export type FieldValues = Record<string, string>;

/**
 * A simple additional-fields form (product forms in the add-to-cart and cart lightboxes):
 * text-like fields, radios, selects and textareas, with "Required" per empty required field.
 */
export function FieldsForm(props: {
  fields: FormField[];
  initial?: FieldValues;
  submitLabel: string;
  busy?: boolean;
  error?: string | null;
  onSubmit: (values: FieldValues) => void;
}) {
  const [values, setValues] = useState<FieldValues>(props.initial ?? {});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fields = props.fields.filter((f) => f.type !== 'section');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    for (const f of fields) if (f.required && !values[f.id]?.trim()) next[f.id] = 'Required';
    setErrors(next);
    if (Object.keys(next).length === 0) props.onSubmit(values);
  };
  const set = (id: string, value: string) => setValues((v) => ({ ...v, [id]: value }));
  return (
    <form className="checkout-form fields-form" onSubmit={submit} noValidate>
      {fields.map((f) => {
        const err = errors[f.id];
        const errId = `${f.id}-error`;
        if (f.type === 'radio' && f.options) {
          return (
            <fieldset key={f.id} aria-describedby={err ? errId : undefined}>
              <legend>
                {f.title}
                {f.required ? ' *' : ''}
              </legend>
              {err && (
                <p id={errId} className="field-error">
                  {err}
                </p>
              )}
              {f.options.map((o) => (
                <label key={o}>
                  <input
                    type="radio"
                    name={f.id}
                    value={o}
                    checked={values[f.id] === o}
                    onChange={() => set(f.id, o)}
                  />{' '}
                  {o}
                </label>
              ))}
            </fieldset>
          );
        }
        return (
          <div key={f.id}>
            {err && (
              <p id={errId} className="field-error">
                {err}
              </p>
            )}
            <label htmlFor={`ff-${f.id}`}>
              {f.title}
              {f.required ? ' *' : ''}
            </label>
            {f.description && <small>{f.description}</small>}
            {f.type === 'textarea' ? (
              <textarea
                id={`ff-${f.id}`}
                value={values[f.id] ?? ''}
                aria-invalid={Boolean(err)}
                onChange={(e) => set(f.id, e.target.value)}
              />
            ) : f.type === 'select' && f.options ? (
              <select
                id={`ff-${f.id}`}
                value={values[f.id] ?? ''}
                onChange={(e) => set(f.id, e.target.value)}
              >
                <option value="">Select…</option>
                {f.options.map((o) => (
                  <option key={o}>{o}</option>
                ))}
              </select>
            ) : (
              <input
                id={`ff-${f.id}`}
                type={f.type === 'email' ? 'email' : f.type === 'number' ? 'number' : 'text'}
                value={values[f.id] ?? ''}
                aria-invalid={Boolean(err)}
                onChange={(e) => set(f.id, e.target.value)}
              />
            )}
          </div>
        );
      })}
      {props.error && (
        <p className="field-error" role="alert">
          {props.error}
        </p>
      )}
      <button type="submit" className="button" disabled={props.busy}>
        {props.submitLabel}
      </button>
    </form>
  );
}
