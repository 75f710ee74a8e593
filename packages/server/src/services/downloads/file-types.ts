/**
 * What a digital product's file is served as. Only types a browser shows or saves but never
 * runs as part of the page that loaded them: documents, archives, raster images, audio,
 * video, plain text. Everything else (JavaScript, HTML, SVG, XML, CSS, unknown) goes out as
 * `application/octet-stream`, so a file uploaded to the store can never act as a script or
 * a page from the site's own origin.
 */
const INERT_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  zip: 'application/zip',
  gz: 'application/gzip',
  tgz: 'application/gzip',
  '7z': 'application/x-7z-compressed',
  rar: 'application/vnd.rar',
  epub: 'application/epub+zip',
  mobi: 'application/x-mobipocket-ebook',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

const SERVABLE = new Set(Object.values(INERT_TYPES));
const OPAQUE = 'application/octet-stream';

/**
 * The type stored for an upload, from its file name's extension and the allowlist; the
 * type the browser claimed for it is not trusted (it is whatever the uploader says).
 */
export function storedFileType(filename: string): string {
  const ext = /\.([a-z0-9]{1,8})$/i.exec(filename)?.[1]?.toLowerCase();
  return (ext && INERT_TYPES[ext]) || OPAQUE;
}

/** The Content-Type a stored file is sent with: its type when allowlisted, else opaque bytes. */
export function servedFileType(stored: string): string {
  return SERVABLE.has(stored) ? stored : OPAQUE;
}

/**
 * Headers every file response carries: always a download, never sniffed, and if a browser
 * renders it anyway, in a sandbox with nothing allowed to load or run.
 */
export const FILE_RESPONSE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
} as const;
