import { isEmailAddress } from '@store/commerce';
import { API_MESSAGES } from '@store/api/client';
import { ApiFailure, api } from '../../api';

export const SIGNUP_MESSAGES = {
  invalid: API_MESSAGES.invalidEmail,
  thanks: 'Thank you for signing up!',
  confirm: 'Almost done: we sent you an e-mail with a link to confirm your subscription.',
  failed: 'Unable to sign you up. Please try again later.',
} as const;

/** What a refused sign-up says: the server's own words for a bad request, else a general line. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiFailure && !error.offline && [400, 404, 429].includes(error.status))
    return error.message || SIGNUP_MESSAGES.failed;
  return SIGNUP_MESSAGES.failed;
}

/**
 * Island entry ('newsletter-signup'): a newsletter block's form, sent without leaving the page.
 * The list is the signed token the server rendered into the block (`data-list`); the message
 * line under the field is a status region, so screen readers hear the outcome.
 */
export function mount(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  const input = form.querySelector<HTMLInputElement>('input[type=email]');
  const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
  const message = form.querySelector<HTMLElement>('[data-signup-message]');
  const listToken = form.dataset.list ?? '';
  if (!input || !button || !message) return;
  const say = (text: string, error: boolean) => {
    message.textContent = text;
    message.classList.toggle('is-error', error);
    input.setAttribute('aria-invalid', String(error));
  };
  input.addEventListener('input', () => {
    if (input.getAttribute('aria-invalid') === 'true' && isEmailAddress(input.value.trim())) say('', false);
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (button.disabled) return;
    const email = input.value.trim();
    if (!isEmailAddress(email)) {
      say(SIGNUP_MESSAGES.invalid, true);
      input.focus();
      return;
    }
    button.disabled = true;
    say('', false);
    try {
      const answer = await api('POST /api/newsletter/subscribers', {
        body: { email, source: 'block', listToken },
      });
      input.value = '';
      input.disabled = true;
      say(answer.confirm ? SIGNUP_MESSAGES.confirm : SIGNUP_MESSAGES.thanks, false);
      input.removeAttribute('aria-invalid');
    } catch (error) {
      button.disabled = false;
      say(failureMessage(error), true);
    }
  });
}
