import { describe, expect, it } from 'vitest';
import { popupFormValues, popupSummary } from './popup-data';

const base = { enabled: true, trigger: 'delay' as const, delaySeconds: 5, scrollPercent: 50, hideDays: 7 };

describe('popup screen data', () => {
  it('says when the popup shows, for each trigger', () => {
    expect(popupSummary(base)).toBe(
      'Shows 5 seconds after a page opens; a visitor who closes it does not see it again for 7 days. Nobody who signed up sees it again.',
    );
    expect(popupSummary({ ...base, delaySeconds: 0, hideDays: 1 })).toContain(
      'as soon as a page opens; a visitor who closes it does not see it again for 1 day.',
    );
    expect(popupSummary({ ...base, trigger: 'scroll', scrollPercent: 40 })).toContain(
      'once a visitor has scrolled 40% of a page',
    );
    expect(popupSummary({ ...base, trigger: 'exit', delaySeconds: 1 })).toContain('after 1 second');
    expect(popupSummary({ ...base, hideDays: 0 })).toContain('sees it again on their next page');
    expect(popupSummary({ ...base, enabled: false })).toBe('The popup is off: visitors do not see it.');
  });

  it('keeps only the form’s values from the saved popup', () => {
    const values = popupFormValues({
      ...base,
      title: 'T',
      body: '',
      buttonLabel: 'Join',
      imageUrl: null,
      listId: 'list-1',
      version: 3,
      lists: [{ id: 'list-1', name: 'Newsletter', isDefault: true }],
    });
    expect(values).not.toHaveProperty('version');
    expect(values).not.toHaveProperty('lists');
    expect(values.title).toBe('T');
    expect(values.listId).toBe('list-1');
  });
});
