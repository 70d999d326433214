/** Courses as the console API sends them (typed by packages/contracts/src/admin-courses.ts), for fakes. */
import type { AdminCourseRow } from '@xuanli/contracts/admin-courses';

/** A paid 八字 course of 张师傅 as the console lists it, with three lessons. */
export function aCourseRow(id: string, title: string, published: boolean): AdminCourseRow {
  return {
    id,
    title,
    subtitle: '',
    cover: '',
    categoryId: 1,
    categoryName: '八字',
    teacherSellid: 1,
    teacherNickname: '张师傅',
    free: false,
    published,
    sort: 0,
    lessonCount: 3,
    updatedAt: '2026-01-15T04:00:00.000Z',
  };
}
