/**
 * The demo catalogue's pictures, drawn by us as SVG: bead strings as shaded circles, a copper gourd,
 * a 罗盘, a desk calendar with its 干支 year, thread-bound books, course and consultation cards, and
 * the category icons. The seed renders them once with sharp and stores them (seed.ts). Square
 * covers are 600 px, which stays sharp in a two-column phone grid on a 3× screen; icons are 160 px.
 *
 * Nothing here uses a font (glyphs.ts draws the few characters), so every server renders the same
 * picture. A picture's storage key carries a hash of its SVG: a redrawn picture gets a new URL,
 * which the year-long immutable cache of `/api/files/…` requires.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { lettering } from './glyphs.ts';

/** Rounds to one decimal, keeping the SVG short and its hash stable across platforms. */
function n(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}

/** A gradient stop list: [offset 0–1, colour]. */
type Stops = readonly (readonly [number, string])[];

function stopsOf(stops: Stops): string {
  return stops.map(([offset, color]) => `<stop offset="${offset}" stop-color="${color}"/>`).join('');
}

/** A radial gradient lit from the upper left, the shading of every round thing here. */
function radial(id: string, stops: Stops, cx = 0.36, cy = 0.32, r = 0.72): string {
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopsOf(stops)}</radialGradient>`;
}

/** A linear gradient from (x1, y1) to (x2, y2) in the shape's box. */
function linear(id: string, stops: Stops, x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsOf(stops)}</linearGradient>`;
}

/** A whole picture: `size` pixels square over a 600-unit drawing. */
function picture(size: number, defs: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 600 600">` +
    `<defs>${defs}<filter id="soft" x="-20%" y="-20%" width="140%" height="140%">` +
    `<feGaussianBlur stdDeviation="14"/></filter></defs>${body}</svg>`
  );
}

/** The studio backdrop of the goods: a paper-toned wall, a table edge and a soft shadow. */
function studio(top: string, bottom: string, shadow: { cx: number; cy: number; rx: number; ry: number }) {
  return {
    defs: linear('wall', [
      [0, top],
      [1, bottom],
    ]),
    body:
      `<rect width="600" height="600" fill="url(#wall)"/>` +
      `<rect y="470" width="600" height="130" fill="${bottom}" opacity="0.55"/>` +
      `<ellipse cx="${shadow.cx}" cy="${shadow.cy}" rx="${shadow.rx}" ry="${shadow.ry}" fill="#3a2412" ` +
      `opacity="0.28" filter="url(#soft)"/>`,
  };
}

/** A dark stage for courses and services, with faint concentric rings like a 罗盘's. */
function stage(from: string, to: string): { defs: string; body: string } {
  const rings = [90, 150, 210, 270, 330, 390]
    .map(
      (r) =>
        `<circle cx="300" cy="300" r="${r}" fill="none" stroke="#ffffff" stroke-opacity="0.05" stroke-width="2"/>`,
    )
    .join('');
  return {
    defs: linear(
      'stage',
      [
        [0, from],
        [1, to],
      ],
      0,
      0,
      1,
      1,
    ),
    body: `<rect width="600" height="600" fill="url(#stage)"/>${rings}`,
  };
}

// ---------------------------------------------------------------------------------------------------
// Beads

interface Bead {
  x: number;
  y: number;
  r: number;
}

/** Beads around an ellipse seen from above at an angle, nearer ones larger, ordered back to front. */
function ring(cx: number, cy: number, rx: number, ry: number, count: number, r: number, turn = 0): Bead[] {
  return Array.from({ length: count }, (_, i) => {
    const angle = (i / count) * Math.PI * 2 + turn;
    const depth = (Math.sin(angle) + 1) / 2;
    return { x: cx + rx * Math.cos(angle), y: cy + ry * Math.sin(angle), r: r * (0.84 + 0.16 * depth) };
  }).sort((a, b) => a.y - b.y);
}

/** A shaded bead with its highlight; `grain` adds the fine lines of a wooden bead. */
function bead(b: Bead, fill: string, options: { grain?: string; shine?: number } = {}): string {
  const grain = options.grain
    ? `<path d="M${n(b.x - b.r * 0.8)} ${n(b.y - b.r * 0.1)} Q${n(b.x)} ${n(b.y - b.r * 0.45)} ${n(b.x + b.r * 0.8)} ${n(b.y - b.r * 0.05)}" ` +
      `stroke="${options.grain}" stroke-width="${n(b.r * 0.06)}" fill="none" opacity="0.45"/>` +
      `<path d="M${n(b.x - b.r * 0.7)} ${n(b.y + b.r * 0.3)} Q${n(b.x)} ${n(b.y)} ${n(b.x + b.r * 0.75)} ${n(b.y + b.r * 0.35)}" ` +
      `stroke="${options.grain}" stroke-width="${n(b.r * 0.05)}" fill="none" opacity="0.35"/>`
    : '';
  const shine = options.shine ?? 0.5;
  return (
    `<circle cx="${n(b.x)}" cy="${n(b.y)}" r="${n(b.r)}" fill="${fill}"/>${grain}` +
    `<ellipse cx="${n(b.x - b.r * 0.35)}" cy="${n(b.y - b.r * 0.4)}" rx="${n(b.r * 0.28)}" ry="${n(b.r * 0.16)}" ` +
    `fill="#ffffff" opacity="${shine}" transform="rotate(-30 ${n(b.x - b.r * 0.35)} ${n(b.y - b.r * 0.4)})"/>`
  );
}

/** A silk tassel hanging from (x, y): a knot, a cap and the fringe. */
function tassel(x: number, y: number, length: number, color: string, dark: string): string {
  const fringe = Array.from({ length: 11 }, (_, i) => {
    const dx = (i - 5) * 4.2;
    return `<path d="M${n(x + dx * 0.5)} ${n(y + 44)} Q${n(x + dx)} ${n(y + 44 + length * 0.6)} ${n(x + dx * 1.3)} ${n(y + 44 + length)}" stroke="${i % 2 ? color : dark}" stroke-width="4" fill="none" stroke-linecap="round"/>`;
  }).join('');
  return (
    `<path d="M${x} ${y} L${x} ${y + 26}" stroke="${dark}" stroke-width="4"/>` +
    `<circle cx="${x}" cy="${y + 20}" r="9" fill="${color}"/>` +
    `<rect x="${x - 12}" y="${y + 30}" width="24" height="16" rx="6" fill="${dark}"/>${fringe}`
  );
}

