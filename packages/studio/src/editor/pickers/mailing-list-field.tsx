import { MAILING_LIST_MESSAGES as M } from '@store/api';
import type { Catalog } from '../../api';
import { listFieldProblem } from '../newsletter-lists';

/**
 * A newsletter block's "Mailing list": the site's lists (Marketing → Mailing lists). The field
 * says why a page would not save (no list, or one no longer on the site) before it is saved.
 */
export function MailingListField(props: {
  id: string;
  label: string;
  value: unknown;
  lists: Catalog['lists'] | undefined;
  onChange(id: string): void;
}) {
  const value = typeof props.value === 'string' ? props.value : '';
  const problem = listFieldProblem(value, props.lists);
  const errorId = `${props.id}-error`;
  const none = props.lists?.length === 0;
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        value={value}
        disabled={!props.lists || none}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem || none ? errorId : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      >
        <option value="">{props.lists ? 'Choose a list…' : 'Loading lists…'}</option>
        {value && props.lists && !props.lists.some((l) => l.id === value) && (
          <option value={value}>A deleted list</option>
        )}
        {props.lists?.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </select>
      {none ? (
        <p id={errorId} className="field-error">
          {M.noLists} (<a href="/config/marketing/lists">Mailing lists</a>)
        </p>
      ) : (
        problem && (
          <p id={errorId} className="field-error">
            {problem}
          </p>
        )
      )}
    </div>
  );
}
