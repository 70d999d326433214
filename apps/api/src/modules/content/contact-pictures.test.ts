import { eq } from 'drizzle-orm';
import jsQRModule from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO_SERVICE_CARD } from '../../../seed/content/service-card.ts';
import { MASTER_SEEDS } from '../../../seed/content/texts/masters.ts';
import type { TestApp } from '../../../test/build.ts';
import { useTestApp } from '../../../test/suite.ts';
import { createFileStorage } from '../../shared/storage.ts';
import { contactQrText } from './contact-pictures.ts';
import { content, masters } from './schema.ts';
import { seedContent, seedMasters } from './seed.ts';

// jsqr is CommonJS with `exports.default`: under Node's ESM the default import is the exports object.
const jsQR = (
  jsQRModule as unknown as {
    default: (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
  }
).default;

/** The text a phone's scanner reads from the PNG at `url` of the test app. */
async function scanQr(t: TestApp, url: string): Promise<string | undefined> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  const { data, info } = await sharp(res.rawPayload)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

describe('the example contact cards of a fresh install', () => {
  const t = useTestApp();

  const serviceCard = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/base/sysapi/label',
      payload: { model: 'crm', name: '在线客服' },
    });
    expect(res.statusCode).toBe(200);
    return res.json().resData.content as { avatar: string; qrcode: string; wx: string; nickname: string };
  };

  it('gives the customer-service card a WeChat ID, an avatar and a QR code that scans to that ID', async () => {
    const card = await serviceCard();
    expect(card.wx).toBe(DEMO_SERVICE_CARD.wx);
    const avatar = await t.app.inject({ method: 'GET', url: card.avatar });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toBe('image/png');
    expect((await sharp(avatar.rawPayload).metadata()).width).toBe(256);
    expect(await scanQr(t, card.qrcode)).toBe(contactQrText(DEMO_SERVICE_CARD.wx));
  });

  it('gives every seeded master an avatar and a QR code of their own WeChat ID', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/crm/dashi/list' })).json().resData.list as {
      avatar: string;
      qrcode: string;
      wx: string;
    }[];
    expect(new Set(list.map((master) => master.avatar)).size).toBe(list.length);
    for (const master of list) {
      expect(master.avatar).toMatch(/^\/api\/files\/content\/demo\//);
      expect(await scanQr(t, master.qrcode)).toBe(contactQrText(master.wx));
    }
  });

  it('fills an example card seeded before the pictures existed, and never a card an operator saved', async () => {
    const db = t.database.db;
    const storage = createFileStorage(t.config.storage);
    try {
      // An older install: the card and master 1 are the seed's examples without pictures or WeChat ID;
      // master 2 was saved by an operator without pictures.
      const [row] = await db.select().from(content).where(eq(content.kind, 'label'));
      await db
        .update(content)
        .set({ data: { ...(row.data as object), avatar: '', qrcode: '', wx: '' } })
        .where(eq(content.key, row.key));
      await db.update(masters).set({ avatar: '', qrcode: '' }).where(eq(masters.sellid, 1));
      await db.update(masters).set({ avatar: '', qrcode: '', demo: false }).where(eq(masters.sellid, 2));

      expect(await seedContent(db, storage, DEMO_SERVICE_CARD)).toBe(0);
      expect(await seedMasters(db, storage, MASTER_SEEDS)).toBe(0);

      const card = await serviceCard();
      expect(card.wx).toBe(DEMO_SERVICE_CARD.wx);
      expect(card.qrcode).not.toBe('');
      const rows = await db.select().from(masters).orderBy(masters.sellid);
      expect(rows[0].avatar).not.toBe('');
      expect(rows[0].qrcode).not.toBe('');
      expect(rows[1]).toMatchObject({ avatar: '', qrcode: '' });
    } finally {
      await storage.close();
    }
  });
});
