import { describe, expect, it } from 'vitest';
import { describeTags, echoOf, shortcutLabel, storedHtml, unsupportedTags } from './rich-text-content';

describe('what the rich-text editor can hold', () => {
  it('holds what its toolbar makes', () => {
    const html =
      '<h2>A</h2><p>x <strong>b</strong> <em>i</em> <a href="/about">l</a><br></p><ul><li><p>1</p></li></ul><ol><li><p>2</p></li></ol><blockquote><p>q</p></blockquote><h3>c</h3><h4>d</h4><hr><pre><code>k</code></pre>';
    expect(unsupportedTags(html)).toEqual([]);
  });

  it('names what it would lose, once each', () => {
    expect(
      unsupportedTags('<p>a</p><img src="/x.png"><table><tr><td>1</td></tr></table><IMG src=y>'),
    ).toEqual(['img', 'table', 'tr', 'td']);
    expect(unsupportedTags('<h1>Big</h1><h6>small</h6>')).toEqual(['h1', 'h6']);
    expect(describeTags(['img', 'figure', 'table', 'tbody', 'tr', 'td'])).toBe('images and tables');
    expect(describeTags(['img', 'table', 'sup'])).toBe('images, tables and other formatting');
    expect(describeTags(['h1'])).toBe('large headings');
  });

  it('stores nothing for an empty text', () => {
    expect(storedHtml('<p></p>', true)).toBe('');
    expect(storedHtml('<p>Hi</p>', false)).toBe('<p>Hi</p>');
    expect(storedHtml('<p>a<br>b</p><hr><p>c</p>', false)).toBe('<p>a<br />b</p><hr /><p>c</p>');
  });

  it('writes shortcuts the way the computer does', () => {
    expect(shortcutLabel('Mod+Shift+Z', false)).toBe('Ctrl+Shift+Z');
    expect(shortcutLabel('Mod+Shift+Z', true)).toBe('⌘⇧Z');
    expect(shortcutLabel('Mod+Alt+2', true)).toBe('⌘⌥2');
  });
});

describe('echoOf', () => {
  it('takes the editor’s own text and earlier reports coming back as echoes', () => {
    // Typed "a", "ab", "abc"; the parent renders "a" while the editor already holds "abc".
    expect(echoOf(['<p>a</p>', '<p>ab</p>', '<p>abc</p>'], '<p>a</p>', '<p>abc</p>')).toEqual({
      ours: true,
      pending: ['<p>ab</p>', '<p>abc</p>'],
    });
    expect(echoOf(['<p>abc</p>'], '<p>abc</p>', '<p>abc</p>')).toEqual({ ours: true, pending: [] });
  });

  it('takes anything else as a change from elsewhere, such as an undo after the echoes settled', () => {
    expect(echoOf([], '<p>a</p>', '<p>abc</p>')).toEqual({ ours: false, pending: [] });
    expect(echoOf(['<p>ab</p>'], '<p>other</p>', '<p>ab</p>')).toEqual({ ours: false, pending: [] });
  });
});
