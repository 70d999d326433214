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
import { firstCategoryId } from '../../../test/ketang-fixtures.ts';
import { courseRow } from './course-row.ts';
import { courses } from './schema.ts';
import { courseSearch } from './search.ts';
import { queryWords } from './search-text.ts';
import { selectCourses } from './summaries.ts';

const COURSES = 10_000;

/** Words the generated titles and introductions are made of. */
const TOPICS = ['八字', '风水', '六爻', '择日', '紫微', '面相', '姓名学', '奇门'];
const KINDS = ['入门', '精讲', '实战', '答疑', '案例', '进阶', '速成', '专题'];
const PHRASES = [
  '从基础讲起，循序渐进',
  '配合大量实例讲解',
  '适合零基础的朋友',
  '每讲附练习与答案',
  '结合节气与历法',
  '讲清来龙去脉',
  '说明常见误区',
  '老师逐条答疑',
];

/** A small deterministic generator, so that every run writes the same catalogue. */
function generator(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

/** The rare phrase: in the title of course 7777, in the introductions of courses 1234 and 4321. */
const RARE = '玄机妙算';

describe('course search at 10,000 courses', () => {
  let t: TestApp;
  let categoryId: number;
  const expectedBazi = { title: 0, intro: 0 };

  beforeAll(async () => {
    t = await buildTestApp();
    categoryId = await firstCategoryId(t);
    const pick = generator(20260115);
    await t.database.db.transaction(async (tx) => {
      for (let start = 0; start < COURSES; start += 500) {
        const rows = [];
        for (let i = start; i < Math.min(COURSES, start + 500); i++) {
          const topic = TOPICS[pick(TOPICS.length)]!;
          const title = `${topic}${KINDS[pick(KINDS.length)]}第${i}期${i === 7777 ? `·${RARE}` : ''}`;
          const mention = TOPICS[pick(TOPICS.length)]!;
          const intro =
            `<p>本课讲${mention}，${PHRASES[pick(PHRASES.length)]}。${PHRASES[pick(PHRASES.length)]}。</p>` +
            (i === 1234 || i === 4321 ? `<p>附赠${RARE}讲义。</p>` : '');
          if (title.includes('八字')) expectedBazi.title += 1;
          else if (intro.includes('八字')) expectedBazi.intro += 1;
          rows.push(
            courseRow({
              id: `scale-${i}`,
              title,
              intro,
              teacherSellid: 1 + (i % 3),
              categoryId,
              sort: 10_000 + i,
            }),
          );
        }
        await tx.insert(courses).values(rows);
      }
    });
    // Fresh statistics, as autovacuum would gather them on a server after such a load.
    await t.database.db.execute(sql`analyze courses`);
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
