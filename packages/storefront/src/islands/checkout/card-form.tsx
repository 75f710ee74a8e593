import type { IslandWord } from '@store/commerce';
import { type ChangeEvent, useLayoutEffect, useRef } from 'react';
import {
  type CardErrors,
  type CardFields,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  reformat,
} from './card-fields';
import { word } from '../words';

type Key = keyof CardFields;

const FIELDS: {
  key: Key;
  label: IslandWord;
  autoComplete: string;
  format?: (text: string) => string;
  placeholder?: string;
}[] = [
  {
    key: 'number',
    label: 'checkoutCardNumber',
    autoComplete: 'cc-number',
    format: formatCardNumber,
    placeholder: '1234 1234 1234 1234',
  },
  {
    key: 'expiry',
    label: 'checkoutCardExpiry',
    autoComplete: 'cc-exp',
    format: formatExpiry,
    placeholder: 'MM/YY',
  },
  {
    key: 'cvc',
    label: 'checkoutCardSecurityCode',
    autoComplete: 'cc-csc',
    format: formatCvc,
    placeholder: '123',
  },
  { key: 'name', label: 'checkoutCardName', autoComplete: 'cc-name' },
];

/**
 * The built-in card form (test mode): number grouped as typed, MM/YY, CVC and name, each with
 * its label and its error beside it. Checkout turns these fields into a token through a
 * CardTokenizer; the raw number is only ever sent to the tokenizer.
 */
export function CardForm(props: {
  value: CardFields;
  errors: CardErrors;
  disabled?: boolean;
  onChange: (key: Key, value: string) => void;
}) {
  // Reformatting replaces the input's text, which would throw the caret to the end.
  const caret = useRef<{ input: HTMLInputElement; at: number } | null>(null);
  useLayoutEffect(() => {
    const pending = caret.current;
    caret.current = null;
    if (pending && document.activeElement === pending.input)
      pending.input.setSelectionRange(pending.at, pending.at);
  });

  const change = (key: Key, format?: (text: string) => string) => (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.target;
    if (!format) return props.onChange(key, input.value);
    const inputType = (e.nativeEvent as InputEvent).inputType ?? '';
    const deleting =
      inputType === 'deleteContentBackward'
        ? 'backward'
        : inputType === 'deleteContentForward'
          ? 'forward'
          : null;
    const next = reformat(
      props.value[key],
      input.value,
      input.selectionStart ?? input.value.length,
      format,
      deleting,
    );
    caret.current = { input, at: next.caret };
    props.onChange(key, next.value);
  };

  return (
    <div className="card-form" data-testid="card-form">
      {FIELDS.map(({ key, label, autoComplete, format, placeholder }) => {
        const id = `card-${key}`;
        const error = props.errors[key];
        return (
          <div key={key} className={`card-form__field card-form__field--${key}`}>
            <label htmlFor={id}>{word(label)}</label>
            <input
              id={id}
              name={autoComplete}
              type="text"
              inputMode={format ? 'numeric' : undefined}
              autoComplete={autoComplete}
              autoCorrect="off"
              spellCheck={false}
              placeholder={placeholder}
              value={props.value[key]}
              disabled={props.disabled}
              onChange={change(key, format)}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {error && (
              <span id={`${id}-error`} className="field-error">
                {error}
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}
