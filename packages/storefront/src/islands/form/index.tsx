import { createRoot } from 'react-dom/client';
import { FormView } from './form-view';
import type { FormProps } from './form-types';

/** Accept the form definition from data-props (JSON), from props.form (page data), or as props. */
function resolveProps(element: HTMLElement, props: unknown): FormProps | null {
  const candidates: unknown[] = [];
  if (element.dataset.props) {
    try {
      candidates.push(JSON.parse(element.dataset.props));
    } catch {
      // fall through to the other sources
    }
  }
  if (props && typeof props === 'object') candidates.push((props as { form?: unknown }).form, props);
  const wantedId = element.dataset.formId;
  for (const c of candidates) {
    const form = c as FormProps | null | undefined;
    if (
      form &&
      typeof form.id === 'string' &&
      Array.isArray(form.fields) &&
      (!wantedId || form.id === wantedId)
    )
      return form;
  }
  return null;
}

/** Island entry ('form'): replaces the no-JS fallback with the interactive form. */
export function mount(element: HTMLElement, props: unknown): void {
  const form = resolveProps(element, props);
  if (!form) return;
  element.textContent = '';
  createRoot(element).render(<FormView form={form} />);
}
