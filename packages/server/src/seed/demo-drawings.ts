/**
 * Line-and-fill drawings of the demo products, one per kind, on a 1000×1000 canvas centred on
 * (500, 500). `c` is the product's own colour, `d` a darker shade for seams and shadows.
 * Simple shapes only: they stay a few hundred bytes and read as the product at thumbnail size.
 */
export type DrawingKind =
  | 'tee'
  | 'hoodie'
  | 'tote'
  | 'mug'
  | 'notebook'
  | 'pins'
  | 'beanie'
  | 'print'
  | 'presets'
  | 'call'
  | 'gift'
  | 'coffee'
  | 'necklace';

type Draw = (c: string, d: string) => string;

const DRAWINGS: Record<DrawingKind, Draw> = {
  tee: (c, d) =>
    `<path d="M360 250 L440 220 Q500 260 560 220 L640 250 L760 340 L700 430 L650 400 L650 780 L350 780 L350 400 L300 430 L240 340 Z" fill="${c}" stroke="${d}" stroke-width="8" stroke-linejoin="round"/>
<path d="M440 220 Q500 290 560 220" fill="none" stroke="${d}" stroke-width="8"/>`,
  hoodie: (c, d) =>
    `<path d="M370 260 Q500 150 630 260 L760 360 L720 700 L660 690 L660 800 L340 800 L340 690 L280 700 L240 360 Z" fill="${c}" stroke="${d}" stroke-width="8" stroke-linejoin="round"/>
<path d="M420 260 Q500 330 580 260 Q560 200 500 195 Q440 200 420 260 Z" fill="${d}" opacity="0.5"/>
<line x1="500" y1="300" x2="500" y2="800" stroke="${d}" stroke-width="6"/>
<rect x="400" y="560" width="200" height="90" rx="20" fill="none" stroke="${d}" stroke-width="6"/>`,
  tote: (c, d) =>
    `<path d="M420 360 Q420 220 500 220 Q580 220 580 360" fill="none" stroke="${d}" stroke-width="18"/>
<path d="M300 360 L700 360 L730 800 L270 800 Z" fill="${c}" stroke="${d}" stroke-width="8" stroke-linejoin="round"/>
<circle cx="500" cy="560" r="60" fill="none" stroke="${d}" stroke-width="6"/>`,
  mug: (c, d) =>
    `<path d="M640 420 Q760 420 760 540 Q760 660 640 660" fill="none" stroke="${d}" stroke-width="30"/>
<path d="M300 330 L660 330 L640 760 Q640 790 610 790 L350 790 Q320 790 320 760 Z" fill="${c}" stroke="${d}" stroke-width="8"/>
<ellipse cx="480" cy="330" rx="180" ry="30" fill="${d}" opacity="0.5"/>`,
  notebook: (c, d) =>
    `<rect x="320" y="220" width="380" height="560" rx="18" fill="${c}" stroke="${d}" stroke-width="8"/>
<line x1="370" y1="220" x2="370" y2="780" stroke="${d}" stroke-width="6"/>
<rect x="450" y="320" width="180" height="70" rx="8" fill="#fff" opacity="0.8"/>
<rect x="655" y="220" width="24" height="620" fill="${d}"/>`,
  pins: (c, d) =>
    `<circle cx="360" cy="420" r="110" fill="${c}" stroke="${d}" stroke-width="10"/>
<path d="M560 300 L620 420 L750 430 L650 510 L690 640 L560 570 L440 650 L470 510 L380 430 L510 420 Z" fill="#f3d27a" stroke="${d}" stroke-width="10" stroke-linejoin="round"/>
<path d="M300 640 Q400 560 500 640 Q600 720 700 640 L700 740 L300 740 Z" fill="${d}" stroke="${d}" stroke-width="6"/>`,
  beanie: (c, d) =>
    `<circle cx="500" cy="260" r="60" fill="${d}"/>
<path d="M280 620 Q280 300 500 300 Q720 300 720 620 Z" fill="${c}" stroke="${d}" stroke-width="8"/>
<rect x="260" y="600" width="480" height="130" rx="30" fill="${c}" stroke="${d}" stroke-width="8"/>
${[320, 380, 440, 500, 560, 620, 680].map((x) => `<line x1="${x}" y1="612" x2="${x}" y2="718" stroke="${d}" stroke-width="6"/>`).join('')}`,
  print: (c, d) =>
    `<rect x="260" y="200" width="480" height="600" fill="#fff" stroke="${d}" stroke-width="18"/>
<rect x="310" y="250" width="380" height="500" fill="${c}"/>
<circle cx="580" cy="370" r="60" fill="#fff" opacity="0.7"/>
<path d="M310 750 L440 520 L540 660 L610 580 L690 750 Z" fill="${d}"/>`,
  presets: (c, d) =>
    `${[0, 1, 2]
      .map((i) =>
        [0, 1, 2]
          .map(
            (j) =>
              `<rect x="${260 + j * 170}" y="${260 + i * 170}" width="150" height="150" rx="12" fill="${c}" opacity="${0.45 + (i + j) * 0.09}" stroke="${d}" stroke-width="4"/>`,
          )
          .join(''),
      )
      .join('')}`,
  call: (c, d) =>
    `<rect x="220" y="260" width="560" height="380" rx="24" fill="#23272b" stroke="${d}" stroke-width="8"/>
<rect x="250" y="290" width="500" height="320" rx="10" fill="${c}"/>
<circle cx="500" cy="410" r="60" fill="#fff" opacity="0.85"/>
<path d="M400 590 Q500 470 600 590 Z" fill="#fff" opacity="0.85"/>
<rect x="440" y="640" width="120" height="70" fill="${d}"/><rect x="360" y="700" width="280" height="24" rx="12" fill="${d}"/>`,
  gift: (c, d) =>
    `<rect x="220" y="320" width="560" height="360" rx="28" fill="${c}" stroke="${d}" stroke-width="8"/>
<rect x="420" y="320" width="50" height="360" fill="${d}" opacity="0.7"/>
<path d="M445 320 Q360 220 330 300 Q320 340 445 320 Q540 220 570 300 Q580 340 445 320" fill="none" stroke="${d}" stroke-width="14"/>
<rect x="540" y="560" width="180" height="60" rx="10" fill="#fff" opacity="0.75"/>`,
  coffee: (c, d) =>
    `<path d="M340 230 L660 230 L700 800 L300 800 Z" fill="${c}" stroke="${d}" stroke-width="8" stroke-linejoin="round"/>
<path d="M340 230 L380 300 L620 300 L660 230" fill="${d}" opacity="0.5"/>
<rect x="390" y="430" width="220" height="180" rx="14" fill="#fff" opacity="0.85"/>
<ellipse cx="500" cy="520" rx="40" ry="60" fill="${d}"/><path d="M500 465 Q480 520 500 575" stroke="#fff" stroke-width="8" fill="none"/>`,
  necklace: (c, d) =>
    `<path d="M300 250 Q500 700 700 250" fill="none" stroke="${d}" stroke-width="10"/>
<path d="M300 250 Q500 660 700 250" fill="none" stroke="#c8ccd0" stroke-width="6"/>
<circle cx="500" cy="560" r="90" fill="#e9ecef" stroke="${d}" stroke-width="10"/>
<text x="500" y="585" font-family="Georgia, serif" font-size="70" text-anchor="middle" fill="${c}">A</text>`,
};

/** The drawing of a kind in the given colour pair. */
export function drawing(kind: DrawingKind, colour: string, shade: string): string {
  return DRAWINGS[kind](colour, shade);
}