function zitanRing(): string {
  const scene = studio('#f6efe4', '#e3d3bc', { cx: 300, cy: 430, rx: 210, ry: 40 });
  const defs =
    scene.defs +
    radial('zitan', [
      [0, '#9a3b2c'],
      [0.55, '#5e1a14'],
      [1, '#2b0907'],
    ]) +
    radial('head', [
      [0, '#a4462f'],
      [0.6, '#641d15'],
      [1, '#2e0a07'],
    ]);
  const beads = ring(300, 300, 190, 118, 20, 38, Math.PI / 20)
    .filter((b) => !(b.y > 400 && Math.abs(b.x - 300) < 30))
    .map((b) => bead(b, 'url(#zitan)', { grain: '#1e0604', shine: 0.35 }))
    .join('');
  const head = bead({ x: 300, y: 418, r: 46 }, 'url(#head)', { grain: '#1e0604', shine: 0.4 });
  return picture(600, defs, scene.body + beads + head + tassel(300, 462, 78, '#8c1c13', '#5a0f0a'));
}

function zitanCoil(): string {
  const scene = studio('#f3ebdf', '#dccab0', { cx: 300, cy: 440, rx: 220, ry: 42 });
  const defs =
    scene.defs +
    radial('zitan', [
      [0, '#983a2b'],
      [0.55, '#5c1913'],
      [1, '#290806'],
    ]);
  const beads = [
    ...ring(300, 250, 200, 96, 36, 19),
    ...ring(300, 300, 206, 100, 36, 19, 0.09),
    ...ring(300, 350, 212, 104, 36, 19, 0.17),
  ]
    .sort((a, b) => a.y - b.y)
    .map((b) => bead(b, 'url(#zitan)', { grain: '#1e0604', shine: 0.3 }))
    .join('');
  return picture(600, defs, scene.body + beads + tassel(300, 452, 62, '#8c1c13', '#5a0f0a'));
}

function obsidianPixiu(): string {
  const scene = studio('#eef0f2', '#d3d6db', { cx: 300, cy: 430, rx: 210, ry: 38 });
  const defs =
    scene.defs +
    radial('obsidian', [
      [0, '#6b6f7c'],
      [0.35, '#24252b'],
      [1, '#050506'],
    ]) +
    radial('gold', [
      [0, '#fff1b8'],
      [0.5, '#d8a93a'],
      [1, '#8a6314'],
    ]) +
    linear('pixiu', [
      [0, '#3b3d46'],
      [1, '#060607'],
    ]);
  const beads = ring(300, 292, 188, 116, 18, 36)
    .filter((b) => !(b.y > 380 && Math.abs(b.x - 300) < 110))
    .map((b) => bead(b, 'url(#obsidian)', { shine: 0.75 }))
    .join('');
  const gold = [
    bead({ x: 208, y: 398, r: 22 }, 'url(#gold)', { shine: 0.7 }),
    bead({ x: 392, y: 398, r: 22 }, 'url(#gold)', { shine: 0.7 }),
  ].join('');
  // The carved pixiu: a long body with a raised head on the left, its mane and curled tail in relief.
  const pixiu =
    `<path d="M222 410 Q226 366 268 364 Q300 352 338 364 Q380 366 380 400 Q384 436 338 438 L262 440 Q222 440 222 410 Z" fill="url(#pixiu)"/>` +
    `<path d="M236 396 Q244 372 266 370" stroke="#8c8f9c" stroke-width="3" fill="none" opacity="0.7"/>` +
    `<circle cx="252" cy="392" r="4" fill="#a0a3b0" opacity="0.8"/>` +
    `<path d="M282 376 Q300 392 318 376 Q336 392 352 378" stroke="#8c8f9c" stroke-width="3" fill="none" opacity="0.6"/>` +
    `<path d="M360 384 Q378 392 366 410 Q356 420 346 410" stroke="#8c8f9c" stroke-width="3" fill="none" opacity="0.6"/>` +
    `<ellipse cx="290" cy="376" rx="40" ry="7" fill="#ffffff" opacity="0.35"/>`;
  return picture(600, defs, scene.body + beads + gold + pixiu);
}

// ---------------------------------------------------------------------------------------------------
// Ornaments

/** A copper gourd standing on (cx, baseY), `scale` 1 = 380 px tall, with its red cord. */
function gourd(cx: number, baseY: number, scale: number): string {
  const s = (v: number) => n(v * scale);
  const lowY = baseY - 122 * scale;
  const highY = baseY - 282 * scale;
  const waistY = baseY - 214 * scale;
  return (
    `<g>` +
    `<circle cx="${cx}" cy="${n(lowY)}" r="${s(122)}" fill="url(#copper)"/>` +
    `<path d="M${n(cx - 48 * scale)} ${n(waistY + 30 * scale)} Q${n(cx)} ${n(waistY - 10 * scale)} ${n(cx + 48 * scale)} ${n(waistY + 30 * scale)} L${n(cx + 36 * scale)} ${n(waistY - 20 * scale)} L${n(cx - 36 * scale)} ${n(waistY - 20 * scale)} Z" fill="url(#copper)"/>` +
    `<circle cx="${cx}" cy="${n(highY)}" r="${s(76)}" fill="url(#copper)"/>` +
    `<rect x="${n(cx - 12 * scale)}" y="${n(highY - 104 * scale)}" width="${s(24)}" height="${s(34)}" rx="${s(6)}" fill="#6b3a12"/>` +
    `<path d="M${n(cx + 10 * scale)} ${n(highY - 96 * scale)} q${s(30)} ${s(-20)} ${s(46)} ${s(4)} q${s(10)} ${s(18)} ${s(-8)} ${s(22)}" stroke="#6b3a12" stroke-width="${s(5)}" fill="none" stroke-linecap="round"/>` +
    `<ellipse cx="${n(cx - 44 * scale)}" cy="${n(lowY - 48 * scale)}" rx="${s(26)}" ry="${s(42)}" fill="#ffe2b0" opacity="0.45" transform="rotate(24 ${n(cx - 44 * scale)} ${n(lowY - 48 * scale)})"/>` +
    `<ellipse cx="${n(cx - 28 * scale)}" cy="${n(highY - 30 * scale)}" rx="${s(14)}" ry="${s(24)}" fill="#ffe2b0" opacity="0.45" transform="rotate(24 ${n(cx - 28 * scale)} ${n(highY - 30 * scale)})"/>` +
    `<rect x="${n(cx - 40 * scale)}" y="${n(waistY - 8 * scale)}" width="${s(80)}" height="${s(14)}" rx="${s(7)}" fill="#b3171a"/>` +
    `<circle cx="${n(cx + 34 * scale)}" cy="${n(waistY)}" r="${s(10)}" fill="#c8221f"/>` +
    `</g>`
  );
}

