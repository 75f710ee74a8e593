import { FormBuilder } from './form-builder';
import { FormList } from './form-list';
import './forms.css';

/** /config/forms/forms → the site's forms; /config/forms/forms/<id> → the builder for one. */
export function FormsScreen({ rest }: { rest: string[] }) {
  const [id] = rest;
  if (id) return <FormBuilder key={id} id={id} />;
  return <FormList />;
}
