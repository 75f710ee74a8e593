import { describe, expect, it } from 'vitest';
import { type EmbedOptions, framePlayerSrc, httpsOrigin, parseEmbedUrl } from './embeds';

const video: EmbedOptions = { media: 'video' };
const audio: EmbedOptions = { media: 'audio' };
const YT = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';

describe('parseEmbedUrl: known players', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', YT],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&list=PL1&index=2', YT],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', YT],
    ['https://youtu.be/dQw4w9WgXcQ', YT],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', YT],
    ['https://youtu.be/dQw4w9WgXcQ?t=42', `${YT}?start=42`],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s', `${YT}?start=90`],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', YT],
    ['https://www.youtube.com/live/dQw4w9WgXcQ', YT],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', YT],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=5', `${YT}?start=5`],
    ['  https://youtu.be/dQw4w9WgXcQ  ', YT],
  ])('YouTube %s → %s', (input, src) => {
    expect(parseEmbedUrl(input, video)).toEqual({
      kind: 'player',
      provider: 'youtube',
      src,
      origin: 'https://www.youtube-nocookie.com',
      shape: 'video',
    });
  });

  it.each([
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://www.vimeo.com/76979871/', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/76979871/3a9c2b1f0e', 'https://player.vimeo.com/video/76979871?h=3a9c2b1f0e'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871'],
    [
      'https://player.vimeo.com/video/76979871?h=ab12cd34',
      'https://player.vimeo.com/video/76979871?h=ab12cd34',
    ],
    ['https://player.vimeo.com/video/76979871?h=<bad>', 'https://player.vimeo.com/video/76979871'],
  ])('Vimeo %s → %s', (input, src) => {
    expect(parseEmbedUrl(input, video)).toMatchObject({
      kind: 'player',
      provider: 'vimeo',
      src,
      origin: 'https://player.vimeo.com',
    });
  });

  it.each([
    [
      'https://soundcloud.com/forss/flickermood',
      'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fforss%2Fflickermood',
      'track',
    ],
    [
      'https://soundcloud.com/forss/sets/soulhack',
      'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fforss%2Fsets%2Fsoulhack',
      'list',
    ],
    [
      'https://w.soundcloud.com/player/?url=https%3A//api.soundcloud.com/tracks/293&color=%23ff5500&auto_play=true',
      'https://w.soundcloud.com/player/?url=https%3A%2F%2Fapi.soundcloud.com%2Ftracks%2F293',
      'track',
    ],
  ])('SoundCloud %s → %s', (input, src, shape) => {
    expect(parseEmbedUrl(input, audio)).toEqual({
      kind: 'player',
      provider: 'soundcloud',
      src,
      origin: 'https://w.soundcloud.com',
      shape,
    });
  });

  it.each([
    [
      'https://open.spotify.com/track/4cOdK2wGLETKBW3PvgPWqT',
      'https://open.spotify.com/embed/track/4cOdK2wGLETKBW3PvgPWqT',
      'track',
    ],
    [
      'https://open.spotify.com/intl-de/album/1DFixLWuPkv3KT3TnV35m3?si=x',
      'https://open.spotify.com/embed/album/1DFixLWuPkv3KT3TnV35m3',
      'list',
    ],
    [
      'https://open.spotify.com/embed/playlist/37i9dQZF1DXcBWIGoYBM5M?utm_source=generator',
      'https://open.spotify.com/embed/playlist/37i9dQZF1DXcBWIGoYBM5M',
      'list',
    ],
    [
      'https://open.spotify.com/episode/7makk4oTQel546B0PZlDM5',
      'https://open.spotify.com/embed/episode/7makk4oTQel546B0PZlDM5',
      'track',
    ],
  ])('Spotify %s → %s', (input, src, shape) => {
    expect(parseEmbedUrl(input, audio)).toEqual({
      kind: 'player',
      provider: 'spotify',
      src,
      origin: 'https://open.spotify.com',
      shape,
    });
  });
});