const COPPER = radial('copper', [
  [0, '#f3c07a'],
  [0.45, '#c27a36'],
  [1, '#6d3510'],
]);

function copperGourd(): string {
  const scene = studio('#f5eee3', '#e2d2ba', { cx: 300, cy: 520, rx: 150, ry: 28 });
  const cord = tassel(334, 292, 90, '#c8221f', '#8e1412');
  return picture(600, scene.defs + COPPER, scene.body + gourd(300, 520, 1.05) + cord);
}

function gourdSizes(): string {
  const scene = studio('#f5eee3', '#e2d2ba', { cx: 300, cy: 520, rx: 250, ry: 26 });
  const body = [gourd(130, 516, 0.45), gourd(262, 516, 0.62), gourd(440, 516, 0.9)].join('');
  return picture(600, scene.defs + COPPER, scene.body + body);
}

/** A cast bronze coin with its square hole and four raised characters (drawn as relief marks). */
function coin(cx: number, cy: number, r: number, hole: string): string {
  const h = r * 0.3;
  const mark = (x: number, y: number, turn: number) =>
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${turn})" stroke="#6a4a14" stroke-width="${n(r * 0.07)}" stroke-linecap="round" fill="none" opacity="0.75">` +
    `<path d="M${n(-r * 0.12)} ${n(-r * 0.1)} L${n(r * 0.12)} ${n(-r * 0.1)} M0 ${n(-r * 0.16)} L0 ${n(r * 0.14)} M${n(-r * 0.1)} ${n(r * 0.06)} L${n(r * 0.1)} ${n(r * 0.12)}"/></g>`;
  return (
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#bronze)"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.86)}" fill="none" stroke="#7a5a1e" stroke-width="${n(r * 0.06)}" opacity="0.7"/>` +
    `<rect x="${n(cx - h - r * 0.06)}" y="${n(cy - h - r * 0.06)}" width="${n(2 * h + r * 0.12)}" height="${n(2 * h + r * 0.12)}" fill="none" stroke="#7a5a1e" stroke-width="${n(r * 0.05)}" opacity="0.7"/>` +
    `<rect x="${n(cx - h)}" y="${n(cy - h)}" width="${n(2 * h)}" height="${n(2 * h)}" fill="${hole}"/>` +
    mark(cx, cy - r * 0.58, 0) +
    mark(cx, cy + r * 0.58, 0) +
    mark(cx - r * 0.58, cy, 0) +
    mark(cx + r * 0.58, cy, 0) +
    `<ellipse cx="${n(cx - r * 0.4)}" cy="${n(cy - r * 0.55)}" rx="${n(r * 0.3)}" ry="${n(r * 0.12)}" fill="#fff3c4" opacity="0.4" transform="rotate(-28 ${n(cx - r * 0.4)} ${n(cy - r * 0.55)})"/>`
  );
}

const BRONZE = radial('bronze', [
  [0, '#f0d48a'],
  [0.5, '#c49a48'],
  [1, '#6e4f18'],
]);

function fiveCoins(): string {
  const scene = studio('#f7efe2', '#e6d6bd', { cx: 300, cy: 548, rx: 120, ry: 20 });
  const ys = [150, 232, 314, 396, 478];
  // A 中国结 on top: a red diamond of loops with a hanging cord.
  const knot =
    `<path d="M300 18 L300 60" stroke="#b3171a" stroke-width="6"/>` +
    `<path d="M300 56 L336 84 L300 112 L264 84 Z" fill="none" stroke="#c8221f" stroke-width="10" stroke-linejoin="round"/>` +
    `<path d="M282 70 L318 98 M318 70 L282 98" stroke="#c8221f" stroke-width="7"/>` +
    `<circle cx="264" cy="84" r="9" fill="#c8221f"/><circle cx="336" cy="84" r="9" fill="#c8221f"/>`;
  const cord = `<path d="M300 110 L300 520" stroke="#b3171a" stroke-width="8"/>`;
  const coins = ys.map((y) => coin(300, y, 46, '#b3171a')).join('');
  const bottom = tassel(300, 500, 50, '#c8221f', '#8e1412');
  return picture(600, scene.defs + BRONZE, scene.body + cord + knot + coins + bottom);
}

