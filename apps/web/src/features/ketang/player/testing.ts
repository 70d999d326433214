/**
 * Classroom answers for the player's tests, typed by the wire (`@xuanli/contracts/ketang`), so a test
 * cannot pass against a shape the API never sends.
 */
import type { CourseDetail, Lesson, Play } from '@xuanli/contracts/ketang';

/** A lesson: 5 minutes, paid, playable unless overridden. */
export function lesson(overrides: Partial<Lesson> & Pick<Lesson, 'id' | 'title'>): Lesson {
  return { duration: 300, free: false, playable: true, ...overrides };
}

/**
 * 八字入门 (bazi-rumen) as a buyer sees it — three lessons, the first a 试看 preview, nothing watched —
 * unless overridden.
 */
export function courseDetail(overrides: Partial<CourseDetail> = {}): CourseDetail {
  return {
    id: 'bazi-rumen',
    title: '八字入门：从零读懂四柱',
    subtitle: '十二讲带你看懂自己的命盘',
    cover: '/api/files/ketang/covers/bazi-rumen.svg',
    teacher: { sellid: 1, nickname: '七星堂·玄清师傅', avatar: '' },
    category: { id: 1, name: '八字' },
    free: false,
    price: 19900,
    vipPrice: null,
    productId: 31,
    skuId: 310,
    lessonCount: 3,
    duration: 900,
    rating: { average: 4.8, count: 12 },
    learners: 321,
    owned: true,
    intro: '<p>从天干地支讲起。</p>',
    lessons: [
      lesson({ id: 11, title: '八字是什么', free: true, duration: 240 }),
      lesson({ id: 12, title: '天干地支与五行', duration: 300 }),
      lesson({ id: 13, title: '排出自己的四柱', duration: 360 }),
    ],
    lastLesson: null,
    ...overrides,
  };
}

/** The course as a visitor sees it: only the preview plays. */
export function visitorCourse(overrides: Partial<CourseDetail> = {}): CourseDetail {
  const course = courseDetail({ owned: false });
  return {
    ...course,
    lessons: course.lessons.map((l) => ({ ...l, playable: l.free })),
    ...overrides,
  };
}

/** When the URLs of {@link playAnswer} expire: two hours after the tests start, the same for every answer. */
const EXPIRES = Math.floor(Date.now() / 1000) + 7200;

/** The `play` answer of lesson `lessonId`: a signed media URL valid for two hours, nothing saved. */
export function playAnswer(lessonId: number, overrides: Partial<Play> = {}): Play {
  const expires = EXPIRES;
  return {
    url: `/api/ketang/media/lesson-${lessonId}.mp4?expires=${expires}&user=7&sig=${'s'.repeat(43)}`,
    expires: new Date(expires * 1000).toISOString(),
    lesson: lessonId,
    duration: 300,
    position: 0,
    ...overrides,
  };
}
