/**
 * The 命书 reading texts (miji) as the operators' console edits them: `content` rows of kind
 * `reading`, listed by group (日主, 身强身弱, 五行, 十神, 神煞 — the first part of the key) and changed
 * one at a time. An edit keeps the row's seed hash, so the start-up seed sees the text differs from
 * what it wrote and never overwrites it (seed-readings.ts). The miji route reads the rows directly,
 * so an edit shows on the next request.
 */
import {
  type AdminReading,
  type AdminReadingBody,
  READING_GROUP_LABELS,
  type ReadingGroup,
} from '@xuanli/contracts/admin-content';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/errors.ts';
import type { Tx } from '../../shared/orders.ts';
import { type KeptText, keptTextsOfKind, replaceKeptText, seededTextHash } from '../content/index.ts';
import { READING_KEY_ORDER, READING_KIND } from './readings.ts';

/** A reading before and after an edit. */
export interface ReadingChange {
  before: AdminReading;
  after: AdminReading;
}

function readingOf(row: KeptText): AdminReading {
  const data = (row.data ?? {}) as { seedHash?: unknown };
  return {
    key: row.key,
    group: row.key.split(':')[0] ?? '',
    title: row.title,
    body: row.body,
    edited: data.seedHash !== seededTextHash(row.title, row.body),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every reading text (of `group` when given), in the groups' order, then in the readings' own order. */
export async function listReadingsForEditing(db: Db, group?: ReadingGroup): Promise<AdminReading[]> {
  const rows = await keptTextsOfKind(db, READING_KIND, group === undefined ? undefined : `${group}:`);
  // The readings' own order (甲 to 癸, 身强 to 身弱 …, READING_KEY_ORDER); a row of another key goes
  // after its group's known ones.
  const groups = Object.keys(READING_GROUP_LABELS);
  const seedOrder = new Map(READING_KEY_ORDER.map((key, index) => [key, index]));
  const rank = (reading: AdminReading): [number, number] => {
    const group = groups.indexOf(reading.group);
    return [group === -1 ? groups.length : group, seedOrder.get(reading.key) ?? Number.MAX_SAFE_INTEGER];
  };
  return rows.map(readingOf).sort((a, b) => {
    const [ga, sa] = rank(a);
    const [gb, sb] = rank(b);
    return ga - gb || sa - sb || a.key.localeCompare(b.key);
  });
}

/**
 * Changes the title and text of the reading `key` (trimmed; blank refused); NotFound when there is no
 * reading of that key. The row is locked for the transaction, so two editors' saves apply in turn.
 */
export async function updateReading(tx: Tx, change: AdminReadingBody, now: Date): Promise<ReadingChange> {
  const title = change.title.trim();
  const body = change.body.trim();
  if (title === '') throw new AppError('ValidationError', '请填写标题');
  if (body === '') throw new AppError('ValidationError', '请填写解读正文');
  const replaced = await replaceKeptText(tx, READING_KIND, change.key, { title, body }, now);
  if (!replaced) throw new AppError('NotFound', `没有键为 ${change.key} 的解读`);
  return { before: readingOf(replaced.before), after: readingOf(replaced.after) };
}
