import type { CourseDetail, CourseList, CourseSummary, CoursewareList } from '@xuanli/contracts/ketang';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_SEEDS } from '../../../seed/ketang/courses.ts';
import { signIn } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/build.ts';
import { addCourse, grantCourseTo, seedDemoClassroom } from '../../../test/ketang-fixtures.ts';
import { masters } from '../content/testing-tables.ts';
import { products, skus } from '../shop/testing-tables.ts';
import { courseRow } from './course-row.ts';
import { courseCategories } from './schema.ts';

describe('classroom browsing (crm/ketang/categories, list, show, kejian)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemoClassroom(t);
  });
  afterAll(() => t?.close());

  const get = async <T>(path: string, query: Record<string, string> = {}, token?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/crm/ketang/${path}`,
      query,
      headers: token ? { token } : {},
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json().resData as T;
  };
  const list = (query: Record<string, string> = {}, token?: string) => get<CourseList>('list', query, token);
  const ids = (items: CourseSummary[]) => items.map((item) => item.id);
  const shopPrice = async (courseId: string) => {
    const [row] = await t.database.db
      .select({ productId: products.id, skuId: skus.id, price: skus.price })
      .from(products)
      .innerJoin(skus, eq(skus.productId, products.id))
      .where(and(eq(products.courseId, courseId), eq(products.kind, 'course')));
    return row;
  };

  it('lists the four categories in order with their course counts', async () => {
    const { list: categories } = await get<{ list: { name: string; courses: number }[] }>('categories');
    expect(categories.map((c) => [c.name, c.courses])).toEqual([
      ['八字', 2],
      ['风水', 2],
      ['六爻', 2],
      ['择日', 2],
    ]);
  });

  it('lists the demo courses in order, priced by their shop products, free ones at 0', async () => {
    const { list: items, total } = await list({ size: '50' });
    expect(total).toBe(COURSE_SEEDS.length);
    expect(ids(items)).toEqual(COURSE_SEEDS.map((seed) => seed.id));
    for (const seed of COURSE_SEEDS) {
      const item = items.find((i) => i.id === seed.id)!;
      expect(item).toMatchObject({
        title: seed.title,
        subtitle: seed.subtitle,
        free: seed.free,
        lessonCount: seed.lessons.length,
        category: { name: seed.category },
        owned: false,
        rating: { average: 0, count: 0 },
      });
      expect(item.teacher.sellid).toBe(seed.teacherSellid);
      expect(item.teacher.nickname).toMatch(/^七星堂·/);
      expect(item.duration).toBeGreaterThan(0);
      if (seed.free) {
        expect([item.price, item.productId, item.skuId]).toEqual([0, null, null]);
      } else {
        // The shop sells every paid demo course under the same id: the price is what checkout charges.
        const offer = await shopPrice(seed.id);
        expect(offer, seed.id).toBeDefined();
        expect([item.price, item.productId, item.skuId]).toEqual([
          offer!.price,
          offer!.productId,
          offer!.skuId,
        ]);
      }
      const cover = await t.app.inject({ method: 'GET', url: item.cover });
      expect([cover.statusCode, cover.headers['content-type']], item.cover).toEqual([200, 'image/webp']);
    }
    expect(items.find((i) => i.id === 'bazi-rumen')).toMatchObject({ price: 4900, vipPrice: 3900 });
  });

  it('filters by category and pages', async () => {
    const { list: categories } = await get<{ list: { id: number; name: string }[] }>('categories');
    const fengshui = categories.find((c) => c.name === '风水')!;
    expect(ids((await list({ category: String(fengshui.id) })).list)).toEqual([
      'fengshui-jujia',
      'fengshui-shangpu',
    ]);
    const page2 = await list({ size: '3', page: '2' });
    expect(page2.total).toBe(COURSE_SEEDS.length);
    expect(ids(page2.list)).toEqual(COURSE_SEEDS.slice(3, 6).map((seed) => seed.id));
    expect(await list({ page: '100' })).toEqual({ list: [], total: COURSE_SEEDS.length });
    expect(await list({ category: '2147483647' })).toEqual({ list: [], total: 0 });
    for (const query of ['size=101', 'size=Infinity', 'page=1e400', 'page=0', 'category=Infinity']) {
      const bad = await t.app.inject({ method: 'GET', url: `/api/crm/ketang/list?${query}` });
      expect([query, bad.statusCode, bad.json().code]).toEqual([query, 400, 'ValidationError']);
    }
  });

  it('shows a course with its lessons, previews and sanitised intro; a buyer may play all of it', async () => {
    const visitorView = await get<CourseDetail>('show', { id: 'bazi-rumen' });
    const seed = COURSE_SEEDS.find((s) => s.id === 'bazi-rumen')!;
    expect(visitorView.lessons.map((l) => l.title)).toEqual(seed.lessons.map((l) => l.title));
    expect(visitorView.lessons.map((l) => l.free)).toEqual(seed.lessons.map((l) => l.free ?? false));
    expect(visitorView.lessons.map((l) => l.playable)).toEqual(seed.lessons.map((l) => l.free ?? false));
    // Visitors have no progress fields.
    expect(visitorView.lessons[0]).not.toHaveProperty('done');
    expect(visitorView).toMatchObject({ owned: false, lastLesson: null, free: false });
    expect(visitorView.intro).toBe(courseRow({ ...seed, cover: '', categoryId: 1 }).intro);
    expect(visitorView.intro).toContain('<h3>课程简介</h3>');

    const buyer = await signIn(t, 'user');
    await grantCourseTo(t, buyer.userId!, 'bazi-rumen');
    const bought = await get<CourseDetail>('show', { id: 'bazi-rumen' }, buyer.token);
    expect(bought.owned).toBe(true);
    expect(bought.lessons.every((l) => l.playable && l.done === false && l.position === 0)).toBe(true);
    expect(bought.learners).toBeGreaterThanOrEqual(1);
    expect((await list({ keyword: '八字入门' }, buyer.token)).list[0]).toMatchObject({
      id: 'bazi-rumen',
      owned: true,
    });

    const free = await get<CourseDetail>('show', { id: 'ganzhi-rumen' });
    expect(free.lessons.every((l) => l.playable)).toBe(true);
  });

  it('answers 404 for an unknown course and 400 for a malformed id', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/crm/ketang/show?id=no-such-course' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'NotFound']);
    const malformed = await t.app.inject({ method: 'GET', url: '/api/crm/ketang/show?id=..%2Fetc' });
    expect(malformed.statusCode).toBe(400);
  });

  it('searches the demo courses in Chinese: title hits first, then teacher, then introduction', async () => {
    // 八字: the one course named so, then those that mention it.
    const bazi = await list({ keyword: '八字' });
    expect(bazi.list[0]!.id).toBe('bazi-rumen');
    const mentioning = COURSE_SEEDS.filter((seed) => {
      const row = courseRow({ ...seed, cover: '', categoryId: 1 });
      return row.searchTitle!.includes('八字') || row.searchIntro!.includes('八字');
    }).map((seed) => seed.id);
    expect(ids(bazi.list).sort()).toEqual(mentioning.sort());
    expect(bazi.total).toBe(mentioning.length);
    expect(mentioning.length).toBeGreaterThan(1);
    // 风水: both 风水 courses by title before anything else.
    const fengshui = await list({ keyword: '风水' });
    expect(ids(fengshui.list).slice(0, 2)).toEqual(['fengshui-jujia', 'fengshui-shangpu']);
    // A teacher's name finds the courses they teach.
    expect(ids((await list({ keyword: '李师傅' })).list)).toEqual(['fengshui-jujia', 'fengshui-shangpu']);
    expect(ids((await list({ keyword: '王老师' })).list)).toEqual(
      COURSE_SEEDS.filter((seed) => seed.teacherSellid === 3).map((seed) => seed.id),
    );
    // Several words: each must be found; one character works too; punctuation alone finds nothing.
    expect(ids((await list({ keyword: '八字 入门' })).list)).toEqual(['bazi-rumen']);
    expect(ids((await list({ keyword: '卦' })).list)).toEqual(
      expect.arrayContaining(['liuyao-jichu', 'liuyao-qigua']),
    );
    expect(await list({ keyword: '%_' })).toEqual({ list: [], total: 0 });
    expect(await list({ keyword: '不存在的课程' })).toEqual({ list: [], total: 0 });
    // A blank keyword is no filter.
    expect((await list({ keyword: '  ' })).total).toBe(COURSE_SEEDS.length);
  });

  it('ranks a title hit over a teacher hit over an introduction hit, then by the operators’ order', async () => {
    await t.database.db.insert(masters).values({ sellid: 900, nickname: '紫微堂赵老师', sort: 99 });
    const [category] = await t.database.db
      .insert(courseCategories)
      .values({ name: '测试-排序', sort: 99 })
      .returning({ id: courseCategories.id });
    const categoryId = category!.id;
    const intro = await addCourse(t, {
      categoryId,
      sort: 0,
      title: '命理常识',
      intro: '<p>顺带讲一点紫微斗数。</p>',
    });
    const teacher = await addCourse(t, { categoryId, sort: 1, title: '命理杂谈', teacherSellid: 900 });
    const title = await addCourse(t, { categoryId, sort: 3, title: '紫微斗数入门' });
    const both = await addCourse(t, {
      categoryId,
      sort: 5,
      title: '紫微斗数进阶',
      intro: '<p>学过紫微斗数入门再来。</p>',
    });
    const found = await list({ keyword: '紫微', category: String(categoryId) });
    expect(ids(found.list)).toEqual([both.courseId, title.courseId, teacher.courseId, intro.courseId]);
    // The teacher's card in the answer.
    expect(found.list[2]!.teacher).toEqual({ sellid: 900, nickname: '紫微堂赵老师', avatar: '' });
    // ＡＢＣ is abc.
    const latin = await addCourse(t, { categoryId, title: 'Bazi ABC 课' });
    expect(ids((await list({ keyword: 'ａｂｃ', category: String(categoryId) })).list)).toEqual([
      latin.courseId,
    ]);
    // A phrase matches where it occurs whole (the title, then an introduction) …
    expect(ids((await list({ keyword: '微斗数入', category: String(categoryId) })).list)).toEqual([
      title.courseId,
      both.courseId,
    ]);
    // … and not where its pairs only occur apart.
    expect((await list({ keyword: '紫微入门', category: String(categoryId) })).total).toBe(0);
  });

  it('lists the free courseware, downloadable with its name and type', async () => {
    const { list: files, total } = await get<CoursewareList>('kejian');
    expect(total).toBe(files.length);
    expect(total).toBeGreaterThan(0);
    for (const file of files) {
      expect(file.fileName.endsWith('.pdf')).toBe(true);
      expect(file.type).toBe('application/pdf');
      const res = await t.app.inject({ method: 'GET', url: file.url });
      expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'application/pdf']);
      expect(res.rawPayload.length).toBe(file.bytes);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const part = await t.app.inject({ method: 'GET', url: file.url, headers: { range: 'bytes=0-3' } });
      expect([part.statusCode, part.body]).toEqual([206, '%PDF']);
    }
    const own = files.filter((file) => file.courseId !== null);
    for (const file of own) {
      const only = await get<CoursewareList>('kejian', { course: file.courseId! });
      expect(only.list.map((f) => f.id)).toContain(file.id);
      expect(only.list.every((f) => f.courseId === file.courseId)).toBe(true);
    }
  });
});
