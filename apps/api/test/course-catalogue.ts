/**
 * A large generated course catalogue for the search tests and `npm run bench`: titles and
 * introductions made of the classroom's own words (八字, 风水, 六爻 … 入门, 精讲 …), deterministic, so
 * that every run writes the same catalogue and a test can know exactly what a search must answer.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { type CourseInput, insertCourses } from '../src/modules/ketang/index.ts';

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

/** The rare phrase: in the title of course `scale-7777`, in the introductions of 1234 and 4321. */
export const RARE_PHRASE = '玄机妙算';

/**
 * A small linear congruential generator (Numerical Recipes' constants): the same catalogue from the
 * same seed. It draws from the high bits: the low bits of such a generator repeat with a short period.
 */
function generator(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return Math.floor((state / 2 ** 32) * n);
  };
}

/** How many generated courses mention 八字 in the title, and in the introduction only. */
export interface BaziCounts {
  title: number;
  intro: number;
}

/**
 * Writes `count` published courses `scale-0` … of category `categoryId` (taught in turn by masters
 * 1–3) in one transaction, 500 rows a statement, then refreshes the planner's statistics as
 * autovacuum would after such a load; answers how many mention 八字 where.
 */
export async function writeCourseCatalogue(db: Db, count: number, categoryId: number): Promise<BaziCounts> {
  const pick = generator(20260115);
  const bazi: BaziCounts = { title: 0, intro: 0 };
  await db.transaction(async (tx) => {
    for (let start = 0; start < count; start += 500) {
      const rows: CourseInput[] = [];
      for (let i = start; i < Math.min(count, start + 500); i++) {
        const topic = TOPICS[pick(TOPICS.length)]!;
        const title = `${topic}${KINDS[pick(KINDS.length)]}第${i}期${i === 7777 ? `·${RARE_PHRASE}` : ''}`;
        const mention = TOPICS[pick(TOPICS.length)]!;
        const intro =
          `<p>本课讲${mention}，${PHRASES[pick(PHRASES.length)]}。${PHRASES[pick(PHRASES.length)]}。</p>` +
          (i === 1234 || i === 4321 ? `<p>附赠${RARE_PHRASE}讲义。</p>` : '');
        if (title.includes('八字')) bazi.title += 1;
        else if (intro.includes('八字')) bazi.intro += 1;
        rows.push({
          id: `scale-${i}`,
          title,
          intro,
          teacherSellid: 1 + (i % 3),
          categoryId,
          sort: 10_000 + i,
        });
      }
      await insertCourses(tx, rows);
    }
  });
  await db.execute(sql`analyze courses`);
  return bazi;
}
