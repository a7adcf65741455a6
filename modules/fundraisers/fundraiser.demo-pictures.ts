/** A simple symbol drawn over the landscape, one per kind of cause. */
export type DemoMotif = 'heart' | 'book' | 'flood' | 'candle' | 'well' | 'cross' | 'cap' | 'field' | 'house' | 'church' | 'track' | 'weave';

export interface DemoPicture {
  motif: DemoMotif;
  /** Sky from top to bottom, then the hills in front. */
  sky: [string, string];
  hills: [string, string];
  /** Moves the sun and the hills about, so pictures of one motif differ. */
  variant?: number;
}

const motifs: Record<DemoMotif, (accent: string) => string> = {
  heart: (a) => `<path d="M600 640 C 420 520 380 400 470 340 C 530 300 585 330 600 380 C 615 330 670 300 730 340 C 820 400 780 520 600 640 Z" fill="${a}"/>`,
  cross: (a) => `<rect x="540" y="320" width="120" height="320" rx="18" fill="#ffffff"/><rect x="440" y="420" width="320" height="120" rx="18" fill="#ffffff"/><rect x="560" y="340" width="80" height="280" rx="10" fill="${a}"/><rect x="460" y="440" width="280" height="80" rx="10" fill="${a}"/>`,
  book: (a) =>
    `<path d="M600 380 C 520 340 440 340 380 360 L 380 620 C 440 600 520 600 600 640 Z" fill="#fdfefe"/><path d="M600 380 C 680 340 760 340 820 360 L 820 620 C 760 600 680 600 600 640 Z" fill="#f4f6f6"/><path d="M600 380 L 600 640" stroke="${a}" stroke-width="10"/><g stroke="${a}" stroke-width="6" opacity="0.6"><path d="M420 420 C 480 405 530 410 570 425"/><path d="M420 470 C 480 455 530 460 570 475"/><path d="M630 425 C 670 410 720 405 780 420"/><path d="M630 475 C 670 460 720 455 780 470"/></g>`,
  cap: (a) => `<polygon points="600,330 860,430 600,530 340,430" fill="${a}"/><path d="M460 480 L 460 580 C 540 640 660 640 740 580 L 740 480 L 600 535 Z" fill="${a}" opacity="0.85"/><path d="M800 455 L 800 590" stroke="#f7dc6f" stroke-width="10"/><circle cx="800" cy="600" r="18" fill="#f7dc6f"/>`,
  flood: (a) =>
    `<polygon points="480,470 600,380 720,470" fill="#a04000"/><rect x="500" y="470" width="200" height="150" fill="#f5cba7"/><rect x="575" y="540" width="50" height="80" fill="#6e2c00"/><g fill="none" stroke="${a}" stroke-width="22" stroke-linecap="round"><path d="M300 600 q 50 -40 100 0 t 100 0 t 100 0 t 100 0 t 100 0 t 100 0"/><path d="M260 660 q 50 -40 100 0 t 100 0 t 100 0 t 100 0 t 100 0 t 100 0 t 100 0"/></g>`,
  candle: (a) => `<rect x="555" y="420" width="90" height="240" rx="12" fill="#fdfefe"/><path d="M600 300 C 640 350 640 390 600 410 C 560 390 560 350 600 300 Z" fill="${a}"/><circle cx="600" cy="375" r="14" fill="#fcf3cf"/><ellipse cx="600" cy="665" rx="110" ry="22" fill="#7b7d7d"/>`,
  well: (a) => `<rect x="470" y="500" width="260" height="150" rx="14" fill="#a6acaf"/><rect x="470" y="500" width="260" height="30" fill="#7b7d7d"/><path d="M490 500 L 490 360 L 710 360 L 710 500" fill="none" stroke="#6e2c00" stroke-width="18"/><path d="M460 370 L 600 300 L 740 370 Z" fill="#a04000"/><path d="M600 370 L 600 450" stroke="#5d6d7e" stroke-width="6"/><rect x="575" y="450" width="50" height="45" rx="6" fill="${a}"/>`,
  field: (a) =>
    `<g stroke="${a}" stroke-width="14" stroke-linecap="round">${Array.from({ length: 9 }, (_, i) => `<path d="M${380 + i * 55} 660 L ${380 + i * 55} ${520 - (i % 3) * 30}"/><circle cx="${380 + i * 55}" cy="${505 - (i % 3) * 30}" r="16" fill="#f4d03f" stroke="none"/>`).join('')}</g>`,
  house: (a) => `<polygon points="420,470 600,330 780,470" fill="${a}"/><rect x="450" y="470" width="300" height="190" fill="#fad7a0"/><rect x="570" y="540" width="60" height="120" fill="#784212"/><rect x="480" y="500" width="60" height="50" fill="#aed6f1"/><rect x="660" y="500" width="60" height="50" fill="#aed6f1"/>`,
  church: (a) => `<rect x="500" y="450" width="200" height="210" fill="#fdebd0"/><polygon points="480,450 600,360 720,450" fill="${a}"/><rect x="585" y="250" width="30" height="110" fill="#f1c40f"/><rect x="560" y="280" width="80" height="22" fill="#f1c40f"/><path d="M570 660 L 570 580 A 30 30 0 0 1 630 580 L 630 660 Z" fill="#6e2c00"/>`,
  track: (a) => `<g fill="none" stroke="#ffffff" stroke-width="10"><ellipse cx="600" cy="560" rx="330" ry="110"/><ellipse cx="600" cy="560" rx="270" ry="75"/></g><ellipse cx="600" cy="560" rx="300" ry="92" fill="none" stroke="${a}" stroke-width="40" opacity="0.8"/><circle cx="600" cy="380" r="44" fill="${a}"/><path d="M600 425 L 600 500 M 600 450 L 540 480 M 600 450 L 660 420 M 600 500 L 555 560 M 600 500 L 655 545" stroke="${a}" stroke-width="22" stroke-linecap="round"/>`,
  weave: (a) =>
    `<g>${Array.from({ length: 8 }, (_, i) => `<rect x="${400 + i * 50}" y="340" width="30" height="320" fill="${i % 2 ? a : '#fdfefe'}"/>`).join('')}${Array.from({ length: 6 }, (_, i) => `<rect x="390" y="${360 + i * 50}" width="420" height="22" fill="${i % 2 ? '#fdfefe' : a}" opacity="0.85"/>`).join('')}</g>`,
};

