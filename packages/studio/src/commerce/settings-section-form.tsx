import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { failureMessages } from './settings-api';

type FieldErrors = Record<string, string>;

/**
 * What a settings section does around its fields: read the saved settings once (showing them
 * in the fields), and on Save check, send, show what the server kept and say "Saved.", or put
 * the refusal at its fields and above them. `form` goes to SettingsSectionForm.
 */
export function useSettingsSection<T>(options: {
  load: () => Promise<T>;
  /** Put saved settings into the fields (after loading and after every save). */
  show: (saved: T) => void;
  /** Field errors that stop the save before it is sent, or null. */
  check: () => FieldErrors | null;
  send: () => Promise<T>;
  /** The sentence above the fields for a refusal; the server's message by default. */
  refusal?: (fields: FieldErrors, message: string) => string;
}) {
  const [saved, setSaved] = useState<T | null>(null);
  const [status, setStatus] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState('');
  const apply = (value: T) => {
    setSaved(value);
    options.show(value);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the section opens
  useEffect(() => {
    options
      .load()
      .then(apply)
      .catch(() => setGeneral('Unable to load. Try again.'));
  }, []);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    setGeneral('');
    const wrong = options.check();
    if (wrong) return setErrors(wrong);
    try {
      const next = await options.send();
      setErrors({});
      apply(next);
      setStatus('Saved.');
    } catch (failure) {
      const { fields, general: message } = failureMessages(failure);
      setErrors(fields);
      setGeneral(options.refusal ? options.refusal(fields, message) : message);
    }
  };
  return { saved, errors, setErrors, form: { loaded: saved !== null, general, status, onSubmit } };
}

/**
 * A store-settings section that is one form: its heading with Save, the refusal that belongs
 * to no field, the saved note, then the section's fields. Read-only (every control disabled)
 * for someone who may not change it, and until its settings have loaded.
 */
export function SettingsSectionForm(props: {
  id: string;
  title: string;
  mayEdit: boolean;
  loaded: boolean;
  general: string;
  status: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form className="ss-section" id={props.id} onSubmit={props.onSubmit} noValidate>
      <fieldset
        disabled={!props.mayEdit || !props.loaded}
        className={props.mayEdit ? undefined : 'ss-readonly'}
      >
        <div className="ss-section__head">
          <h2>{props.title}</h2>
          <button type="submit" className="btn btn--primary">
            Save
          </button>
        </div>
        {props.general && (
          <p className="alert" role="alert">
            {props.general}
          </p>
        )}
        <p role="status" className="note">
          {props.status}
        </p>
        {props.children}
      </fieldset>
    </form>
  );
}
