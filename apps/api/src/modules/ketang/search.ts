/**
 * Chinese course search: the words of a query (search-text.ts) each found in a course's title, its
 * teacher's name or its introduction; every word must be found somewhere. Best matches first: for each
 * word a title hit scores 100, a teacher hit 10 and an introduction hit 1, so a course with the word in
 * its title comes before one whose teacher is named so, which comes before one that only mentions it;
 * ties in the operators' order.
 *
 * Candidates come from the GIN index on `search_grams` (a course holding all of a word's character
 * pairs) or, for teachers, from the btree index on `teacher_sellid` (the masters whose name holds the
 * word — masters are a short list, matched here in code); `position()` on the normalised text then
 * keeps only real occurrences. Plain SQL on core types, so PGlite and PostgreSQL answer the same.
 */
import { and, asc, desc, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { masterChoices } from '../content/index.ts';
import { courses } from './schema.ts';
import { containsWord, type QueryWord, searchText } from './search-text.ts';

/** Scores of a word found in each place (see the module comment). */
export const SEARCH_WEIGHTS = { title: 100, teacher: 10, intro: 1 } as const;

/** The WHERE condition and the ORDER BY of a keyword search. */
export interface CourseSearch {
  where: SQL;
  orderBy: SQL[];
}

/** A text[] literal of `values` as bound parameters. */
function textArray(values: string[]): SQL {
  return sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/** Masters (by sellid) whose shown name contains each word. */
async function teachersByWord(db: Db, words: QueryWord[]): Promise<Map<string, number[]>> {
  const rows = await masterChoices(db);
  const named = rows.map((row) => ({ sellid: row.sellid, name: searchText(row.nickname) }));
  return new Map(
    words.map(({ word }) => [word, named.filter((m) => containsWord(m.name, word)).map((m) => m.sellid)]),
  );
}

/** The search for `words` (non-empty): each must be in the title, the teacher's name or the intro. */
export async function courseSearch(db: Db, words: QueryWord[]): Promise<CourseSearch> {
  const teachers = await teachersByWord(db, words);
  const conditions: SQL[] = [];
  const scores: SQL[] = [];
  for (const { word, grams } of words) {
    const teacherIds = teachers.get(word) ?? [];
    const inTitle = sql`position(${word} in ${courses.searchTitle}) > 0`;
    const inIntro = sql`position(${word} in ${courses.searchIntro}) > 0`;
    const byTeacher = teacherIds.length > 0 ? inArray(courses.teacherSellid, teacherIds) : sql`false`;
    // The index condition first (candidates), then the exact occurrence.
    conditions.push(
      sql`((${courses.searchGrams} @> ${textArray(grams)} AND (${inTitle} OR ${inIntro})) OR ${byTeacher})`,
    );
    scores.push(
      sql`(CASE WHEN ${inTitle} THEN ${SEARCH_WEIGHTS.title} ELSE 0 END + CASE WHEN ${byTeacher} THEN ${SEARCH_WEIGHTS.teacher} ELSE 0 END + CASE WHEN ${inIntro} THEN ${SEARCH_WEIGHTS.intro} ELSE 0 END)`,
    );
  }
  const score = sql.join(scores, sql` + `);
  return {
    where: and(...conditions) as SQL,
    orderBy: [desc(sql`(${score})`), asc(courses.sort), asc(courses.id)],
  };
}
