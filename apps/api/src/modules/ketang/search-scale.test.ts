/**
 * Search at catalogue scale: 10,000 courses written in one transaction, then the list answers the
 * right courses in the right order and the database finds the candidates through the GIN index on
 * `search_grams` rather than by reading every course. How fast that is belongs to `npm run bench`;
 * here the plan is the behaviour under test.
 */
import type { CourseList } from '@xuanli/contracts/ketang';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build.ts';
import { type BaziCounts, RARE_PHRASE, writeCourseCatalogue } from '../../../test/course-catalogue.ts';
import { firstCategoryId } from '../../../test/ketang-fixtures.ts';
import { courses } from './schema.ts';
import { courseSearch } from './search.ts';
import { queryWords } from './search-text.ts';
import { selectCourses } from './summaries.ts';

const COURSES = 10_000;
const RARE = RARE_PHRASE;

describe('course search at 10,000 courses', () => {
  let t: TestApp;
  let categoryId: number;
  let expectedBazi: BaziCounts;

  beforeAll(async () => {
    t = await buildTestApp();
    categoryId = await firstCategoryId(t);
    expectedBazi = await writeCourseCatalogue(t.database.db, COURSES, categoryId);
  });
  afterAll(() => t?.close());

  const list = async (query: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/crm/ketang/list', query });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return res.json().resData as CourseList;
  };

  it('finds a rare phrase: the title hit first, then the introductions that mention it', async () => {
    const found = await list({ keyword: RARE });
    expect(found.list.map((c) => c.id)).toEqual(['scale-7777', 'scale-1234', 'scale-4321']);
    expect(found.total).toBe(3);
  });

  it('ranks thousands of matches of a common word: every title hit before any introduction-only hit', async () => {
    const first = await list({ keyword: '八字', category: String(categoryId), size: '50' });
    // Plus the demo courses of the 八字 category when the demo classroom is seeded.
    expect(first.total).toBeGreaterThanOrEqual(expectedBazi.title + expectedBazi.intro);
    expect(first.list.every((c) => c.title.includes('八字'))).toBe(true);
    const lastPage = Math.ceil(first.total / 50);
    const tail = await list({
      keyword: '八字',
      category: String(categoryId),
      size: '50',
      page: String(lastPage),
    });
    expect(tail.list.length).toBeGreaterThan(0);
    expect(tail.list.every((c) => !c.title.includes('八字'))).toBe(true);
  });

  it('plans the search through the GIN index on search_grams, not a scan of every course', async () => {
    for (const keyword of [RARE, '妙', '第7777期']) {
      const search = await courseSearch(t.database.db, queryWords(keyword));
      const query = selectCourses(t.database.db)
        .where(and(eq(courses.published, true), search.where))
        .orderBy(...search.orderBy)
        .limit(20);
      const plan = (
        (await t.database.db.execute(sql`explain ${query}`)) as { rows: Record<string, string>[] }
      ).rows
        .map((row) => Object.values(row)[0])
        .join('\n');
      expect(plan, keyword).toContain('courses_search_grams_idx');
      expect(plan, keyword).not.toMatch(/Seq Scan on courses/);
    }
  });
});
