/**
 * UTF-8 output of `renderBytes`: the render hands over its text in chunks of a few KB, each
 * encoded into one growable buffer, and the result is a copy of the bytes written.
 *
 * Why: a page as one string is a rope that V8 flattens into a fresh large-object-space
 * allocation (a 143 KB page: page faults, and a two-byte copy as soon as one character is
 * above U+00FF) before encoding it. Encoding small chunks flattens each in young space and
 * writes straight into memory that is reused from render to render.
 */

/** Buffers up to this size are kept for the next render; larger ones are left to the GC. */
const KEEP_BYTES = 1 << 20;
const INITIAL_BYTES = 1 << 16;

// Nothing touches Buffer at load time: the engine also runs in browsers (the studio's live
// preview), where only render() is used.
let spare: Buffer | null = null;

export class ByteSink {
  private buf: Buffer | null;
  private n = 0;

  constructor() {
    // A render inside a render (a plugin rendering another template) finds `spare` taken
    // and allocates its own.
    this.buf = spare ?? Buffer.allocUnsafe(INITIAL_BYTES);
    spare = null;
  }

  /** Encode `text` after what was written. A lone surrogate becomes U+FFFD, as in Buffer.from. */
  write(text: string): void {
    // At most 3 bytes per UTF-16 unit (a surrogate pair: 4 bytes for 2 units).
    const need = this.n + text.length * 3;
    let buf = this.buf as Buffer;
    if (need > buf.length) buf = this.grow(buf, need);
    this.n += buf.write(text, this.n);
  }

  /**
   * Encode short `text` in JavaScript: for a few characters this is several times cheaper
   * than a call into the encoder. Same bytes as `write` (a lone surrogate becomes U+FFFD).
   */
  writeShort(text: string): void {
    const need = this.n + text.length * 3;
    let buf = this.buf as Buffer;
    if (need > buf.length) buf = this.grow(buf, need);
    let n = this.n;
    for (let i = 0; i < text.length; i++) {
      let c = text.charCodeAt(i);
      if (c < 0x80) {
        buf[n++] = c;
        continue;
      }
      if (c < 0x800) {
        buf[n++] = 0xc0 | (c >> 6);
        buf[n++] = 0x80 | (c & 0x3f);
        continue;
      }
      if (c >= 0xd800 && c <= 0xdfff) {
        const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
          i++;
          buf[n++] = 0xf0 | (c >> 18);
          buf[n++] = 0x80 | ((c >> 12) & 0x3f);
          buf[n++] = 0x80 | ((c >> 6) & 0x3f);
          buf[n++] = 0x80 | (c & 0x3f);
          continue;
        }
        c = 0xfffd;
      }
      buf[n++] = 0xe0 | (c >> 12);
      buf[n++] = 0x80 | ((c >> 6) & 0x3f);
      buf[n++] = 0x80 | (c & 0x3f);
    }
    this.n = n;
  }

  /** The bytes written, as a Buffer of their own; the sink cannot be written afterwards. */
  finish(): Buffer {
    const out = Buffer.allocUnsafe(this.n);
    (this.buf as Buffer).copy(out, 0, 0, this.n);
    this.release();
    return out;
  }

  /** Give the buffer back for the next render (also after a failure). */
  release(): void {
    const buf = this.buf;
    if (buf === null) return;
    if (buf.length <= KEEP_BYTES && (spare === null || spare.length < buf.length)) spare = buf;
    this.buf = null;
    this.n = 0;
  }

  private grow(buf: Buffer, need: number): Buffer {
    let size = Math.max(buf.length * 2, INITIAL_BYTES);
    while (size < need) size *= 2;
    const next = Buffer.allocUnsafe(size);
    buf.copy(next, 0, 0, this.n);
    this.buf = next;
    return next;
  }
}