describe('parseEmbedUrl: everything else is a file, a link or nothing', () => {
  it.each([
    // Wrong ID shapes on known hosts stay links.
    ['https://www.youtube.com/watch?v=short', 'link'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ"onload=x', 'link'],
    ['https://youtu.be/dQw4w9WgXcQ/extra', 'link'],
    ['https://www.youtube.com/channel/UC123', 'link'],
    ['https://www.youtube.com/redirect?q=https://evil.example', 'link'],
    ['https://vimeo.com/staff', 'link'],
    ['https://open.spotify.com/track/short', 'link'],
    ['https://soundcloud.com/forss', 'link'],
    ['https://w.soundcloud.com/player/?url=https://evil.example/x', 'link'],
    // Look-alike hosts, credentials, ports and plain http are never players.
    ['https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ', 'link'],
    ['https://youtube.com@evil.example/watch?v=dQw4w9WgXcQ', 'link'],
    ['https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ', 'link'],
    ['http://www.youtube.com/watch?v=dQw4w9WgXcQ', 'link'],
    ['https://cdn.example.com/film.mp4', 'link'],
    ['https://example.com/page', 'link'],
    ['/about', 'link'],
    // Not addresses at all.
    ['javascript:alert(1)', 'none'],
    ['data:video/mp4;base64,AAAA', 'none'],
    ['//evil.example/film.mp4', 'none'],
    ['/\\evil.example/film.mp4', 'none'],
    ['https://www.you\ttube.com/watch?v=dQw4w9WgXcQ', 'none'],
    ['', 'none'],
    ['not a url', 'none'],
  ])('%j → %s', (input, kind) => {
    expect(parseEmbedUrl(input, video).kind).toBe(kind);
  });

  it.each([
    ['/media/0123456789abcdef01234567/film.mp4', video, 'file'],
    ['/media/0123456789abcdef01234567/film.webm', video, 'file'],
    ['/media/0123456789abcdef01234567/song.mp3', audio, 'file'],
    ['/media/0123456789abcdef01234567/song.m4a', audio, 'file'],
    // A video block does not play an audio file, nor the other way round.
    ['/media/0123456789abcdef01234567/song.mp3', video, 'link'],
    ['/media/0123456789abcdef01234567/film.mp4', audio, 'link'],
  ] as const)('the site’s own %s (%o) → %s', (input, options, kind) => {
    const embed = parseEmbedUrl(input, options);
    expect(embed.kind).toBe(kind);
    if (embed.kind === 'file')
      expect(embed).toEqual({ kind, media: options.media, src: input, origin: null });
  });

  it('plays and frames an allowed origin as given, and nothing else of it', () => {
    const allowedOrigins = ['https://media.example.org'];
    expect(parseEmbedUrl('https://media.example.org/a/film.mp4', { media: 'video', allowedOrigins })).toEqual(
      {
        kind: 'file',
        media: 'video',
        src: 'https://media.example.org/a/film.mp4',
        origin: 'https://media.example.org',
      },
    );
    expect(parseEmbedUrl('https://media.example.org/player/7', { media: 'video', allowedOrigins })).toEqual({
      kind: 'player',
      provider: 'allowed',
      src: 'https://media.example.org/player/7',
      origin: 'https://media.example.org',
      shape: 'video',
    });
    expect(
      parseEmbedUrl('https://sub.media.example.org/film.mp4', { media: 'video', allowedOrigins }).kind,
    ).toBe('link');
    expect(parseEmbedUrl('http://media.example.org/film.mp4', { media: 'video', allowedOrigins }).kind).toBe(
      'link',
    );
  });
});

describe('framePlayerSrc: pasted iframes', () => {
  it.each([
    ['https://www.youtube.com/embed/dQw4w9WgXcQ?si=tracking', YT],
    ['https://player.vimeo.com/video/76979871?badge=0', 'https://player.vimeo.com/video/76979871'],
    ['https://www.youtube.com/embed/abc', null],
    ['https://evil.example/embed', null],
    [
      'https://open.spotify.com/embed/track/4cOdK2wGLETKBW3PvgPWqT',
      'https://open.spotify.com/embed/track/4cOdK2wGLETKBW3PvgPWqT',
    ],
  ])('%s → %s', (src, expected) => {
    expect(framePlayerSrc(src)).toBe(expected);
  });
});

describe('httpsOrigin: the owner’s allowlist', () => {
  it.each([
    ['https://embed.example.com', 'https://embed.example.com'],
    ['https://Embed.Example.com/', 'https://embed.example.com'],
    ['  https://player.example.org  ', 'https://player.example.org'],
    ['http://embed.example.com', null],
    ['https://embed.example.com/path', null],
    ['https://embed.example.com?x=1', null],
    ['https://embed.example.com:8443', null],
    ['https://user@embed.example.com', null],
    ['https://localhost', null],
    ['https://127.0.0.1', null],
    ['https://*.example.com', null],
    ['embed.example.com', null],
    ["https://example.com'unsafe-inline'", null],
    ['https://example.com https://evil.example', null],
  ])('%j → %s', (input, origin) => {
    expect(httpsOrigin(input)).toBe(origin);
  });
});