/**
 * A picture made at seed time: a landscape in the given colours with a symbol of the cause,
 * as PNG bytes, so that demo fundraisers have images without any download or binary in the
 * repository. It goes through the same upload path as a user's photo.
 */
export async function demoPicture(picture: DemoPicture): Promise<Buffer> {
  const v = picture.variant ?? 0;
  const sunX = 180 + ((v * 310) % 840);
  const accent = { heart: '#c0392b', cross: '#c0392b', book: '#1f618d', cap: '#1b2631', flood: '#2e86c1', candle: '#e67e22', well: '#2874a6', field: '#1e8449', house: '#b03a2e', church: '#7d3c98', track: '#cb4335', weave: '#b9770e' }[picture.motif];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${picture.sky[0]}"/><stop offset="1" stop-color="${picture.sky[1]}"/></linearGradient></defs>
  <rect width="1200" height="900" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="170" r="90" fill="#f9e79f" opacity="0.9"/>
  <path d="M0 ${620 - v * 10} Q 300 ${520 + v * 15} 600 ${600 - v * 5} T 1200 ${560 + v * 10} L 1200 900 L 0 900 Z" fill="${picture.hills[0]}"/>
  <path d="M0 740 Q 400 ${660 - v * 8} 800 730 T 1200 700 L 1200 900 L 0 900 Z" fill="${picture.hills[1]}"/>
  ${motifs[picture.motif](accent)}
</svg>`;
  // Imported here: only a first start on an empty database draws pictures.
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).png().toBuffer();
}
