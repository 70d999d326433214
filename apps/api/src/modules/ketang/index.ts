/**
 * The classroom module's public entry: the course routes and signed lesson media, the learners'
 * progress that 我的课程 shows, the tables, and the demo courses every fresh install starts with.
 */
export { type CourseInput, courseRow } from './course-row.ts';
export { type CourseProgress, progressOfCourses } from './progress.ts';
export { type KetangRoutesOptions, ketangRoutes } from './routes.ts';
export {
  courseCategories,
  courseReviews,
  courses,
  courseware,
  lessonProgress,
  lessons,
} from './schema.ts';
export { type KetangSeedOptions, seedKetang } from './seed.ts';
export { demoLessonTitles } from './seed-data.ts';
