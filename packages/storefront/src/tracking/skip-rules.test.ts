import { describe, expect, it } from 'vitest';
import { shouldSkipAnalytics } from './skip-rules';

describe('shouldSkipAnalytics (spec §6)', () => {
  it.each([
    ['an anonymous visitor on a page', { pageType: 2, path: '/about' }, false],
    ['a not-found page', { pageType: 100, path: '/x' }, true],
    ['a lock screen', { pageType: 103, path: '/x' }, true],
    ['a member-area access-denied page', { pageType: 106, path: '/x' }, true],
    ['the disable flag', { pageType: 2, path: '/', disabled: true }, true],
    ['a signed-in admin', { pageType: 2, path: '/', accountRoles: [1] }, true],
    ['a signed-in viewer', { pageType: 2, path: '/', accountRoles: [10] }, false],
    ['a viewer on a config page', { pageType: 2, path: '/config/pages', accountRoles: [10] }, true],
    ['a viewer who is also an editor', { pageType: 2, path: '/', accountRoles: [10, 4] }, true],
    ['no roles', { pageType: 1, path: '/', accountRoles: [] }, false],
  ])('%s → skip %s', (_l, input, skip) => {
    expect(shouldSkipAnalytics(input)).toBe(skip);
  });
});
