/**
 * A course row as it is written: the introduction through the content module's HTML allow-list and
 * the search columns computed from the title and the introduction's text in the same step, so that
 * they can never disagree (search.ts relies on them). Every writer of courses — the seed, tests,
 * operators' tools — builds its row here.
 */
import type { Db } from '../../db/client.ts';
import type { Tx } from '../../shared/orders.ts';
import { sanitizeArticleHtml } from '../content/index.ts';
import { courses } from './schema.ts';
import { searchGrams, searchText } from './search-text.ts';

/** What an author gives for a course. */
export interface CourseInput {
  id: string;
  title: string;
  subtitle?: string;
  cover?: string;
  teacherSellid: number;
  categoryId: number;
  /** HTML; sanitised here. */
  intro: string;
  free?: boolean;
  published?: boolean;
  sort?: number;
}

/** The few entities the sanitiser writes, back to their characters. */
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: ' ',
};

/**
 * The text a reader sees in sanitised `html`: tags become spaces (a list item's words do not run into
 * the next one's) and the entities the sanitiser writes are decoded.
 */
export function textOfHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A course's columns as they are written, but the times of the writing. */
export type CourseRow = Omit<typeof courses.$inferSelect, 'createdAt' | 'updatedAt'>;

/** The row to insert or update for `input`, with its sanitised intro and its search columns. */
export function courseRow(input: CourseInput): CourseRow {
  const intro = sanitizeArticleHtml(input.intro);
  const introText = textOfHtml(intro);
  return {
    id: input.id,
    title: input.title,
    subtitle: input.subtitle ?? '',
    cover: input.cover ?? '',
    teacherSellid: input.teacherSellid,
    categoryId: input.categoryId,
    intro,
    free: input.free ?? false,
    published: input.published ?? true,
    sort: input.sort ?? 0,
    searchTitle: searchText(input.title),
    searchIntro: searchText(introText),
    searchGrams: searchGrams(input.title, introText),
  };
}

/**
 * Writes the courses of `inputs` (none may exist yet) in one statement, each row built by
 * {@link courseRow}: how a tool fills a large catalogue a few hundred courses at a time.
 */
export async function insertCourses(db: Db | Tx, inputs: readonly CourseInput[]): Promise<void> {
  await db.insert(courses).values(inputs.map(courseRow));
}
