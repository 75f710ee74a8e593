import { isEmailAddress } from '@store/commerce';
import { API_MESSAGES } from '@store/api/client';
import { ApiFailure, api } from '../../api';

/** Spec §3: the popup overlay's local storage keys. */
export const POPUP_KEYS = { dateClosed: 'date-closed', version: 'version', submitted: 'submitted' } as const;

const DAY_MS = 86_400_000;
/** Pages the popup never covers: paying, order confirmed, leaving the newsletter. */
const NO_POPUP_PAGE_TYPES = new Set(['201', '202', '300']);

export const POPUP_MESSAGES = {
  invalid: API_MESSAGES.invalidEmail,
  thanks: 'Thank you for signing up!',
  failed: 'Unable to sign you up. Please try again later.',
} as const;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage blocked: treat as a first visit
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage blocked: the popup may show again next visit
  }
}

/**
 * Should the popup show? Not after a signup (`submitted`), and not within `hideDays` of the
 * visitor closing the same `version` (`date-closed` holds the time in ms). A new version
 * (the owner changed the popup) shows again.
 */
export function popupDue(options: { version: string; hideDays: number; now: number }): boolean {
  if (read(POPUP_KEYS.submitted) === 'true') return false;
  const closed = Number(read(POPUP_KEYS.dateClosed));
  if (!closed || read(POPUP_KEYS.version) !== options.version) return true;
  return options.now - closed >= options.hideDays * DAY_MS;
}

/** Show the popup overlay (page type 104) if it is due; wire close, Escape and the signup form. */
export function runPopup(root: HTMLElement): void {
  if (NO_POPUP_PAGE_TYPES.has(document.body.dataset.pageType ?? '')) return;
  const version = root.dataset.version ?? '1';
  if (!popupDue({ version, hideDays: Number(root.dataset.hideDays ?? 7), now: Date.now() })) return;
  const before = document.activeElement as HTMLElement | null;
  const close = () => {
    root.hidden = true;
    document.removeEventListener('keydown', onKey);
    write(POPUP_KEYS.dateClosed, String(Date.now()));
    write(POPUP_KEYS.version, version);
    before?.focus?.();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') close();
  };
  root.hidden = false;
  document.addEventListener('keydown', onKey);
  root.addEventListener('click', (e) => {
    if (e.target === root || (e.target as HTMLElement).closest('[data-popup-close]')) close();
  });
  const form = root.querySelector<HTMLFormElement>('[data-popup-form]');
  const input = form?.querySelector<HTMLInputElement>('input[type=email]');
  const message = root.querySelector<HTMLElement>('[data-popup-message]');
  input?.focus();
  const say = (text: string, error: boolean) => {
    if (!message) return;
    message.textContent = text;
    message.classList.toggle('field-error', error);
    input?.setAttribute('aria-invalid', String(error));
  };
  input?.addEventListener('input', () => {
    if (input.getAttribute('aria-invalid') === 'true' && isEmailAddress(input.value.trim())) say('', false);
  });
  form?.addEventListener('submit', async (e) => {
    e.preventDefault();
    const email = input?.value.trim() ?? '';
    if (!isEmailAddress(email)) return say(POPUP_MESSAGES.invalid, true);
    try {
      await api('POST /api/newsletter/subscribers', { body: { email, source: 'popup' } });
      write(POPUP_KEYS.submitted, 'true');
      form.replaceChildren();
      form.append(Object.assign(document.createElement('p'), { textContent: POPUP_MESSAGES.thanks }));
      form.setAttribute('role', 'status');
    } catch (error) {
      say(error instanceof ApiFailure && error.status === 400 ? error.message : POPUP_MESSAGES.failed, true);
    }
  });
}
