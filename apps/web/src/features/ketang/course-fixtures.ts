/**
 * Classroom answers for the web tests, typed by the wire (`@xuanli/contracts/ketang`), so a test cannot
 * pass against a shape the API never sends. The defaults echo the seeded demo content.
 */
import type {
  CourseCategoryList,
  CourseDetail,
  CourseList,
  CourseSummary,
  Lesson,
  Review,
  ReviewList,
  Teacher,
} from '@xuanli/contracts/ketang';

/** The seeded masters. */
export const TEACHERS = {
  zhang: { sellid: 1, nickname: '张师傅', avatar: '' },
  li: { sellid: 2, nickname: '李师傅', avatar: '/api/files/dashi/2.webp' },
  wang: { sellid: 3, nickname: '王老师', avatar: '' },
} satisfies Record<string, Teacher>;

/** The four seeded categories with their course counts. */
export const categoryList: CourseCategoryList = {
  list: [
    { id: 1, name: '八字', icon: '', courses: 2 },
    { id: 2, name: '风水', icon: '', courses: 2 },
    { id: 3, name: '六爻', icon: '', courses: 2 },
    { id: 4, name: '择日', icon: '', courses: 2 },
  ],
};

/** A paid course as a list sends it (八字入门二十讲, 199 元, 张师傅) unless overridden. */
export function courseSummary(overrides: Partial<CourseSummary> = {}): CourseSummary {
  return {
    id: 'bazi-rumen',
    title: '八字入门二十讲',
    subtitle: '从天干地支到读懂一张命盘',
    cover: '/api/files/ketang/covers/bazi-rumen.svg',
    teacher: TEACHERS.zhang,
    category: { id: 1, name: '八字' },
    free: false,
    price: 19900,
    vipPrice: null,
    productId: 21,
    skuId: 31,
    lessonCount: 6,
    duration: 2880,
    rating: { average: 4.5, count: 12 },
    learners: 320,
    owned: false,
    ...overrides,
  };
}

/** A free course as a list sends it (天干地支一课通, 王老师) unless overridden. */
export function freeCourse(overrides: Partial<CourseSummary> = {}): CourseSummary {
  return courseSummary({
    id: 'ganzhi-rumen',
    title: '天干地支一课通',
    subtitle: '十天干、十二地支与六十甲子',
    teacher: TEACHERS.wang,
    free: true,
    price: 0,
    productId: null,
    skuId: null,
    lessonCount: 3,
    duration: 45,
    rating: { average: 0, count: 0 },
    learners: 41,
    ...overrides,
  });
}

/** One page of a course list. */
export function coursePage(list: CourseSummary[], total = list.length): CourseList {
  return { list, total };
}

/** A lesson the caller may play, not started, unless overridden. */
export function lesson(overrides: Partial<Lesson> & Pick<Lesson, 'id'>): Lesson {
  return { title: `第${overrides.id}讲`, duration: 300, free: false, playable: true, ...overrides };
}

/**
 * The page of the paid course as a visitor sees it: two 试看 lessons that play, three locked ones,
 * unless overridden.
 */
export function courseDetail(overrides: Partial<CourseDetail> = {}): CourseDetail {
  return {
    ...courseSummary(),
    intro:
      '<h3>课程简介</h3><p>零基础也能跟上的八字入门课。</p><img src="/api/files/ketang/chart.webp" alt="命盘示例">',
    lessons: [
      lesson({ id: 101, title: '导学：八字是什么', duration: 485, free: true }),
      lesson({ id: 102, title: '十天干与十二地支', duration: 610, free: true }),
      lesson({ id: 103, title: '阴阳五行与生克制化', duration: 540, playable: false }),
      lesson({ id: 104, title: '排年柱与月柱', duration: 720, playable: false }),
      lesson({ id: 105, title: '地支藏干', duration: 525, playable: false }),
    ],
    lastLesson: null,
    ...overrides,
  };
}

/** A review (a learner's 5 stars with words) unless overridden. */
export function review(overrides: Partial<Review> = {}): Review {
  return {
    nickname: '玄历用户1234',
    avatar: '',
    rating: 5,
    comment: '讲得很清楚，跟着排盘页面一看就懂。',
    createdAt: '2026-03-01T04:00:00.000Z',
    mine: false,
    ...overrides,
  };
}

/** One page of reviews with the course's rating. */
export function reviewPage(
  list: Review[],
  total = list.length,
  rating = { average: 4.5, count: total },
): ReviewList {
  return { list, total, rating };
}
