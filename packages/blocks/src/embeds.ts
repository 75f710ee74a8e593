/**
 * Embedded players and media files, read strictly from the address an owner typed or pasted.
 * Only known hosts with the ID shapes their players use become frames (YouTube through its
 * privacy-enhanced host); a site's own media files become <video>/<audio>; an origin the owner
 * allowed (Design → Embeds) frames or plays as given; anything else is a plain link. The
 * page's Content-Security-Policy admits exactly the origins of the frames and files that
 * come out of here, so what this module refuses can never load.
 */

/** Where each provider's player is framed from. */
export const PLAYER_ORIGINS = {
  youtube: 'https://www.youtube-nocookie.com',
  vimeo: 'https://player.vimeo.com',
  soundcloud: 'https://w.soundcloud.com',
  spotify: 'https://open.spotify.com',
} as const;
export type EmbedProvider = keyof typeof PLAYER_ORIGINS;

/** How a player is sized: a 16:9 video, a one-track audio bar, or a list (album, playlist). */
export type PlayerShape = 'video' | 'track' | 'list';

export type Embed =
  | {
      kind: 'player';
      /** `allowed`: an origin from the site's allowlist, framed as given. */
      provider: EmbedProvider | 'allowed';
      src: string;
      origin: string;
      shape: PlayerShape;
    }
  | {
      kind: 'file';
      media: 'video' | 'audio';
      src: string /** null: the site's own file */;
      origin: string | null;
    }
  | { kind: 'link'; href: string }
  | { kind: 'none' };

export interface EmbedOptions {
  /** What the block plays: decides which file extensions are media files. */
  media: 'video' | 'audio';
  /** Extra https origins the owner allowed for embeds (validated by `httpsOrigin`). */
  allowedOrigins?: readonly string[];
}

const FILE_EXTENSIONS = {
  video: /\.(mp4|m4v|webm|ogv|mov)$/i,
  audio: /\.(mp3|m4a|aac|oga|ogg|opus|wav|flac|weba)$/i,
} as const;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com']);
const SOUNDCLOUD_HOSTS = new Set(['soundcloud.com', 'www.soundcloud.com', 'm.soundcloud.com']);
const VIMEO_HASH = /^[0-9a-f]{6,20}$/;
const SLUG = '[a-z0-9_-]{1,200}';

/** `t=90`, `t=90s`, `t=1m30s`, `t=1h2m3s` → seconds (0 when absent or malformed). */
function startSeconds(value: string | null): number {
  if (!value) return 0;
  if (/^\d{1,6}s?$/.test(value)) return Number.parseInt(value, 10);
  const parts = /^(?:(\d{1,2})h)?(?:(\d{1,3})m)?(?:(\d{1,5})s)?$/.exec(value);
  if (!parts) return 0;
  return Number(parts[1] ?? 0) * 3600 + Number(parts[2] ?? 0) * 60 + Number(parts[3] ?? 0);
}

function youtube(url: URL): string | null {
  let id: string | undefined;
  if (url.hostname === 'youtu.be') id = /^\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  else if (YOUTUBE_HOSTS.has(url.hostname)) {
    if (url.pathname === '/watch') id = url.searchParams.get('v') ?? undefined;
    else id = /^\/(?:embed|shorts|live|v)\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  } else return null;
  if (!id || !YOUTUBE_ID.test(id)) return null;
  const start = startSeconds(url.searchParams.get('t') ?? url.searchParams.get('start'));
  return `${PLAYER_ORIGINS.youtube}/embed/${id}${start > 0 ? `?start=${start}` : ''}`;
}

function vimeo(url: URL): string | null {
  let match: RegExpExecArray | null = null;
  let hash: string | null = null;
  if (url.hostname === 'player.vimeo.com') {
    match = /^\/video\/(\d{1,12})\/?$/.exec(url.pathname);
    hash = url.searchParams.get('h');
  } else if (VIMEO_HOSTS.has(url.hostname)) {
    match =
      /^\/(\d{1,12})(?:\/([0-9a-f]{6,20}))?\/?$/.exec(url.pathname) ??
      /^\/channels\/[A-Za-z0-9_-]{1,100}\/(\d{1,12})\/?$/.exec(url.pathname);
    hash = match?.[2] ?? url.searchParams.get('h');
  }
  if (!match) return null;
  const unlisted = hash && VIMEO_HASH.test(hash) ? `?h=${hash}` : '';
  return `${PLAYER_ORIGINS.vimeo}/video/${match[1]}${unlisted}`;
}

