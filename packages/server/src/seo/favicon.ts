/**
 * The site icon, drawn here (nothing fetched): a juniper berry on the theme's green. The SVG
 * is what browsers use (`<link rel="icon">`); the 32×32 ICO answers the clients that still
 * ask for /favicon.ico, so no page logs a 404 for it.
 */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect width="32" height="32" rx="7" fill="#2f5d50"/>
<path d="M16 5c3 4 3 8 0 11-3-3-3-7 0-11z" fill="#9cc5a1"/>
<circle cx="16" cy="21" r="6.5" fill="#fbfaf7"/>
<circle cx="14" cy="19" r="1.6" fill="#2f5d50" opacity="0.35"/>
</svg>`;

const SIZE = 32;

/** Colour of one pixel (x right, y down) of the same drawing, as [b, g, r, a]. */
function pixel(x: number, y: number): [number, number, number, number] {
  const cx = x + 0.5;
  const cy = y + 0.5;
  const green: [number, number, number, number] = [0x50, 0x5d, 0x2f, 255];
  const r = 7;
  // Rounded corners: transparent outside the corner circles.
  const dx = Math.max(r - cx, 0, cx - (SIZE - r));
  const dy = Math.max(r - cy, 0, cy - (SIZE - r));
  if (dx * dx + dy * dy > r * r) return [0, 0, 0, 0];
  if ((cx - 16) ** 2 + (cy - 21) ** 2 <= 6.5 ** 2) return [0xf7, 0xfa, 0xfb, 255];
  if (Math.abs(cx - 16) <= 2.6 - Math.abs(cy - 10.5) * 0.45 && cy > 5 && cy < 16)
    return [0xa1, 0xc5, 0x9c, 255];
  return green;
}

/** A 32×32, 32-bit ICO (one BMP image: header, bottom-up BGRA rows, empty AND mask). */
export function faviconIco(): Buffer {
  const pixels = SIZE * SIZE * 4;
  const mask = (SIZE / 8) * SIZE; // 1 bit per pixel, rows already 4-byte aligned at 32 px
  const bmpSize = 40 + pixels + mask;
  const out = Buffer.alloc(6 + 16 + bmpSize);
  out.writeUInt16LE(0, 0); // reserved
  out.writeUInt16LE(1, 2); // type: icon
  out.writeUInt16LE(1, 4); // one image
  out.writeUInt8(SIZE, 6);
  out.writeUInt8(SIZE, 7);
  out.writeUInt8(0, 8); // no palette
  out.writeUInt8(0, 9);
  out.writeUInt16LE(1, 10); // planes
  out.writeUInt16LE(32, 12); // bits per pixel
  out.writeUInt32LE(bmpSize, 14);
  out.writeUInt32LE(22, 18); // offset of the image
  let o = 22;
  out.writeUInt32LE(40, o); // BITMAPINFOHEADER
  out.writeInt32LE(SIZE, o + 4);
  out.writeInt32LE(SIZE * 2, o + 8); // height counts the AND mask too
  out.writeUInt16LE(1, o + 12);
  out.writeUInt16LE(32, o + 14);
  out.writeUInt32LE(0, o + 16); // BI_RGB
  out.writeUInt32LE(pixels + mask, o + 20);
  o += 40;
  for (let y = SIZE - 1; y >= 0; y--) {
    for (let x = 0; x < SIZE; x++) {
      const [b, g, r, a] = pixel(x, y);
      out.writeUInt8(b, o++);
      out.writeUInt8(g, o++);
      out.writeUInt8(r, o++);
      out.writeUInt8(a, o++);
    }
  }
  return out; // the AND mask stays zero: alpha decides transparency
}
