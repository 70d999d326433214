/**
 * Lessons by the terms they teach: the demo 八字 course's lessons arrive tagged, operators change a
 * lesson's tags in the console (trimmed, repeats dropped, bounded), and `lessons-by-tag` answers the
 * published courses' lessons for a term, the term's own lessons before a broader tag's.
 */
import { describe, expect, it } from 'vitest';
import { useOperator, useTestApp } from '../../../test/suite.ts';

describe('lesson tags', () => {
  const t = useTestApp();
  const editor = useOperator(t, 'editor');

  const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/admin${url}`, headers: editor.headers, payload });
  const byTag = (...tags: string[]) =>
    t.app.inject({
      method: 'GET',
      url: `/api/crm/ketang/lessons-by-tag?${tags.map((tag) => `tag=${encodeURIComponent(tag)}`).join('&')}`,
    });
  const listed = async (...tags: string[]) => {
    const res = await byTag(...tags);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().resData.list as { tag: string; lessonNo: number; courseId: string }[]).map(
      (l) => `${l.tag}:${l.courseId}#${l.lessonNo}`,
    );
  };

  it('lists the seeded lessons of a term, its own before a broader tag’s, each once', async () => {
    expect(await listed('七杀')).toEqual(['七杀:bazi-rumen#8']);
    expect(await listed('七杀', '十神')).toEqual(['七杀:bazi-rumen#8', '十神:bazi-rumen#7']);
    expect(await listed('纳音')).toEqual(['纳音:bazi-rumen#14']);
    const [lesson] = (await byTag('正官')).json().resData.list;
    expect(lesson).toMatchObject({
      courseTitle: '八字入门二十讲',
      courseFree: false,
      lessonTitle: '十神（下）：财星、官杀、印星',
      preview: false,
    });
    expect(await listed('没有这个词')).toEqual([]);
  });

  it('keeps the tags an operator sets, and lists only published courses', async () => {
    const course = (await admin('GET', '/courses/bazi-rumen')).json().resData;
    const first = course.lessons[0] as {
      id: number;
      title: string;
      video: string;
      duration: number;
      tags: string[];
    };
    const fields = { title: first.title, video: first.video, duration: first.duration };
    expect(first.tags).toEqual([]);
    const set = await admin('POST', `/lessons/${first.id}`, {
      ...fields,
      tags: [' 羊刃 ', '羊刃', '七杀', '　'],
    });
    expect(set.statusCode, set.body).toBe(200);
    const tagsOf = async () =>
      ((await admin('GET', '/courses/bazi-rumen')).json().resData.lessons[0] as { tags: string[] }).tags;
    expect(await tagsOf()).toEqual(['羊刃', '七杀']);
    expect(await listed('七杀')).toEqual(['七杀:bazi-rumen#1', '七杀:bazi-rumen#8']);
    // Left out, the tags stay as they were.
    expect((await admin('POST', `/lessons/${first.id}`, fields)).statusCode).toBe(200);
    expect(await tagsOf()).toEqual(['羊刃', '七杀']);

    expect((await admin('POST', '/courses/bazi-rumen/publish', { published: false })).statusCode).toBe(200);
    expect(await listed('羊刃')).toEqual([]);
    expect((await admin('POST', '/courses/bazi-rumen/publish', { published: true })).statusCode).toBe(200);
    expect(await listed('羊刃')).toEqual(['羊刃:bazi-rumen#1']);
  });

  it('refuses too many or too long tags, and a query without one, with a Chinese 400', async () => {
    const course = (await admin('GET', '/courses/bazi-rumen')).json().resData;
    const { id, title, video, duration } = course.lessons[1] as {
      id: number;
      title: string;
      video: string;
      duration: number;
    };
    // The same fields without tags are accepted: only the tags make these 400.
    expect((await admin('POST', `/lessons/${id}`, { title, video, duration })).statusCode).toBe(200);
    const tooMany = Array.from({ length: 11 }, (_, i) => `词${i}`);
    for (const tags of [tooMany, ['一二三四五六七八九十一二三'], ['']]) {
      const res = await admin('POST', `/lessons/${id}`, { title, video, duration, tags });
      expect(res.statusCode, JSON.stringify(tags)).toBe(400);
      expect(res.json().msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(
      ((await admin('GET', '/courses/bazi-rumen')).json().resData.lessons[1] as { tags: string[] }).tags,
    ).toEqual([]);
    const none = await t.app.inject({ method: 'GET', url: '/api/crm/ketang/lessons-by-tag' });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toMatch(/[\u4e00-\u9fff]/);
    expect((await byTag('一', '二', '三', '四', '五')).statusCode).toBe(400);
  });
});
