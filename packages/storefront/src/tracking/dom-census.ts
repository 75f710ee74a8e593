import type { CensusCall } from './census';
import { CENSUS_BUTTONS, CENSUS_FORMS } from './constants';

/** The slice of an element the DOM census reads (tests pass plain objects). */
export interface ElementLike {
  getAttribute(name: string): string | null;
  textContent: string | null;
  addEventListener(type: 'click', listener: () => void): void;
}

export interface RootLike {
  querySelectorAll(selector: string): Iterable<ElementLike>;
}

const ID = /^[A-Za-z0-9_.:-]{1,64}$/;

/**
 * Census calls for what the page shows (spec §7): form-render per form
 * (`[data-form-id]`), button-render per button and button-click on each click.
 */
export function wireDomCensus(
  root: RootLike,
  send: (call: CensusCall, fields: Record<string, unknown>) => Promise<void>,
): number {
  let calls = 0;
  for (const form of root.querySelectorAll(CENSUS_FORMS)) {
    const formId = form.getAttribute('data-form-id') ?? '';
    if (!ID.test(formId)) continue;
    void send('form-render', { formId });
    calls++;
  }
  for (const button of root.querySelectorAll(CENSUS_BUTTONS)) {
    const fields: Record<string, unknown> = {
      buttonText: (button.textContent ?? '').trim().slice(0, 500),
    };
    const href = button.getAttribute('href');
    if (href) fields.destination = href.slice(0, 2083);
    const id = button.getAttribute('id');
    if (id && ID.test(id)) fields.buttonId = id;
    void send('button-render', fields);
    button.addEventListener('click', () => void send('button-click', fields));
    calls++;
  }
  return calls;
}
