/**
 * The classroom module's public entry: the course routes and signed lesson media, lessons by the
 * terms they teach (tags), the learners' progress that 我的课程 shows, the console's course and
 * chunked-upload areas, the titles the console's dashboard and audit trail read, what the shop and
 * the catalogue tools ask of the courses, and the seeding of a demo classroom (whose courses the seed
 * runner, apps/api/seed, hands in).
 */

export { courseConsoleRoutes } from './console-courses.routes.ts';
export { type UploadConsoleOptions, uploadConsoleRoutes } from './console-uploads.routes.ts';
export { courseExists, firstCourseCategoryId } from './course-lookups.ts';
export { courseTitlesOf, coursewareTitlesOf, lessonTitlesOf } from './course-names.ts';
export { type CourseInput, courseRow, insertCourses } from './course-row.ts';
export { COURSEWARE_FOLDER } from './courseware.ts';
export { eraseLearner, type LearnerErasure } from './erase.ts';
export { lessonsByTag, normaliseLessonTags } from './lesson-tags.ts';
export type { WrittenMediaManifest } from './media-manifest.ts';
export { isLessonMediaKey, LESSON_VIDEO_FOLDER } from './media-url.ts';
export { mergeLearner } from './merge.ts';
export { type CourseProgress, progressOfCourses } from './progress.ts';
export { type KetangRoutesOptions, ketangRoutes } from './routes.ts';
export {
  type CourseCovers,
  type CourseSeed,
  type DemoClassroom,
  type KetangSeedOptions,
  type LessonSeed,
  seedKetang,
} from './seed.ts';
// The classroom's settings, its play URLs' and its uploads' (settings.ts gathers both).
export * from './settings.ts';
export { purgeStaleUploads } from './uploads.ts';
