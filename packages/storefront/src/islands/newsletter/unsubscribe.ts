import { isUnsubscribeToken } from '@store/commerce';
import { API_MESSAGES } from '@store/api/client';
import { ApiFailure, api } from '../../api';

export const UNSUBSCRIBE_MESSAGES = {
  done: 'You have been unsubscribed. You will not get our newsletter any more.',
  invalid: API_MESSAGES.unsubscribeInvalid,
  failed: 'Unable to unsubscribe. Please try again later.',
} as const;

/**
 * Island entry ('newsletter-unsubscribe', page type 300): the button sends the token from the
 * email's link (`?token=`); a page without a valid token says so instead of offering it.
 */
export function mount(element: HTMLElement): void {
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const button = element.querySelector<HTMLButtonElement>('button');
  const message = element.querySelector<HTMLElement>('[data-unsubscribe-message]');
  if (!button || !message) return;
  const say = (text: string) => {
    message.textContent = text;
  };
  if (!isUnsubscribeToken(token)) {
    button.hidden = true;
    say(UNSUBSCRIBE_MESSAGES.invalid);
    return;
  }
  button.disabled = false;
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      await api('POST /api/newsletter/unsubscribe', { body: { token } });
      button.hidden = true;
      say(UNSUBSCRIBE_MESSAGES.done);
    } catch (error) {
      button.disabled = false;
      say(
        error instanceof ApiFailure && error.status === 404
          ? UNSUBSCRIBE_MESSAGES.invalid
          : UNSUBSCRIBE_MESSAGES.failed,
      );
    }
  });
}
