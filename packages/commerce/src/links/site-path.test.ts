import { describe, expect, it } from 'vitest';
import { isLinkOf, isSitePath, linkKind } from './site-path';

describe('isSitePath', () => {
  it.each([
    '/',
    '/shop',
    '/shop/p/classic-tee?colour=blue#reviews',
    '/blog/2026/caf%C3%A9',
    '/blog/%E2%80%93-a-dash',
    '/search?q=a%20b',
    '/a//b',
    '/100%',
  ])('accepts %s', (path) => {
    expect(isSitePath(path)).toBe(true);
  });

  it.each([
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with a path', '//evil.example/shop'],
    ['backslash', '/\\evil.example'],
    ['backslash later', '/shop\\..\\x'],
    ['tab', '/\t/evil.example'],
    ['newline', '/\n/evil.example'],
    ['carriage return', '/\r/evil.example'],
    ['space', '/ /evil.example'],
    ['encoded slashes', '/%2F%2Fevil.example'],
    ['one encoded slash', '/%2Fevil.example'],
    ['encoded backslash', '/%5Cevil.example'],
    ['encoded tab', '/%09/evil.example'],
    ['double-encoded slashes', '/%252F%252Fevil.example'],
    ['no leading slash', 'evil.example'],
    ['a scheme', 'javascript:alert(1)'],
    ['an http address', 'https://evil.example'],
    ['empty', ''],
  ])('refuses %s', (_why, path) => {
    expect(isSitePath(path)).toBe(false);
  });
});

describe('linkKind', () => {
  it.each([
    ['/about', 'path'],
    ['#contact', 'fragment'],
    ['https://example.com/a?b#c', 'web'],
    ['http://example.com', 'web'],
    ['https://medium.com/@juniper', 'web'],
    ['mailto:hello@example.com', 'mailto'],
    ['tel:+15555550100', 'tel'],
  ])('%s is a %s link', (value, kind) => {
    expect(linkKind(value)).toBe(kind);
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/%2F%2Fevil.example',
    'javascript:alert(1)',
    'data:text/html,<script>',
    'https:///evil.example',
    'https:\\\\evil.example',
    'https://good.example@evil.example',
    ' https://example.com',
    'https://exa mple.com',
    'mailto:',
    '',
  ])('%s is no link', (value) => {
    expect(linkKind(value)).toBeNull();
  });

  it('isLinkOf limits the kinds a field takes', () => {
    expect(isLinkOf('/about', ['path', 'web'])).toBe(true);
    expect(isLinkOf('tel:+1555', ['path', 'web'])).toBe(false);
    expect(isLinkOf('//evil.example', ['path', 'web'])).toBe(false);
  });
});
