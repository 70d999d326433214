/**
 * Content every fresh install needs: the customer-service card that `base/sysapi/label` (PRODUCT.md#paths)
 * serves, the articles (agreements, 节气, 宜忌 words, help) and the masters, whose texts the seed runner
 * hands in (apps/api/seed/content), the card's too.
 * Each seed inserts only what is missing, so an operator's later edits are never overwritten; to hand
 * a seeded row back to the seed, delete it and restart (to hide an article, unpublish it instead).
 * Seeded rows are marked `demo` until an operator saves them in the console, so the console can tell
 * an install still showing the examples from one whose operators set it up.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../shared/storage.ts';
import { type ContactName, storeContactPictures } from './contact-pictures.ts';
import { articles, content, masters } from './schema.ts';
import { articleRow, labelKey } from './service.ts';

/**
 * The customer-service label is requested with model 'crm' and this name, as the original app asks
 * (PRODUCT.md#paths).
 */
export const CUSTOMER_SERVICE_LABEL = { model: 'crm', name: '在线客服' } as const;

/** The example customer-service card: what it says, who answers and their WeChat ID. */
export interface ServiceCardSeed {
  /** The card's line under the title. */
  body: string;
  nickname: string;
  /** Working hours and what to say when adding the WeChat contact. */
  intro: string;
  /** The WeChat ID its QR code adds (the console shows the card as 示例 until it is replaced). */
  wx: string;
}

/**
 * Inserts the customer-service card `card` when missing, with its example avatar and QR code (stored in
 * `storage`); returns how many rows it wrote. A card still marked as the seed's example but without
 * pictures (seeded before they existed) gets them too.
 */
export async function seedContent(db: Db, storage: FileStorage, card: ServiceCardSeed): Promise<number> {
  const pictures = await storeContactPictures(storage, 'kefu', card.wx);
  const key = labelKey(CUSTOMER_SERVICE_LABEL.model, CUSTOMER_SERVICE_LABEL.name);
  await db
    .update(content)
    .set({ data: sql`${content.data} || ${JSON.stringify({ ...pictures, wx: card.wx })}::jsonb` })
    .where(and(eq(content.key, key), eq(content.demo, true), sql`coalesce(${content.data}->>'wx', '') = ''`));
  const inserted = await db
    .insert(content)
    .values([
      {
        key: labelKey(CUSTOMER_SERVICE_LABEL.model, CUSTOMER_SERVICE_LABEL.name),
        kind: 'label',
        title: CUSTOMER_SERVICE_LABEL.name,
        // An example until an operator saves the card (the console's 开店清单 reads the marker).
        demo: true,
        body: card.body,
        // Same fields as the master record (PRODUCT.md#content): the dialog renders both with one component.
        data: {
          avatar: pictures.avatar,
          nickname: card.nickname,
          intro: card.intro,
          wx: card.wx,
          qrcode: pictures.qrcode,
        },
      },
    ])
    .onConflictDoNothing({ target: content.key })
    .returning({ key: content.key });
  return inserted.length;
}

/** A seeded article. */
export interface ArticleSeed {
  label: string;
  name: string;
  title: string;
  summary: string;
  html: string;
  sort: number;
}

/** A seeded master. */
export interface MasterSeed {
  sellid: number;
  nickname: string;
  intro: string;
  wx: string;
  sort: number;
}

/** Inserts the articles of `seeds` missing by (label, name), HTML sanitised; returns how many it wrote. */
export async function seedArticles(db: Db, seeds: readonly ArticleSeed[]): Promise<number> {
  const inserted = await db
    .insert(articles)
    .values(seeds.map((seed) => ({ ...articleRow(seed), demo: true })))
    .onConflictDoNothing({ target: [articles.label, articles.name] })
    .returning({ id: articles.id });
  return inserted.length;
}

/**
 * Inserts the masters of `seeds` missing by sellid, each with its example avatar and QR code; returns
 * how many it wrote. A master still marked as the seed's example but without pictures gets them too.
 */
export async function seedMasters(
  db: Db,
  storage: FileStorage,
  seeds: readonly MasterSeed[],
): Promise<number> {
  const rows = [];
  for (const master of seeds) {
    const pictures = await storeContactPictures(storage, `master${master.sellid}` as ContactName, master.wx);
    rows.push({ ...master, ...pictures, demo: true });
    await db
      .update(masters)
      .set(pictures)
      .where(and(eq(masters.sellid, master.sellid), eq(masters.demo, true), eq(masters.avatar, '')));
  }
  const inserted = await db
    .insert(masters)
    .values(rows)
    .onConflictDoNothing({ target: masters.sellid })
    .returning({ sellid: masters.sellid });
  return inserted.length;
}
