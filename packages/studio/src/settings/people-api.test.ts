import { describe, expect, it } from 'vitest';
import { type Permissions, canOpenSection, canOpenTab } from './people-api';

const as = (grants: Permissions['grants']): Permissions => ({
  role: 'CONTRIBUTOR',
  roleCode: 0,
  roleName: 'Test',
  grants,
});

describe('canOpenTab', () => {
  it.each([
    [
      'an editor',
      { pages: 'write', design: 'write', languages: 'write' },
      ['pages', 'header-footer', 'design', 'settings'],
      ['commerce', 'analytics', 'media', 'forms'],
    ],
    [
      'billing',
      { orders: 'read', storeSettings: 'write', analytics: 'read' },
      ['commerce', 'analytics'],
      ['pages', 'design', 'settings'],
    ],
    ['reporting', { analytics: 'read' }, ['analytics'], ['pages', 'commerce', 'forms', 'settings']],
    [
      'a campaigns editor',
      { submissions: 'write', mail: 'read' },
      ['forms', 'settings'],
      ['pages', 'commerce'],
    ],
  ] as const)('%s sees exactly its tabs', (_who, grants, open, closed) => {
    const permissions = as(grants);
    for (const tab of open) expect(canOpenTab(permissions, tab)).toBe(true);
    for (const tab of closed) expect(canOpenTab(permissions, tab)).toBe(false);
  });

  it('shows everything until the permissions arrive, and nothing for an unknown tab', () => {
    expect(canOpenTab(null, 'commerce')).toBe(true);
    expect(canOpenTab(as({ pages: 'write' }), 'no-such-tab')).toBe(false);
  });
});

describe('canOpenSection', () => {
  it.each([
    ['commerce', 'orders', { orders: 'read' }, true],
    ['commerce', 'products', { orders: 'read' }, false],
    ['settings', 'people', { languages: 'write' }, false],
    ['settings', 'languages', { languages: 'write' }, true],
    ['forms', 'lists', { submissions: 'read' }, true],
    ['forms', 'forms', { submissions: 'read' }, false],
  ] as const)('%s/%s with %j: %s', (area, section, grants, open) => {
    expect(canOpenSection(as(grants), area, section)).toBe(open);
  });
});
