import type { ApiInput, ApiOutput } from '@store/api/client';

export type PopupAnswer = ApiOutput<'GET /api/owner/popup-overlay'>;
export type PopupBody = ApiInput<'PUT /api/owner/popup-overlay'>['body'];
export type PopupTrigger = PopupAnswer['trigger'];

/** The form's values from the saved popup (the version and the lists are not the form's). */
export function popupFormValues(answer: PopupAnswer) {
  const { version: _version, lists: _lists, ...values } = answer;
  return values;
}

export const triggerLabels: Record<PopupTrigger, string> = {
  delay: 'After a delay',
  scroll: 'When the visitor scrolls down',
  exit: 'When the visitor is about to leave',
};

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What the popup will do, in one sentence (shown under the settings and in the preview). */
export function popupSummary(v: {
  enabled: boolean;
  trigger: PopupTrigger;
  delaySeconds: number;
  scrollPercent: number;
  hideDays: number;
}): string {
  if (!v.enabled) return 'The popup is off: visitors do not see it.';
  const when =
    v.trigger === 'scroll'
      ? `once a visitor has scrolled ${v.scrollPercent}% of a page`
      : v.trigger === 'exit'
        ? `when a visitor's pointer leaves the window (on touch screens, after ${plural(v.delaySeconds, 'second')})`
        : v.delaySeconds === 0
          ? 'as soon as a page opens'
          : `${plural(v.delaySeconds, 'second')} after a page opens`;
  const again =
    v.hideDays === 0
      ? 'a visitor who closes it sees it again on their next page'
      : `a visitor who closes it does not see it again for ${plural(v.hideDays, 'day')}`;
  return `Shows ${when}; ${again}. Nobody who signed up sees it again.`;
}
