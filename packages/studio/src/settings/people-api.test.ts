import { describe, expect, it } from 'vitest';
import { type Permissions, canOpenSection, canOpenTab, mayChange } from './people-api';

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
      { pages: 'write', publish: 'write', design: 'write', languages: 'write' },
      // Forms opens for the popup, which is part of the design.
      ['pages', 'header-footer', 'design', 'settings', 'forms'],
      ['commerce', 'analytics', 'media'],
    ],
    [
      'a draft editor (the header and footer go live when saved)',
      { studio: 'read', pages: 'write', blog: 'read', design: 'read', media: 'write' },
      ['pages', 'media', 'design'],
      ['header-footer', 'commerce', 'settings'],
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

describe('mayChange', () => {
  it('needs a write grant; shows everything until the permissions arrive', () => {
    expect(mayChange(as({ publish: 'write' }), 'publish')).toBe(true);
    expect(mayChange(as({ publish: 'read' }), 'publish')).toBe(false);
    expect(mayChange(as({ pages: 'write' }), 'publish')).toBe(false);
    expect(mayChange(null, 'publish')).toBe(true);
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
    ['forms', 'popup', { design: 'write' }, true],
    ['forms', 'forms', { design: 'write' }, false],
    ['forms', 'popup', { submissions: 'write' }, false],
    ['commerce', 'customers', { orders: 'read' }, true],
    ['commerce', 'gift-cards', { products: 'write' }, false],
    ['commerce', 'reviews', { reviews: 'write' }, true],
  ] as const)('%s/%s with %j: %s', (area, section, grants, open) => {
    expect(canOpenSection(as(grants), area, section)).toBe(open);
  });
});
