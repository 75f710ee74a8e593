import { type KeyboardEvent, useState } from 'react';
import { type OptionDraft, newKey } from './product-draft';

/** Up to six options (the API's limit), each with its values typed as chips. */
const MAX_OPTIONS = 6;

/**
 * Options and their values. Each change hands the whole list up, where the variant grid is
 * generated again; an option's name is committed on blur or Enter (not per keystroke) so
 * renaming never passes through an empty name that would drop the rows' values.
 */
export function ProductOptions({
  options,
  error,
  onChange,
  onRename,
}: {
  options: OptionDraft[];
  error?: string;
  onChange(options: OptionDraft[]): void;
  onRename(index: number, name: string): void;
}) {
  const set = (index: number, option: OptionDraft) =>
    onChange(options.map((o, i) => (i === index ? option : o)));
  return (
    <div className="product-options">
      {options.map((option, i) => (
        <OptionRow
          key={option.key}
          index={i}
          option={option}
          onRename={(name) => onRename(i, name)}
          onValues={(values) => set(i, { ...option, values })}
          onRemove={() => onChange(options.filter((_, j) => j !== i))}
        />
      ))}
      {error && <p className="field-error">{error}</p>}
      <button
        type="button"
        className="btn btn--plain"
        disabled={options.length >= MAX_OPTIONS}
        onClick={() => onChange([...options, { key: newKey(), name: '', values: [] }])}
      >
        Add option
      </button>
    </div>
  );
}

function OptionRow({
  index,
  option,
  onRename,
  onValues,
  onRemove,
}: {
  index: number;
  option: OptionDraft;
  onRename(name: string): void;
  onValues(values: string[]): void;
  onRemove(): void;
}) {
  const [name, setName] = useState(option.name);
  const [typed, setTyped] = useState('');
  const label = option.name || `option ${index + 1}`;
  const add = () => {
    const fresh = typed
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v && !option.values.includes(v));
    if (fresh.length) onValues([...option.values, ...fresh]);
    setTyped('');
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add();
    } else if (e.key === 'Backspace' && !typed && option.values.length) {
      onValues(option.values.slice(0, -1));
    }
  };
  return (
    <fieldset className="product-option">
      <legend className="visually-hidden">Option {index + 1}</legend>
      <div className="product-option__head">
        <label className="compact-label" htmlFor={`option-name-${index}`}>
          Option name
        </label>
        <input
          id={`option-name-${index}`}
          value={name}
          placeholder="Size, Colour…"
          onChange={(e) => setName(e.target.value)}
          onBlur={() => name.trim() !== option.name && onRename(name)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onRename(name);
            }
          }}
        />
        <button type="button" className="btn btn--plain" onClick={onRemove}>
          Remove option<span className="visually-hidden"> {label}</span>
        </button>
      </div>
      <label htmlFor={`option-values-${index}`}>Values of {label}</label>
      <div className="chips">
        {option.values.map((value) => (
          <span key={value} className="chip">
            {value}
            <button
              type="button"
              className="chip__remove"
              aria-label={`Remove ${value} from ${label}`}
              title="Remove"
              onClick={() => onValues(option.values.filter((v) => v !== value))}
            >
              ×
            </button>
          </span>
        ))}
        <input
          id={`option-values-${index}`}
          className="chips__input"
          value={typed}
          placeholder={option.values.length ? 'Add a value' : 'Type a value, press Enter'}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={onKey}
          onBlur={add}
        />
      </div>
    </fieldset>
  );
}
