/**
 * The example pictures of the contact cards a fresh install shows (the customer-service card and the
 * masters): an avatar and a WeChat QR code each. A reader who is sent to 联系客服开通 VIP must never meet
 * an empty card with 暂无微信号, so the seed fills the cards with a believable example; the console marks
 * them 示例 and its 开店清单 asks the operators to replace them before opening.
 *
 * The avatars are drawn as shapes only (a server often has no CJK font, see shop/glyphs.ts); the QR
 * codes are made by the `qrcode` package from a WeChat-style contact link for the card's WeChat ID.
 */
import { createHash } from 'node:crypto';
import QRCode from 'qrcode';
import sharp from 'sharp';
import type { FileStorage } from '../../shared/storage.ts';

/** The colours of one example avatar: background, clothing, face. */
interface AvatarPalette {
  background: string;
  robe: string;
  face: string;
  accent: string;
}

/** Each example card's palette: the studio's warm browns, one distinct accent per person. */
export const CONTACT_PALETTES = {
  kefu: { background: '#f3e7d3', robe: '#8a5a2b', face: '#f6d9bd', accent: '#c8102e' },
  master1: { background: '#e8e0cf', robe: '#4a3a2a', face: '#efd2b4', accent: '#b08d57' },
  master2: { background: '#dfe7df', robe: '#3f5a4a', face: '#f1d4b7', accent: '#9c7a3c' },
  master3: { background: '#e4e2ee', robe: '#4b4a6b', face: '#f0d3b6', accent: '#b5838d' },
} as const satisfies Record<string, AvatarPalette>;

/** The name of an example card's pictures. */
export type ContactName = keyof typeof CONTACT_PALETTES;

/** A portrait in the manner of a profile picture: head and shoulders, a collar, a circle behind. */
export function avatarSvg(palette: AvatarPalette): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<rect width="256" height="256" fill="${palette.background}"/>
<circle cx="128" cy="112" r="92" fill="none" stroke="${palette.accent}" stroke-width="4" opacity="0.5"/>
<path d="M40 256 C44 196 84 168 128 168 C172 168 212 196 216 256 Z" fill="${palette.robe}"/>
<path d="M104 170 L128 214 L152 170 Z" fill="${palette.face}"/>
<path d="M96 176 L128 232 L160 176" fill="none" stroke="${palette.accent}" stroke-width="6"/>
<rect x="114" y="138" width="28" height="36" rx="10" fill="${palette.face}"/>
<ellipse cx="128" cy="104" rx="40" ry="46" fill="${palette.face}"/>
<path d="M86 98 C86 62 108 50 128 50 C150 50 170 62 170 98 C160 80 142 74 128 74 C112 74 96 80 86 98 Z" fill="${palette.robe}"/>
</svg>`;
}

/**
 * The text inside an example WeChat QR code: WeChat's contact links have this form
 * (`https://u.wechat.com/<code>`); the code here is the card's WeChat ID, so the picture is honest
 * about whose card it is, and a real one replaces it before opening.
 */
export function contactQrText(wx: string): string {
  return `https://u.wechat.com/${encodeURIComponent(wx)}`;
}

/** The stored key of a picture: `content/demo/<name>-<kind>-<hash of the bytes' recipe>.png`. */
function pictureKey(name: ContactName, kind: 'avatar' | 'qrcode', recipe: string): string {
  const hash = createHash('sha256').update(recipe).digest('hex').slice(0, 10);
  return `content/demo/${name}-${kind}-${hash}.png`;
}

/** Stores `bytes()` under `key` unless it is there already; answers the URL the app shows it at. */
async function storeOnce(storage: FileStorage, key: string, bytes: () => Promise<Buffer>): Promise<string> {
  if (!(await storage.stat(key))) await storage.put(key, await bytes());
  return `/api/files/${key}`;
}

/** The example avatar and QR code of card `name` (WeChat ID `wx`), stored when missing; their URLs. */
export async function storeContactPictures(
  storage: FileStorage,
  name: ContactName,
  wx: string,
): Promise<{ avatar: string; qrcode: string }> {
  const svg = avatarSvg(CONTACT_PALETTES[name]);
  const avatar = await storeOnce(storage, pictureKey(name, 'avatar', svg), () =>
    sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer(),
  );
  const text = contactQrText(wx);
  // Error correction M and a 4-module quiet zone: what phone scanners read reliably from a screen.
  const options = { type: 'png', errorCorrectionLevel: 'M', margin: 4, width: 360 } as const;
  const qrcode = await storeOnce(
    storage,
    pictureKey(name, 'qrcode', `${text}|${JSON.stringify(options)}`),
    () => QRCode.toBuffer(text, options),
  );
  return { avatar, qrcode };
}
