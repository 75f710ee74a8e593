import type { ReactNode } from 'react';
import { type FieldValue, type FormFieldDef, LIKERT_LABELS, PART_LABELS } from './form-types';
import { MESSAGES, likertCaption, partCaption } from './messages';
import { charCount, limitOf } from './validate';

interface Props {
  field: FormFieldDef;
  value: FieldValue | undefined;
  error?: string;
  /** Password fields show a mask placeholder after a failed send so the real value is not resent. */
  masked?: boolean;
  onChange(value: FieldValue): void;
}

const INPUT_TYPE: Partial<Record<FormFieldDef['type'], string>> = {
  email: 'email',
  number: 'number',
  website: 'url',
  password: 'password',
};

/** One form field: error above the title (spec §8), then the control(s). */
export function FieldInput({ field, value, error, masked, onChange }: Props): ReactNode {
  const id = `field-${field.id}`;
  if (field.type === 'hidden') return null;
  if (field.type === 'section') {
    return (
      <div className={`form-section${field.underline ? ' underline' : ''}`}>
        <h3>{field.title}</h3>
        {field.description && <p className="description">{field.description}</p>}
      </div>
    );
  }
  const described = field.description ? `${id}-desc` : undefined;
  const header = (
    <>
      {error && (
        <p className="field-error" role="alert" data-testid={`error-${field.id}`}>
          {error}
        </p>
      )}
      <span className="title">
        {field.title}
        {field.required && (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </span>
      {field.description && (
        <span className="description" id={described}>
          {field.description}
        </span>
      )}
    </>
  );
  const parts = PART_LABELS[field.type];
  if (parts) {
    const list = (value as string[]) ?? [];
    const labels = field.type === 'phone' && list.length === 3 ? parts.slice(1) : parts;
    return (
      <fieldset
        className={`form-item field ${field.type}${error ? ' error' : ''}`}
        aria-describedby={described}
      >
        <legend>{header}</legend>
        <div className="parts">
          {labels.map((label, i) => (
            <label key={label} className="part">
              <input
                name={`${field.id}-${i}`}
                value={list[i] ?? ''}
                maxLength={256}
                aria-invalid={Boolean(error)}
                onChange={(e) => onChange(list.map((v, j) => (j === i ? e.target.value : v)))}
              />
              <span className="caption">{partCaption(label)}</span>
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  if (field.type === 'checkbox' || field.type === 'radio') {
    const chosen = field.type === 'checkbox' ? ((value as string[]) ?? []) : [value as string];
    return (
      <fieldset
        className={`form-item field ${field.type}${error ? ' error' : ''}`}
        aria-describedby={described}
      >
        <legend>{header}</legend>
        {(field.options ?? []).map((option, i) => (
          <label key={option} className="option">
            <input
              type={field.type}
              name={field.id}
              value={option}
              checked={chosen.includes(option)}
              onChange={(e) => {
                if (field.type === 'radio') onChange(option);
                else onChange(e.target.checked ? [...chosen, option] : chosen.filter((c) => c !== option));
              }}
            />
            {field.optionLabels?.[i] || option}
          </label>
        ))}
      </fieldset>
    );
  }
  if (field.type === 'likert') {
    const answers = (value as Record<string, string>) ?? {};
    return (
      <fieldset className={`form-item field likert${error ? ' error' : ''}`}>
        <legend>{header}</legend>
        {(field.options ?? []).map((question, i) => (
          <div
            key={question}
            className="question"
            role="radiogroup"
            aria-label={field.optionLabels?.[i] || question}
          >
            <span className="question-text">{field.optionLabels?.[i] || question}</span>
            {LIKERT_LABELS.map((label) => (
              <label key={label} className="option">
                <input
                  type="radio"
                  name={`${field.id}-${question}`}
                  checked={answers[question] === label}
                  onChange={() => onChange({ ...answers, [question]: label })}
                />
                {likertCaption(label)}
              </label>
            ))}
          </div>
        ))}
      </fieldset>
    );
  }
  const text = (value as string) ?? '';
  const max = limitOf(field);
  let control: ReactNode;
  if (field.type === 'select') {
    control = (
      <select
        id={id}
        name={field.id}
        value={text}
        aria-invalid={Boolean(error)}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{MESSAGES.selectOption}</option>
        {(field.options ?? []).map((o, i) => (
          <option key={o} value={o}>
            {field.optionLabels?.[i] || o}
          </option>
        ))}
      </select>
    );
  } else if (field.type === 'textarea') {
    control = (
      <textarea
        id={id}
        name={field.id}
        value={text}
        placeholder={field.placeholder}
        aria-invalid={Boolean(error)}
        aria-describedby={described}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  } else {
    control = (
      <span className={field.type === 'currency' ? 'currency' : undefined}>
        {field.type === 'currency' && <span className="symbol">{field.currencySymbol ?? '$'}</span>}
        <input
          id={id}
          name={field.id}
          type={INPUT_TYPE[field.type] ?? 'text'}
          value={text}
          placeholder={masked && field.type === 'password' ? '••••••••' : field.placeholder}
          autoComplete={field.type === 'password' ? 'off' : undefined}
          aria-invalid={Boolean(error)}
          aria-describedby={described}
          onChange={(e) => onChange(e.target.value)}
        />
      </span>
    );
  }
  return (
    <div className={`form-item field ${field.type}${error ? ' error' : ''}`}>
      <label htmlFor={id}>{header}</label>
      {control}
      {max !== null && (
        <span
          className={`char-counter${charCount(text) > max ? ' over' : ''}`}
          data-testid={`counter-${field.id}`}
        >
          {charCount(text)} / {max}
        </span>
      )}
    </div>
  );
}