function luopan(): string {
  const scene = studio('#f4ede2', '#dfcfb5', { cx: 300, cy: 540, rx: 240, ry: 26 });
  const defs =
    scene.defs +
    linear(
      'wood',
      [
        [0, '#c48a4e'],
        [1, '#7a4418'],
      ],
      0,
      0,
      1,
      1,
    ) +
    radial(
      'plate',
      [
        [0, '#fbe7a6'],
        [0.8, '#e2b85a'],
        [1, '#b98a2c'],
      ],
      0.5,
      0.45,
      0.6,
    ) +
    radial(
      'pool',
      [
        [0, '#ffffff'],
        [1, '#d9e4ea'],
      ],
      0.4,
      0.35,
      0.7,
    );
  const cx = 300;
  const cy = 290;
  const radii = [44, 62, 84, 106, 128, 150, 172, 190];
  const bands = radii
    .map((r, i) =>
      i % 2 === 1 && i < 7
        ? `<circle cx="${cx}" cy="${cy}" r="${r + 11}" fill="none" stroke="${i === 3 ? '#b3171a' : '#2b1a0c'}" stroke-opacity="0.16" stroke-width="22"/>`
        : '',
    )
    .join('');
  const circles = radii
    .map((r) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#3a2410" stroke-width="2"/>`)
    .join('');
  const ticks = [
    [44, 62, 8],
    [62, 84, 24],
    [84, 106, 24],
    [106, 128, 60],
    [128, 150, 64],
    [150, 172, 72],
    [172, 190, 120],
  ]
    .map(([inner, outer, count]) =>
      Array.from({ length: count! }, (_, i) => {
        const a = (i / count!) * Math.PI * 2;
        return `<path d="M${n(cx + inner! * Math.cos(a))} ${n(cy + inner! * Math.sin(a))} L${n(cx + outer! * Math.cos(a))} ${n(cy + outer! * Math.sin(a))}" stroke="#3a2410" stroke-width="1.4" opacity="0.8"/>`;
      }).join(''),
    )
    .join('');
  // Marks inside the bands stand for the characters of each ring.
  const marks = [
    [73, 24, '#2b1a0c'],
    [117, 60, '#b3171a'],
    [161, 72, '#2b1a0c'],
  ]
    .map(([r, count, color]) =>
      Array.from({ length: count as number }, (_, i) => {
        const a = ((i + 0.5) / (count as number)) * Math.PI * 2;
        return `<circle cx="${n(cx + (r as number) * Math.cos(a))}" cy="${n(cy + (r as number) * Math.sin(a))}" r="2.6" fill="${color}"/>`;
      }).join(''),
    )
    .join('');
  const needle =
    `<circle cx="${cx}" cy="${cy}" r="40" fill="url(#pool)" stroke="#3a2410" stroke-width="2"/>` +
    `<path d="M${cx} ${cy - 36} L${cx} ${cy + 36}" stroke="#b3171a" stroke-width="2"/>` +
    `<path d="M${cx} ${cy - 32} L${cx + 6} ${cy} L${cx} ${cy + 32} L${cx - 6} ${cy} Z" fill="#1d1d22"/>` +
    `<path d="M${cx} ${cy - 32} L${cx + 6} ${cy} L${cx - 6} ${cy} Z" fill="#c8221f"/>` +
    `<circle cx="${cx}" cy="${cy}" r="4" fill="#d8a93a"/>`;
  const body =
    `<rect x="86" y="76" width="428" height="428" rx="18" fill="url(#wood)"/>` +
    `<rect x="100" y="90" width="400" height="400" rx="12" fill="none" stroke="#5a2e0e" stroke-width="3" opacity="0.6"/>` +
    `<circle cx="${cx}" cy="${cy}" r="198" fill="#5a2e0e" opacity="0.5"/>` +
    `<circle cx="${cx}" cy="${cy}" r="192" fill="url(#plate)"/>` +
    bands +
    circles +
    ticks +
    marks +
    needle +
    // 天心十道: the red cross-hair strings across the base.
    `<path d="M${cx} 80 L${cx} 500 M90 ${cy} L510 ${cy}" stroke="#c8221f" stroke-width="2.2" opacity="0.9"/>`;
  return picture(600, defs, scene.body + body);
}

function wenchangTower(): string {
  const scene = studio('#f5eee3', '#e0d0b6', { cx: 300, cy: 534, rx: 150, ry: 24 });
  const defs =
    scene.defs +
    linear(
      'brass',
      [
        [0, '#f0c47c'],
        [0.45, '#c8853c'],
        [1, '#6f3a12'],
      ],
      0,
      0,
      1,
      0,
    );
  const tiers = Array.from({ length: 7 }, (_, i) => {
    const width = 196 - i * 22;
    const bottom = 478 - i * 52;
    const half = width / 2;
    const body = `<rect x="${n(300 - half * 0.72)}" y="${n(bottom - 36)}" width="${n(half * 1.44)}" height="36" fill="url(#brass)"/>`;
    const door = `<rect x="${n(300 - 9)}" y="${n(bottom - 30)}" width="18" height="24" rx="9" fill="#4a2408" opacity="0.7"/>`;
    const roof =
      `<path d="M${n(300 - half - 12)} ${n(bottom - 34)} Q${n(300 - half)} ${n(bottom - 44)} ${n(300 - half * 0.6)} ${n(bottom - 50)} L${n(300 + half * 0.6)} ${n(bottom - 50)} ` +
      `Q${n(300 + half)} ${n(bottom - 44)} ${n(300 + half + 12)} ${n(bottom - 34)} Q${n(300 + half * 0.5)} ${n(bottom - 40)} ${n(300)} ${n(bottom - 40)} Q${n(300 - half * 0.5)} ${n(bottom - 40)} ${n(300 - half - 12)} ${n(bottom - 34)} Z" fill="#7a4216"/>`;
    return body + door + roof;
  }).join('');
  const base =
    `<rect x="176" y="478" width="248" height="22" rx="4" fill="#6f3a12"/>` +
    `<rect x="160" y="498" width="280" height="26" rx="6" fill="#5a2e0e"/>`;
  const spire =
    `<path d="M300 58 L300 118" stroke="#8a4a18" stroke-width="8" stroke-linecap="round"/>` +
    `<circle cx="300" cy="96" r="13" fill="url(#brass)"/><circle cx="300" cy="72" r="9" fill="url(#brass)"/>` +
    `<circle cx="300" cy="52" r="6" fill="#f0c47c"/>`;
  return picture(600, defs, scene.body + base + tiers + spire);
}

// ---------------------------------------------------------------------------------------------------
// Calendars

/** Lunar-year 干支 and Gregorian year of the calendars (2027 is 丁未, per the engine). */
const CALENDAR_YEAR = { ganzhi: '丁未', year: '2027' } as const;

function deskCalendar(): string {
  const scene = studio('#f4efe7', '#ddd0bd', { cx: 300, cy: 520, rx: 240, ry: 24 });
  const defs =
    scene.defs +
    linear('board', [
      [0, '#7b3a12'],
      [1, '#4a1f06'],
    ]);
  const stand = `<path d="M96 512 L150 120 L450 120 L504 512 Z" fill="url(#board)"/>`;
  const page =
    `<rect x="118" y="132" width="364" height="372" rx="8" fill="#fffdf8"/>` +
    `<rect x="118" y="132" width="364" height="92" rx="8" fill="#aa0000"/>` +
    `<rect x="118" y="200" width="364" height="24" fill="#aa0000"/>`;
  const rings = Array.from({ length: 11 }, (_, i) => {
    const x = 146 + i * 31;
    return `<path d="M${x} 142 L${x} 116" stroke="#2b2b2b" stroke-width="5" stroke-linecap="round"/>`;
  }).join('');
  const year = lettering(CALENDAR_YEAR.year, {
    x: 166,
    y: 150,
    size: 50,
    color: '#fff6e0',
    weight: 7,
    gap: 0.1,
  });
  const ganzhi = lettering(CALENDAR_YEAR.ganzhi, { x: 146, y: 262, size: 96, color: '#aa0000', weight: 10 });
  const grid = Array.from({ length: 35 }, (_, i) => {
    const col = i % 7;
    const row = Math.floor(i / 7);
    const red = col >= 5 || i === 12;
    return `<rect x="${160 + col * 42}" y="${392 + row * 20}" width="30" height="11" rx="3" fill="${red ? '#d0443a' : '#5a4636'}" opacity="${red ? 0.85 : 0.55}"/>`;
  }).join('');
  const lines = [0, 1, 2]
    .map(
      (i) =>
        `<rect x="${370 - i * 0}" y="${268 + i * 34}" width="${86 - i * 14}" height="12" rx="6" fill="#c9b9a4"/>`,
    )
    .join('');
  return picture(600, defs, scene.body + stand + page + rings + year + ganzhi + lines + grid);
}

function calendarMonth(): string {
  const scene = studio('#f2ece3', '#dacdb8', { cx: 300, cy: 540, rx: 250, ry: 20 });
  // February 2027, weeks from Monday: the 1st is a Monday and 正月初一 (春节) is Saturday the 6th.
  const cells = Array.from({ length: 28 }, (_, i) => {
    const day = i + 1;
    const col = i % 7;
    const row = Math.floor(i / 7);
    const x = 72 + col * 66;
    const y = 190 + row * 78;
    const festival = day === 6;
    const weekend = col >= 5;
    const digits = String(day);
    const size = 26;
    const width = digits.length * size * 1.08;
    return (
      (festival ? `<circle cx="${x + 28}" cy="${y + 22}" r="32" fill="#aa0000"/>` : '') +
      lettering(digits, {
        x: x + 28 - width / 2 + 1,
        y: y + 6,
        size,
        color: festival ? '#ffffff' : weekend ? '#c0392b' : '#2b2118',
        weight: 3.6,
        gap: 0.08,
      }) +
      `<rect x="${x + 12}" y="${y + 42}" width="32" height="6" rx="3" fill="${festival ? '#ffd7cf' : '#b8a995'}"/>`
    );
  }).join('');
  const head = Array.from(
    { length: 7 },
    (_, col) =>
      `<rect x="${84 + col * 66}" y="158" width="32" height="10" rx="5" fill="${col >= 5 ? '#c0392b' : '#6b5a4a'}"/>`,
  ).join('');
  const page =
    `<rect x="52" y="60" width="496" height="470" rx="14" fill="#fffdf8"/>` +
    `<rect x="52" y="60" width="496" height="76" rx="14" fill="#aa0000"/>` +
    `<rect x="52" y="116" width="496" height="20" fill="#aa0000"/>`;
  const title =
    lettering(CALENDAR_YEAR.year, { x: 76, y: 78, size: 40, color: '#fff6e0', weight: 5.5, gap: 0.1 }) +
    lettering('2', { x: 470, y: 72, size: 52, color: '#fff6e0', weight: 7 }) +
    lettering(CALENDAR_YEAR.ganzhi, { x: 300, y: 78, size: 40, color: '#ffe3a0', weight: 5.5 });
  return picture(600, scene.defs, scene.body + page + head + title + cells);
}

function tearOffCalendar(): string {
  const scene = studio('#f3ede4', '#dbcdb8', { cx: 300, cy: 540, rx: 210, ry: 22 });
  const edges = Array.from(
    { length: 9 },
    (_, i) =>
      `<path d="M${118 + i * 2} ${506 + i * 3.2} L${486 + i * 2} ${506 + i * 3.2}" stroke="${i % 2 ? '#e6dcc6' : '#cbbd9f'}" stroke-width="3"/>`,
  ).join('');
  const block =
    `<rect x="112" y="70" width="376" height="440" rx="10" fill="#f7e7a8"/>` +
    `<rect x="112" y="70" width="376" height="86" rx="10" fill="#aa0000"/>` +
    `<rect x="112" y="130" width="376" height="26" fill="#aa0000"/>` +
    `<circle cx="300" cy="94" r="11" fill="#f3ede4"/>`;
  const top =
    lettering(CALENDAR_YEAR.year, { x: 140, y: 110, size: 32, color: '#fff6e0', weight: 4.6, gap: 0.1 }) +
    lettering(CALENDAR_YEAR.ganzhi, { x: 378, y: 108, size: 36, color: '#ffe3a0', weight: 5 });
  const day = lettering('6', { x: 236, y: 190, size: 150, color: '#aa0000', weight: 15 });
  const yi =
    `<rect x="138" y="372" width="64" height="64" rx="8" fill="#aa0000"/>` +
    lettering('宜', { x: 146, y: 380, size: 48, color: '#fff6e0', weight: 6 });
  const lines = [0, 1, 2, 3]
    .map(
      (i) =>
        `<rect x="222" y="${378 + i * 18}" width="${236 - (i % 2) * 50}" height="9" rx="4" fill="#8a6a3a" opacity="0.55"/>`,
    )
    .join('');
  const side = [0, 1, 2, 3, 4]
    .map(
      (i) =>
        `<rect x="138" y="${196 + i * 30}" width="54" height="10" rx="5" fill="#8a6a3a" opacity="0.45"/>`,
    )
    .join('');
  return picture(600, scene.defs, scene.body + edges + block + top + day + yi + lines + side);
}

// ---------------------------------------------------------------------------------------------------
// Books

/** A thread-bound (线装) volume, spine on the right, its title strip in the upper left. */
function threadBook(x: number, y: number, cover: string, title: string, turn: number): string {
  const w = 280;
  const h = 390;
  const stitches = [0.12, 0.37, 0.63, 0.88]
    .map((t) => {
      const sy = y + h * t;
      return `<circle cx="${x + w - 22}" cy="${n(sy)}" r="4" fill="#1b140c"/><path d="M${x + w - 22} ${n(sy)} L${x + w + 2} ${n(sy)}" stroke="#efe6d2" stroke-width="3"/>`;
    })
    .join('');
  return (
    `<g transform="rotate(${turn} ${x + w / 2} ${y + h / 2})">` +
    `<rect x="${x + 6}" y="${y + 8}" width="${w}" height="${h}" rx="4" fill="#e9dfc8"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="${cover}"/>` +
    `<path d="M${x + w - 22} ${y} L${x + w - 22} ${y + h}" stroke="#efe6d2" stroke-width="3" opacity="0.9"/>` +
    stitches +
    `<rect x="${x + 34}" y="${y + 30}" width="66" height="${title.length * 70 + 36}" fill="#f4ecd8"/>` +
    `<rect x="${x + 40}" y="${y + 36}" width="54" height="${title.length * 70 + 24}" fill="none" stroke="#8a6a3a" stroke-width="2"/>` +
    lettering(title, {
      x: x + 44,
      y: y + 52,
      size: 46,
      color: '#1f1a14',
      weight: 6,
      vertical: true,
      gap: 0.5,
    }) +
    `</g>`
  );
}

function bookCover(cover: string, back: string, title: string): () => string {
  return () => {
    const scene = studio('#f4eee4', '#dccfba', { cx: 300, cy: 520, rx: 220, ry: 26 });
    const body = threadBook(190, 84, back, title, 6) + threadBook(136, 96, cover, title, -4);
    return picture(600, scene.defs, scene.body + body);
  };
}

function bookInside(): string {
  const scene = studio('#f1ebe1', '#d8cab4', { cx: 300, cy: 500, rx: 260, ry: 26 });
  const columns = (x0: number) =>
    Array.from({ length: 8 }, (_, i) => {
      const x = x0 - i * 28;
      const length = 250 - ((i * 37) % 90);
      const notes =
        i % 3 === 1
          ? `<rect x="${x + 9}" y="${170}" width="5" height="${length * 0.5}" rx="2" fill="#8a6a3a" opacity="0.6"/>`
          : '';
      const dots = Array.from(
        { length: 4 },
        (_, k) =>
          `<circle cx="${x + 12}" cy="${160 + k * 52 + ((i * 13) % 30)}" r="3.6" fill="none" stroke="#c8221f" stroke-width="1.8"/>`,
      ).join('');
      return `<rect x="${x}" y="150" width="8" height="${length}" rx="3" fill="#3a2e22" opacity="0.78"/>${notes}${i % 2 ? dots : ''}`;
    }).join('');
  const spread =
    `<path d="M60 120 Q180 100 300 128 L300 460 Q180 436 60 456 Z" fill="#fbf5e6"/>` +
    `<path d="M540 120 Q420 100 300 128 L300 460 Q420 436 540 456 Z" fill="#f8f0dd"/>` +
    `<path d="M300 128 L300 460" stroke="#cdbf9f" stroke-width="3"/>` +
    `<rect x="84" y="140" width="196" height="290" fill="none" stroke="#b33a2a" stroke-width="1.6" opacity="0.5"/>` +
    `<rect x="320" y="140" width="196" height="290" fill="none" stroke="#b33a2a" stroke-width="1.6" opacity="0.5"/>`;
  return picture(600, scene.defs, scene.body + spread + columns(262) + columns(496));
}

// ---------------------------------------------------------------------------------------------------
// Courses and consultations

function playBadge(): string {
  return (
    `<circle cx="488" cy="488" r="54" fill="#ffffff" opacity="0.92"/>` +
    `<path d="M472 460 L520 488 L472 516 Z" fill="#aa0000"/>`
  );
}

/** Colours of the five phases (五行) on the course cards. */
const PHASE = {
  wood: '#3d8b4f',
  fire: '#c8402a',
  earth: '#b07a2a',
  metal: '#d4b24a',
  water: '#2f5f8a',
} as const;

function courseBazi(): string {
  const scene = stage('#3b1c0c', '#6b2f10');
  const pillars = [
    [PHASE.fire, PHASE.fire],
    [PHASE.wood, PHASE.earth],
    [PHASE.metal, PHASE.water],
    [PHASE.water, PHASE.wood],
  ]
    .map(([stem, branch], i) => {
      const x = 96 + i * 108;
      return (
        `<rect x="${x}" y="150" width="84" height="280" rx="14" fill="#fdf6e8"/>` +
        `<rect x="${x + 14}" y="176" width="56" height="56" rx="10" fill="${stem}"/>` +
        `<rect x="${x + 14}" y="252" width="56" height="56" rx="10" fill="${branch}"/>` +
        `<rect x="${x + 18}" y="334" width="48" height="8" rx="4" fill="#b8a48a"/>` +
        `<rect x="${x + 24}" y="354" width="36" height="8" rx="4" fill="#b8a48a"/>` +
        `<rect x="${x + 18}" y="374" width="48" height="8" rx="4" fill="#b8a48a"/>`
      );
    })
    .join('');
  const title =
    `<rect x="96" y="84" width="408" height="40" rx="20" fill="#aa0000"/>` +
    lettering('子平', { x: 262, y: 90, size: 28, color: '#fff6e0', weight: 4.4 });
  return picture(600, scene.defs, scene.body + title + pillars + playBadge());
}

function courseLiuyao(): string {
  const scene = stage('#1f2a3a', '#35506b');
  // 地火明夷 read bottom to top: 1 for a solid (yang) line, 0 for a broken (yin) one.
  const lines = [1, 0, 1, 0, 0, 0]
    .map((yang, i) => {
      const y = 430 - i * 52;
      return yang
        ? `<rect x="150" y="${y}" width="300" height="30" rx="6" fill="#f5e9cf"/>`
        : `<rect x="150" y="${y}" width="132" height="30" rx="6" fill="#f5e9cf"/><rect x="318" y="${y}" width="132" height="30" rx="6" fill="#f5e9cf"/>`;
    })
    .join('');
  const coins = coin(110, 510, 34, '#263447') + coin(188, 528, 34, '#263447') + coin(266, 512, 34, '#263447');
  return picture(600, scene.defs + BRONZE, scene.body + lines + coins + playBadge());
}

function courseFengshui(): string {
  const scene = stage('#1d3326', '#3d5f44');
  const house =
    `<path d="M150 290 L300 170 L450 290" fill="none" stroke="#f5e9cf" stroke-width="16" stroke-linejoin="round" stroke-linecap="round"/>` +
    `<rect x="184" y="284" width="232" height="170" rx="8" fill="none" stroke="#f5e9cf" stroke-width="14"/>` +
    `<rect x="274" y="360" width="52" height="94" rx="6" fill="#f5e9cf"/>` +
    `<rect x="214" y="318" width="44" height="40" rx="4" fill="#f5e9cf" opacity="0.8"/>` +
    `<rect x="342" y="318" width="44" height="40" rx="4" fill="#f5e9cf" opacity="0.8"/>`;
  const compass =
    `<circle cx="300" cy="120" r="46" fill="#e2b85a"/><circle cx="300" cy="120" r="34" fill="none" stroke="#3a2410" stroke-width="2"/>` +
    `<path d="M300 88 L308 120 L300 152 L292 120 Z" fill="#1d1d22"/><path d="M300 88 L308 120 L292 120 Z" fill="#c8221f"/>`;
  const water = [0, 1]
    .map(
      (i) =>
        `<path d="M90 ${494 + i * 26} q30 -16 60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0" fill="none" stroke="#8fc1d8" stroke-width="8" stroke-linecap="round" opacity="${0.9 - i * 0.3}"/>`,
    )
    .join('');
  const tree =
    `<circle cx="104" cy="330" r="38" fill="#6fae6a"/><rect x="98" y="360" width="12" height="90" fill="#8a5a2a"/>` +
    `<circle cx="500" cy="350" r="30" fill="#6fae6a"/><rect x="495" y="374" width="10" height="76" fill="#8a5a2a"/>`;
  return picture(600, scene.defs, scene.body + compass + house + tree + water + playBadge());
}

function serviceBazi(): string {
  const scene = stage('#2a1208', '#5e2a0e');
  const sheet =
    `<g transform="rotate(-5 300 300)">` +
    `<rect x="116" y="84" width="368" height="440" rx="10" fill="#fbf4e4"/>` +
    Array.from({ length: 4 }, (_, i) => {
      const x = 146 + i * 80;
      const colors = [
        [PHASE.earth, PHASE.fire],
        [PHASE.metal, PHASE.water],
        [PHASE.wood, PHASE.wood],
        [PHASE.fire, PHASE.earth],
      ][i]!;
      return `<rect x="${x}" y="118" width="56" height="56" rx="8" fill="${colors[0]}"/><rect x="${x}" y="186" width="56" height="56" rx="8" fill="${colors[1]}"/>`;
    }).join('') +
    Array.from(
      { length: 7 },
      (_, i) =>
        `<rect x="146" y="${276 + i * 30}" width="${i % 3 === 2 ? 200 : 296}" height="11" rx="5" fill="#9c8a70" opacity="0.7"/>`,
    ).join('') +
    `<rect x="380" y="446" width="62" height="62" rx="6" fill="#b3171a"/>` +
    lettering('子平', { x: 388, y: 462, size: 22, color: '#fbe9e0', weight: 4, gap: 0.2 }) +
    `</g>`;
  const brush =
    `<g transform="rotate(38 470 300)"><rect x="456" y="150" width="22" height="260" rx="8" fill="#6b3a12"/>` +
    `<rect x="456" y="150" width="22" height="30" rx="6" fill="#2b1a0c"/>` +
    `<path d="M456 410 Q467 470 467 480 Q467 470 478 410 Z" fill="#1b140c"/></g>`;
  return picture(600, scene.defs, scene.body + sheet + brush);
}

function serviceFengshui(): string {
  const scene = stage('#14242a', '#2d4d55');
  const phone =
    `<rect x="150" y="70" width="250" height="470" rx="34" fill="#0d1114"/>` +
    `<rect x="166" y="104" width="218" height="400" rx="12" fill="#f3efe6"/>` +
    `<rect x="246" y="84" width="58" height="8" rx="4" fill="#2a3136"/>`;
  const plan =
    `<g fill="none" stroke="#5a4a3a" stroke-width="5">` +
    `<rect x="188" y="136" width="174" height="230"/>` +
    `<path d="M188 240 L290 240 L290 366 M290 200 L362 200 M246 240 L246 200"/></g>` +
    `<rect x="200" y="252" width="74" height="40" rx="4" fill="#d9c8a8"/>` +
    `<rect x="302" y="214" width="46" height="70" rx="4" fill="#c9dcc0"/>`;
  const compass =
    `<circle cx="275" cy="430" r="46" fill="#e2b85a"/><circle cx="275" cy="430" r="33" fill="none" stroke="#3a2410" stroke-width="2"/>` +
    `<path d="M275 398 L283 430 L275 462 L267 430 Z" fill="#1d1d22"/><path d="M275 398 L283 430 L267 430 Z" fill="#c8221f"/>`;
  const bubble =
    `<path d="M380 190 h130 a22 22 0 0 1 22 22 v70 a22 22 0 0 1 -22 22 h-70 l-30 30 v-30 h-30 a22 22 0 0 1 -22 -22 v-70 a22 22 0 0 1 22 -22 z" fill="#4fb07a"/>` +
    `<circle cx="420" cy="248" r="9" fill="#ffffff"/><circle cx="450" cy="248" r="9" fill="#ffffff"/><circle cx="480" cy="248" r="9" fill="#ffffff"/>`;
  return picture(600, scene.defs, scene.body + phone + plan + compass + bubble);
}

// ---------------------------------------------------------------------------------------------------
// Category icons: one bold motif on a round tinted badge, legible at 40 px on screen.

function icon(tint: string, motif: string, defs = ''): () => string {
  return () => picture(160, defs, `<circle cx="300" cy="300" r="290" fill="${tint}"/>${motif}`);
}

const ICON_INK = '#7a3510';

const ICONS = {
  'icon-bracelet': icon(
    '#f6e6d6',
    ring(300, 300, 170, 170, 12, 52)
      .map((b) => `<circle cx="${n(b.x)}" cy="${n(b.y)}" r="46" fill="${ICON_INK}"/>`)
      .join(''),
  ),
  'icon-ornament': icon(
    '#f7ead2',
    `<circle cx="300" cy="380" r="130" fill="${ICON_INK}"/><circle cx="300" cy="200" r="86" fill="${ICON_INK}"/>` +
      `<rect x="270" y="240" width="60" height="60" fill="${ICON_INK}"/><rect x="284" y="80" width="32" height="50" rx="8" fill="${ICON_INK}"/>` +
      `<rect x="240" y="262" width="120" height="26" rx="13" fill="#c8221f"/>`,
  ),
  'icon-calendar': icon(
    '#f8e2dc',
    `<rect x="120" y="140" width="360" height="330" rx="36" fill="none" stroke="${ICON_INK}" stroke-width="40"/>` +
      `<rect x="120" y="140" width="360" height="100" rx="30" fill="#aa0000"/>` +
      `<rect x="190" y="90" width="36" height="90" rx="18" fill="${ICON_INK}"/><rect x="374" y="90" width="36" height="90" rx="18" fill="${ICON_INK}"/>` +
      `<rect x="190" y="300" width="70" height="56" rx="10" fill="${ICON_INK}"/><rect x="340" y="300" width="70" height="56" rx="10" fill="#aa0000"/>`,
  ),
  'icon-book': icon(
    '#e4e9ef',
    `<path d="M300 170 Q210 120 110 140 L110 460 Q210 440 300 490 Z" fill="${ICON_INK}"/>` +
      `<path d="M300 170 Q390 120 490 140 L490 460 Q390 440 300 490 Z" fill="#3b5778"/>`,
  ),
  'icon-course': icon(
    '#f3e3d3',
    `<rect x="100" y="150" width="400" height="290" rx="40" fill="${ICON_INK}"/>` +
      `<path d="M262 230 L370 295 L262 360 Z" fill="#ffffff"/><rect x="210" y="460" width="180" height="34" rx="17" fill="${ICON_INK}"/>`,
  ),
  'icon-service': icon(
    '#e2efe6',
    `<path d="M150 130 h300 a50 50 0 0 1 50 50 v170 a50 50 0 0 1 -50 50 h-150 l-80 70 v-70 h-70 a50 50 0 0 1 -50 -50 v-170 a50 50 0 0 1 50 -50 z" fill="#2f7a52"/>` +
      `<circle cx="220" cy="265" r="26" fill="#ffffff"/><circle cx="300" cy="265" r="26" fill="#ffffff"/><circle cx="380" cy="265" r="26" fill="#ffffff"/>`,
  ),
} as const;

/** Every picture of the demo catalogue by name. */
const ARTWORK = {
  'zitan-ring': zitanRing,
  'zitan-coil': zitanCoil,
  'obsidian-pixiu': obsidianPixiu,
  'copper-gourd': copperGourd,
  'gourd-sizes': gourdSizes,
  'five-coins': fiveCoins,
  luopan,
  'wenchang-tower': wenchangTower,
  'desk-calendar': deskCalendar,
  'calendar-month': calendarMonth,
  'tear-off-calendar': tearOffCalendar,
  'book-ziping': bookCover('#22324a', '#2f4666', '子平'),
  'book-sanming': bookCover('#5a1f16', '#7a3122', '三命'),
  'book-inside': bookInside,
  'course-bazi': courseBazi,
  'course-liuyao': courseLiuyao,
  'course-fengshui': courseFengshui,
  'service-bazi': serviceBazi,
  'service-fengshui': serviceFengshui,
  ...ICONS,
} as const satisfies Record<string, () => string>;

/** The name of a demo picture. */
export type ArtName = keyof typeof ARTWORK;

/** Every demo picture's name. */
export const ART_NAMES = Object.keys(ARTWORK) as ArtName[];

/** The SVG of the picture `name`. */
export function artworkSvg(name: ArtName): string {
  return ARTWORK[name]();
}

/** How the pictures are encoded: WebP, which every phone browser the app supports shows. */
const WEBP = { quality: 86, effort: 5 } as const;

/** The picture `name` rendered to WebP bytes (≈40 ms for a cover). */
export async function renderArtwork(name: ArtName): Promise<Buffer> {
  return sharp(Buffer.from(artworkSvg(name)))
    .webp(WEBP)
    .toBuffer();
}

/** Where the rendered picture `name` is stored: `shop/demo/<name>-<hash of its SVG and encoding>.webp`. */
export function artworkKey(name: ArtName): string {
  const hash = createHash('sha256')
    .update(artworkSvg(name))
    .update(JSON.stringify(WEBP))
    .digest('hex')
    .slice(0, 10);
  return `shop/demo/${name}-${hash}.webp`;
}

/** The URL the app serves the picture `name` at (media module's `GET /api/files/<key>`). */
export function artworkUrl(name: ArtName): string {
  return `/api/files/${artworkKey(name)}`;
}
