import type { FormEvent, ReactNode } from 'react';

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
