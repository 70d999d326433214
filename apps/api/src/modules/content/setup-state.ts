/**
 * Which of the content an install opens with is still the seed's example: the customer-service card,
 * the agreements and the masters. The seed marks its rows `demo` and a save in the console clears the
 * mark (master-editing.ts, article-editing.ts), so an edit, however small, counts as the operators' own.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { articles, content, masters } from './schema.ts';
import { CUSTOMER_SERVICE_LABEL } from './seed.ts';
import { labelKey } from './service.ts';

/** The label of the agreements (用户协议, 隐私政策), which carry the operating company's details. */
export const AGREEMENTS_LABEL = '协议';

/** What the content of an install stands at, for the console's 开店清单. */
export interface ContentSetupState {
  /** The customer-service card; null when there is none at all. */
  customerService: { demo: boolean; wx: string; qrcode: string } | null;
  /** The agreements, in their order. */
  agreements: { title: string; demo: boolean }[];
  /** The masters the app shows (active ones), in their order. */
  masters: { nickname: string; demo: boolean }[];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Reads the demo markers of the card, the agreements and the active masters. */
export async function contentSetupState(db: Db): Promise<ContentSetupState> {
  const [[card], agreementRows, masterRows] = await Promise.all([
    db
      .select({ data: content.data, demo: content.demo })
      .from(content)
      .where(
        and(
          eq(content.key, labelKey(CUSTOMER_SERVICE_LABEL.model, CUSTOMER_SERVICE_LABEL.name)),
          eq(content.kind, 'label'),
        ),
      )
      .limit(1),
    db
      .select({ title: articles.title, demo: articles.demo })
      .from(articles)
      .where(eq(articles.label, AGREEMENTS_LABEL))
      .orderBy(asc(articles.sort), asc(articles.id)),
    db
      .select({ nickname: masters.nickname, demo: masters.demo })
      .from(masters)
      .where(eq(masters.active, true))
      .orderBy(asc(masters.sort), asc(masters.sellid)),
  ]);
  const data = (card?.data ?? {}) as Record<string, unknown>;
  return {
    customerService: card ? { demo: card.demo, wx: text(data.wx), qrcode: text(data.qrcode) } : null,
    agreements: agreementRows,
    masters: masterRows,
  };
}
