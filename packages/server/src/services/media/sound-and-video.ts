/** An audio or video file the media library keeps as it was sent (video and audio blocks play it). */
export interface PlayableFile {
  contentType: string;
  ext: string;
  kind: 'audio' | 'video';
}

/** The library's audio and video types by file extension (what `/media/<hash>/<name>.<ext>` serves). */
export const PLAYABLE_TYPES: Record<string, { contentType: string; kind: 'audio' | 'video' }> = {
  mp4: { contentType: 'video/mp4', kind: 'video' },
  webm: { contentType: 'video/webm', kind: 'video' },
  mov: { contentType: 'video/quicktime', kind: 'video' },
  m4a: { contentType: 'audio/mp4', kind: 'audio' },
  mp3: { contentType: 'audio/mpeg', kind: 'audio' },
  ogg: { contentType: 'audio/ogg', kind: 'audio' },
  wav: { contentType: 'audio/wav', kind: 'audio' },
  flac: { contentType: 'audio/flac', kind: 'audio' },
};

const VIDEO_BRANDS = /^(isom|iso[2-9]|mp41|mp42|avc1|dash|M4V |M4VH|M4VP|mmp4|MSNV)$/;

const at = (body: Buffer, offset: number, text: string) =>
  body.length >= offset + text.length && body.toString('latin1', offset, offset + text.length) === text;

function file(ext: string): PlayableFile {
  const known = PLAYABLE_TYPES[ext];
  if (!known) throw new Error(`no playable type ${ext}`);
  return { ext, ...known };
}

/**
 * What an upload is, read from its first bytes (never from its name or the type the browser
 * sent): an MP4/QuickTime container (`ftyp` with a video brand; M4A brands are audio), WebM/Matroska, MP3 (ID3
 * tag or an MPEG audio frame), Ogg, WAV or FLAC. Anything else: null.
 */
export function detectPlayable(body: Buffer): PlayableFile | null {
  if (body.length < 12) return null;
  if (at(body, 4, 'ftyp')) {
    // The same box starts AVIF and HEIC images: only the brands of audio and video count.
    const brand = body.toString('latin1', 8, 12);
    if (brand === 'M4A ' || brand === 'M4B ') return file('m4a');
    if (brand === 'qt  ') return file('mov');
    return VIDEO_BRANDS.test(brand) ? file('mp4') : null;
  }
  if (body.readUInt32BE(0) === 0x1a45dfa3) return file('webm');
  if (at(body, 0, 'ID3')) return file('mp3');
  // An MPEG audio frame header: 11 sync bits, a valid version and layer III / II.
  if (body[0] === 0xff && ((body[1] ?? 0) & 0xe0) === 0xe0 && ((body[1] ?? 0) & 0x06) !== 0)
    return file('mp3');
  if (at(body, 0, 'OggS')) return file('ogg');
  if (at(body, 0, 'RIFF') && at(body, 8, 'WAVE')) return file('wav');
  if (at(body, 0, 'fLaC')) return file('flac');
  return null;
}

/**
 * The part of a file a `Range: bytes=…` header asks for (one range; media elements ask for
 * one at a time), or null when the header is absent or asks for something that is not there.
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    // The last n bytes.
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    start = Math.max(size - n, 0);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