/** A SoundCloud page (track or set), or the widget's own address with its `url` parameter. */
function soundcloud(url: URL): { src: string; shape: PlayerShape } | null {
  let page: string | null = null;
  let shape: PlayerShape = 'track';
  if (SOUNDCLOUD_HOSTS.has(url.hostname)) {
    const m = new RegExp(`^/(${SLUG})/(sets/)?(${SLUG})/?$`).exec(url.pathname);
    if (!m || m[1] === 'discover' || m[1] === 'search') return null;
    page = `https://soundcloud.com/${m[1]}/${m[2] ?? ''}${m[3]}`;
    shape = m[2] ? 'list' : 'track';
  } else if (url.hostname === 'w.soundcloud.com' && /^\/player\/?$/.test(url.pathname)) {
    const inner = url.searchParams.get('url') ?? '';
    const api = /^https:\/\/api\.soundcloud\.com\/(tracks|playlists)\/(\d{1,15})$/.exec(inner);
    if (api) {
      page = `https://api.soundcloud.com/${api[1]}/${api[2]}`;
      shape = api[1] === 'playlists' ? 'list' : 'track';
    } else {
      const nested = safeUrl(inner);
      return nested && nested.hostname !== 'w.soundcloud.com' ? soundcloud(nested) : null;
    }
  }
  if (!page) return null;
  return { src: `${PLAYER_ORIGINS.soundcloud}/player/?url=${encodeURIComponent(page)}`, shape };
}

function spotify(url: URL): { src: string; shape: PlayerShape } | null {
  if (url.hostname !== 'open.spotify.com') return null;
  const m =
    /^\/(?:intl-[a-z]{2}(?:-[a-z]{2})?\/)?(?:embed\/)?(track|album|playlist|episode|show|artist)\/([A-Za-z0-9]{22})\/?$/i.exec(
      url.pathname,
    );
  if (!m?.[1] || !m[2]) return null;
  const type = m[1].toLowerCase();
  return {
    src: `${PLAYER_ORIGINS.spotify}/embed/${type}/${m[2]}`,
    shape: type === 'track' || type === 'episode' ? 'track' : 'list',
  };
}

function safeUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * A validated https origin (`https://host`, lower case) for the owner's allowlist, or null:
 * no path, query, fragment, port or credentials, a dotted host name (not an IP address or
 * `localhost`), nothing but https.
 */
export function httpsOrigin(value: string): string | null {
  const text = value.trim().replace(/\/$/, '');
  if (!/^https:\/\/[^/?#@\\\s]+$/i.test(text)) return null;
  const url = safeUrl(text);
  if (url?.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const host = url.hostname;
  if (!/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(host)) return null;
  return url.origin;
}

/** A site path (`/media/…`), never `//host` or `/\host`, which browsers read as another host. */
function isSitePath(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && !/[\s"'<>\\]/.test(value);
}

/**
 * What an address becomes in a video or audio block (table tests in embeds.test.ts).
 *
 * @example
 * parseEmbedUrl('https://youtu.be/dQw4w9WgXcQ?t=42', { media: 'video' })
 * // → { kind: 'player', provider: 'youtube', origin: 'https://www.youtube-nocookie.com',
 * //     src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42', shape: 'video' }
 */
export function parseEmbedUrl(input: string, options: EmbedOptions): Embed {
  const value = input.trim();
  if (!value || value.length > 2083 || /[\u0000-\u001f\u007f]/.test(value)) return { kind: 'none' };
  if (value.startsWith('/')) {
    if (!isSitePath(value)) return { kind: 'none' };
    const path = value.split(/[?#]/, 1)[0] ?? '';
    return FILE_EXTENSIONS[options.media].test(path)
      ? { kind: 'file', media: options.media, src: value, origin: null }
      : { kind: 'link', href: value };
  }
  const url = safeUrl(value);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return { kind: 'none' };
  const link: Embed = { kind: 'link', href: url.href };
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return link;
  const video = youtube(url) ?? vimeo(url);
  if (video) {
    const provider: EmbedProvider = video.startsWith(PLAYER_ORIGINS.youtube) ? 'youtube' : 'vimeo';
    return { kind: 'player', provider, src: video, origin: PLAYER_ORIGINS[provider], shape: 'video' };
  }
  const sound = soundcloud(url);
  if (sound) return { kind: 'player', provider: 'soundcloud', origin: PLAYER_ORIGINS.soundcloud, ...sound };
  const music = spotify(url);
  if (music) return { kind: 'player', provider: 'spotify', origin: PLAYER_ORIGINS.spotify, ...music };
  if (!options.allowedOrigins?.includes(url.origin)) return link;
  if (FILE_EXTENSIONS[options.media].test(url.pathname))
    return { kind: 'file', media: options.media, src: url.href, origin: url.origin };
  return {
    kind: 'player',
    provider: 'allowed',
    src: url.href,
    origin: url.origin,
    shape: options.media === 'video' ? 'video' : 'track',
  };
}

/**
 * The address a pasted `<iframe src>` may keep: the provider's canonical player address
 * (a youtube.com frame becomes a youtube-nocookie.com one), an allowed origin's address as
 * given, or null (the frame goes).
 */
export function framePlayerSrc(src: string, allowedOrigins: readonly string[] = []): string | null {
  const embed = parseEmbedUrl(src, { media: 'video', allowedOrigins });
  return embed.kind === 'player' ? embed.src : null;
}

/** The player's accessible name when the owner gave none. */
export function playerTitle(embed: Embed & { kind: 'player' }): string {
  switch (embed.provider) {
    case 'youtube':
      return 'YouTube video';
    case 'vimeo':
      return 'Vimeo video';
    case 'soundcloud':
      return 'SoundCloud player';
    case 'spotify':
      return 'Spotify player';
    default:
      return 'Embedded player';
  }
}
