import { describe, expect, it } from 'vitest';
import { allowedAttribute, allowedTags, allowedUrl, iframeSrc } from './html-policy';

describe('contributor HTML policy', () => {
  it.each([
    ['a', 'href', '/shop?x=1#top', true],
    ['a', 'href', '#reviews', true],
    ['a', 'href', 'https://example.com/a', true],
    ['a', 'href', 'mailto:hello@example.com', true],
    ['a', 'href', 'tel:+15551234', true],
    ['a', 'href', 'javascript:alert(1)', false],
    ['a', 'href', ' JavaScript:alert(1)', false],
    ['a', 'href', 'java\tscript:alert(1)', false],
    ['a', 'href', 'vbscript:x', false],
    ['a', 'href', 'data:text/html,<script>alert(1)</script>', false],
    ['a', 'href', '//evil.example/x', false],
    ['a', 'href', '/\\evil.example', false],
    ['a', 'href', '\\\\evil.example', false],
    ['a', 'href', 'https:\\\\evil.example', false],
    ['img', 'src', '/media/abc/x.png', true],
    ['img', 'src', 'data:image/png;base64,AAAA', false],
    ['img', 'src', 'mailto:a@b.c', false],
    ['iframe', 'src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', true],
    ['iframe', 'src', 'https://www.youtube.com/embed/dQw4w9WgXcQ?si=x', true],
    ['iframe', 'src', 'https://player.vimeo.com/video/1234', true],
    ['iframe', 'src', 'https://open.spotify.com/embed/track/4cOdK2wGLETKBW3PvgPWqT', true],
    // A known host without a player's ID shape is no player.
    ['iframe', 'src', 'https://www.youtube-nocookie.com/embed/abc', false],
    ['iframe', 'src', 'https://www.youtube.com/redirect?q=https://evil.example', false],
    ['iframe', 'srcdoc', 'https://player.vimeo.com/video/1234', false],
    ['iframe', 'src', 'http://www.youtube.com/embed/abc', false],
    ['iframe', 'src', 'https://evil.example/embed', false],
    ['iframe', 'src', 'https://www.youtube.com.evil.example/x', false],
    ['iframe', 'src', 'https://www.youtube.com@evil.example/x', false],
    ['iframe', 'src', '/downloads/x', false],
  ])('%s %s=%j → %s', (tag, attribute, value, allowed) => {
    expect(allowedUrl(tag, attribute, value)).toBe(allowed);
  });

  it('frames a page of an allowed embed origin only while the site allows it', () => {
    const page = 'https://embed.example.org/player/7';
    expect(allowedUrl('iframe', 'src', page)).toBe(false);
    expect(allowedUrl('iframe', 'src', page, ['https://embed.example.org'])).toBe(true);
    expect(allowedUrl('iframe', 'src', page, ['https://other.example.org'])).toBe(false);
    expect(iframeSrc('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
  });

  it('allows no scripting elements or handler attributes in either kind', () => {
    for (const kind of ['rich', 'embed'] as const)
      for (const tag of [
        'script',
        'style',
        'svg',
        'math',
        'object',
        'embed',
        'form',
        'input',
        'base',
        'link',
        'meta',
      ])
        expect(allowedTags(kind)).not.toContain(tag);
    expect(allowedTags('rich')).not.toContain('iframe');
    expect(allowedTags('embed')).toContain('iframe');
    for (const attribute of [
      'onerror',
      'onclick',
      'style',
      'id',
      'name',
      'data-island',
      'formaction',
      'srcdoc',
    ])
      expect(allowedAttribute('img', attribute)).toBe(false);
    expect(allowedAttribute('div', 'aria-label')).toBe(true);
  });
});
