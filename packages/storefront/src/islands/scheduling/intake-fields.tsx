import type { FormFieldDef } from '../form/form-types';

export type IntakeAnswers = Record<string, string | string[] | boolean>;

/** The questions an intake form asks that a booking can carry (no sections, hidden or captcha). */
export function askable(fields: readonly FormFieldDef[]): FormFieldDef[] {
  return fields.filter((f) => f.type !== 'section' && f.type !== 'hidden' && f.type !== 'password');
}

/** The key an answer is sent under: the field's id, as the form builder's rules check it. */
export const answerKey = (field: FormFieldDef) => field.id.slice(0, 64);

/** The required questions left unanswered, by key. */
export function missingAnswers(fields: readonly FormFieldDef[], answers: IntakeAnswers): string[] {
  return askable(fields)
    .filter((f) => f.required)
    .map(answerKey)
    .filter((key) => {
      const value = answers[key];
      return (
        value === undefined || value === '' || value === false || (Array.isArray(value) && value.length === 0)
      );
    });
}

/** The intake form's questions as plain labelled inputs. */
export function IntakeFields(props: {
  fields: readonly FormFieldDef[];
  answers: IntakeAnswers;
  missing: readonly string[];
  onChange(answers: IntakeAnswers): void;
}) {
  return (
    <>
      {askable(props.fields).map((field) => {
        const key = answerKey(field);
        const id = `intake-${field.id}`;
        const value = props.answers[key];
        const set = (v: string | string[] | boolean) => props.onChange({ ...props.answers, [key]: v });
        const missing = props.missing.includes(key);
        const error = missing ? (
          <p id={`${id}-error`} className="scheduling-error">
            Please answer this question.
          </p>
        ) : null;
        const label = (
          <>
            {field.title}
            {field.required && <span aria-hidden="true"> *</span>}
          </>
        );
        const options = field.options ?? [];
        if (field.type === 'radio' || field.type === 'checkbox') {
          const many = field.type === 'checkbox';
          const chosen = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
          if (options.length === 0)
            return (
              <div className="scheduling-field" key={field.id}>
                <label className="scheduling-check">
                  <input type="checkbox" checked={value === true} onChange={(e) => set(e.target.checked)} />
                  {label}
                </label>
                {error}
              </div>
            );
          return (
            <fieldset
              className="scheduling-field scheduling-choices"
              key={field.id}
              aria-describedby={missing ? `${id}-error` : undefined}
            >
              <legend>{label}</legend>
              {options.map((option, i) => (
                <label key={option} className="scheduling-check">
                  <input
                    type={many ? 'checkbox' : 'radio'}
                    name={id}
                    checked={chosen.includes(option)}
                    onChange={(e) =>
                      set(
                        many
                          ? e.target.checked
                            ? [...chosen, option]
                            : chosen.filter((c) => c !== option)
                          : option,
                      )
                    }
                  />
                  {field.optionLabels?.[i] ?? option}
                </label>
              ))}
              {error}
            </fieldset>
          );
        }
        const common = {
          id,
          required: field.required,
          'aria-invalid': missing || undefined,
          'aria-describedby': missing ? `${id}-error` : undefined,
          value: typeof value === 'string' ? value : '',
          placeholder: field.placeholder,
        };
        return (
          <div className="scheduling-field" key={field.id}>
            <label htmlFor={id}>{label}</label>
            {field.type === 'select' ? (
              <select {...common} onChange={(e) => set(e.target.value)}>
                <option value="">Choose…</option>
                {options.map((option, i) => (
                  <option key={option} value={option}>
                    {field.optionLabels?.[i] ?? option}
                  </option>
                ))}
              </select>
            ) : field.type === 'textarea' ? (
              <textarea {...common} rows={4} maxLength={5000} onChange={(e) => set(e.target.value)} />
            ) : (
              <input
                {...common}
                type={
                  field.type === 'email'
                    ? 'email'
                    : field.type === 'number'
                      ? 'number'
                      : field.type === 'date'
                        ? 'date'
                        : field.type === 'phone'
                          ? 'tel'
                          : field.type === 'website'
                            ? 'url'
                            : 'text'
                }
                maxLength={field.maxLength ?? 500}
                onChange={(e) => set(e.target.value)}
              />
            )}
            {field.description && <p className="scheduling-hint">{field.description}</p>}
            {error}
          </div>
        );
      })}
    </>
  );
}
