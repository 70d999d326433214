/**
 * The demo courses' covers, drawn by us as SVG and rendered once to WebP by the seed: 16:9 (the picture ratio
 * of PRODUCT.md#constants, default image ratio), 640 × 360, which stays sharp in a phone's list on a 3×
 * screen. One motif per topic — four pillars of 五行 colours for 八字, a 罗盘 for 风水, six lines of a hexagram with
 * coins for 六爻, a month page with a marked day for 择日 — on each course's own colours, with a play badge. No
 * text (a server may have no CJK font). The storage key carries a hash of the SVG, so a redrawn cover gets a
 * new URL (the file route caches for a year).
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** A topic's motif. */
export type CoverMotif = 'bazi' | 'fengshui' | 'liuyao' | 'zeri';

/** How one course's cover looks. */
export interface CoverDesign {
  motif: CoverMotif;
  /** Background gradient, top-left to bottom-right. */
  from: string;
  to: string;
  /** A variation of the motif (which pillar is lit, how many lines move …), 0–3. */
  variant: number;
}

/** 五行 colours: wood, fire, earth, metal, water. */
const PHASES = ['#5f9a4e', '#d2503a', '#c99a3c', '#d9d3c4', '#3f6f9c'] as const;

const INK = '#f7ecd6';

function bazi(variant: number): string {
  return Array.from({ length: 4 }, (_, i) => {
    const x = 170 + i * 80;
    const top = PHASES[(i + variant) % 5];
    const bottom = PHASES[(i * 2 + variant + 1) % 5];
    const lit = i === variant % 4 ? ` stroke="${INK}" stroke-width="5"` : '';
    return (
      `<rect x="${x}" y="92" width="60" height="76" rx="10" fill="${top}"${lit}/>` +
      `<rect x="${x}" y="184" width="60" height="76" rx="10" fill="${bottom}"${lit}/>`
    );
  }).join('');
}

function fengshui(variant: number): string {
  const rings = [100, 78, 56, 34]
    .map(
      (r, i) =>
        `<circle cx="320" cy="180" r="${r}" fill="none" stroke="${INK}" stroke-width="${i === 0 ? 8 : 3}" opacity="${1 - i * 0.15}"/>`,
    )
    .join('');
  const ticks = Array.from({ length: 24 }, (_, i) => {
    const a = (i * Math.PI) / 12;
    const [x1, y1] = [320 + Math.cos(a) * 84, 180 + Math.sin(a) * 84];
    const [x2, y2] = [320 + Math.cos(a) * 96, 180 + Math.sin(a) * 96];
    return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="${INK}" stroke-width="3"/>`;
  }).join('');
  const turn = [20, -35, 60, -10][variant % 4];
  const needle =
    `<g transform="rotate(${turn} 320 180)"><path d="M320 104 L332 180 L320 256 L308 180 Z" fill="#1d1d22"/>` +
    `<path d="M320 104 L332 180 L308 180 Z" fill="#c8221f"/><circle cx="320" cy="180" r="8" fill="${INK}"/></g>`;
  return `<circle cx="320" cy="180" r="108" fill="#e2b85a" opacity="0.9"/>${rings}${ticks}${needle}`;
}

function liuyao(variant: number): string {
  // Lines from the top: a solid line is yang, a broken one yin; the pattern differs by variant.
  const pattern = [
    [1, 0, 1, 1, 0, 1],
    [0, 1, 1, 0, 1, 0],
    [1, 1, 0, 1, 0, 0],
    [0, 0, 1, 0, 1, 1],
  ][variant % 4]!;
  const lines = pattern
    .map((yang, i) => {
      const y = 70 + i * 40;
      return yang
        ? `<rect x="150" y="${y}" width="200" height="22" rx="4" fill="${INK}"/>`
        : `<rect x="150" y="${y}" width="88" height="22" rx="4" fill="${INK}"/><rect x="262" y="${y}" width="88" height="22" rx="4" fill="${INK}"/>`;
    })
    .join('');
  const coins = [0, 1, 2]
    .map((i) => {
      const [cx, cy] = [430 + (i % 2) * 56, 120 + i * 62];
      return (
        `<circle cx="${cx}" cy="${cy}" r="30" fill="#c99a3c"/><circle cx="${cx}" cy="${cy}" r="24" fill="none" stroke="#7a5a1c" stroke-width="3"/>` +
        `<rect x="${cx - 8}" y="${cy - 8}" width="16" height="16" fill="#7a5a1c"/>`
      );
    })
    .join('');
  return lines + coins;
}

function zeri(variant: number): string {
  const page =
    `<rect x="170" y="62" width="300" height="240" rx="16" fill="${INK}"/>` +
    `<rect x="170" y="62" width="300" height="54" rx="16" fill="#aa0000"/><rect x="170" y="96" width="300" height="20" fill="#aa0000"/>` +
    `<rect x="214" y="44" width="14" height="40" rx="7" fill="#5a3a1a"/><rect x="412" y="44" width="14" height="40" rx="7" fill="#5a3a1a"/>`;
  const marked = 9 + variant * 5;
  const cells = Array.from({ length: 28 }, (_, i) => {
    const [x, y] = [188 + (i % 7) * 40, 130 + Math.floor(i / 7) * 40];
    const fill = i === marked ? '#aa0000' : '#c9b89a';
    return `<rect x="${x}" y="${y}" width="28" height="28" rx="6" fill="${fill}"/>`;
  }).join('');
  const [sx, sy] = [188 + (marked % 7) * 40 + 14, 130 + Math.floor(marked / 7) * 40 + 14];
  const seal = `<circle cx="${sx}" cy="${sy}" r="24" fill="none" stroke="#aa0000" stroke-width="4"/>`;
  return page + cells + seal;
}

const MOTIFS: Record<CoverMotif, (variant: number) => string> = { bazi, fengshui, liuyao, zeri };

/** The SVG of a cover. */
export function coverSvg(design: CoverDesign): string {
  const badge =
    `<circle cx="572" cy="300" r="34" fill="#000000" opacity="0.35"/>` +
    `<path d="M562 282 L590 300 L562 318 Z" fill="#ffffff"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${design.from}"/>` +
    `<stop offset="1" stop-color="${design.to}"/></linearGradient></defs>` +
    `<rect width="640" height="360" fill="url(#bg)"/>` +
    `<circle cx="80" cy="330" r="160" fill="#ffffff" opacity="0.05"/><circle cx="600" cy="20" r="120" fill="#ffffff" opacity="0.05"/>` +
    MOTIFS[design.motif](design.variant) +
    badge +
    `</svg>`
  );
}

const WEBP = { quality: 84, effort: 5 } as const;

/** The cover rendered to WebP. */
export async function renderCover(design: CoverDesign): Promise<Buffer> {
  return sharp(Buffer.from(coverSvg(design)))
    .webp(WEBP)
    .toBuffer();
}

/** Where the cover of course `courseId` is stored: `ketang/covers/<id>-<hash>.webp`. */
export function coverKey(courseId: string, design: CoverDesign): string {
  const hash = createHash('sha256')
    .update(coverSvg(design))
    .update(JSON.stringify(WEBP))
    .digest('hex')
    .slice(0, 10);
  return `ketang/covers/${courseId}-${hash}.webp`;
}
