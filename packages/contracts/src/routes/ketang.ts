/**
 * The classroom (课堂) routes: the app's course list, detail, playing, progress, courseware, reviews and lesson media, and the console's course editing and resumable uploads.
 * Each route once: method, path, and the schemas the API registers (route.ts).
 */

import {
  AdminCourseCreateBodySchema,
  AdminCourseDetailSchema,
  AdminCourseListSchema,
  AdminCourseMaybeDetailSchema,
  AdminCourseOptionsSchema,
  AdminCourseParamsSchema,
  AdminCoursePublishBodySchema,
  AdminCourseQuerySchema,
  AdminCourseUpdateBodySchema,
  AdminCoursewareBodySchema,
  AdminCoursewareParamsSchema,
  AdminLessonBodySchema,
  AdminLessonOrderBodySchema,
  AdminLessonParamsSchema,
  UploadChunkParamsSchema,
  UploadChunkResultSchema,
  UploadCreateBodySchema,
  UploadParamsSchema,
  UploadResultSchema,
  UploadSchema,
} from '../admin-courses.ts';
import { FileBytesSchema, FilePathParamsSchema, MediaQuerySchema } from '../files.ts';
import {
  CourseCategoryListSchema,
  CourseDetailSchema,
  CourseListSchema,
  CourseQuerySchema,
  CourseShowQuerySchema,
  CoursewareListSchema,
  CoursewareQuerySchema,
  PlayQuerySchema,
  PlaySchema,
  ProgressBodySchema,
  ProgressSchema,
  ReviewBodySchema,
  ReviewListSchema,
  ReviewQuerySchema,
  ReviewResultSchema,
} from '../ketang.ts';
import { LessonsByTagQuerySchema, TaggedLessonListSchema } from '../lesson-tags.ts';
import { defineRoutes } from '../route.ts';

/** The app's ketang routes. */
export const KETANG_ROUTES = defineRoutes({
  getCategories: { method: 'GET', path: '/api/crm/ketang/categories', answer: CourseCategoryListSchema },
  getList: {
    method: 'GET',
    path: '/api/crm/ketang/list',
    query: CourseQuerySchema,
    answer: CourseListSchema,
  },
  getShow: {
    method: 'GET',
    path: '/api/crm/ketang/show',
    query: CourseShowQuerySchema,
    answer: CourseDetailSchema,
  },
  getPlay: { method: 'GET', path: '/api/crm/ketang/play', query: PlayQuerySchema, answer: PlaySchema },
  postProgress: {
    method: 'POST',
    path: '/api/crm/ketang/progress',
    body: ProgressBodySchema,
    answer: ProgressSchema,
  },
  getKejian: {
    method: 'GET',
    path: '/api/crm/ketang/kejian',
    query: CoursewareQuerySchema,
    answer: CoursewareListSchema,
  },
  getLessonsByTag: {
    method: 'GET',
    path: '/api/crm/ketang/lessons-by-tag',
    query: LessonsByTagQuerySchema,
    answer: TaggedLessonListSchema,
  },
  postReview: {
    method: 'POST',
    path: '/api/crm/ketang/review',
    body: ReviewBodySchema,
    answer: ReviewResultSchema,
  },
  getReviews: {
    method: 'GET',
    path: '/api/crm/ketang/reviews',
    query: ReviewQuerySchema,
    answer: ReviewListSchema,
  },
  getKetangMediaFile: {
    method: 'GET',
    path: '/api/ketang/media/*',
    params: FilePathParamsSchema,
    query: MediaQuerySchema,
    reply: FileBytesSchema,
  },
});

/** The console's ketang routes, below `/api/admin/`. */
export const KETANG_CONSOLE_ROUTES = defineRoutes({
  postUploads: {
    method: 'POST',
    path: '/api/admin/uploads',
    body: UploadCreateBodySchema,
    answer: UploadSchema,
  },
  getUploadsById: {
    method: 'GET',
    path: '/api/admin/uploads/:id',
    params: UploadParamsSchema,
    answer: UploadSchema,
  },
  putUploadsByIdChunksByIndex: {
    method: 'PUT',
    path: '/api/admin/uploads/:id/chunks/:index',
    params: UploadChunkParamsSchema,
    answer: UploadChunkResultSchema,
  },
  postUploadsByIdComplete: {
    method: 'POST',
    path: '/api/admin/uploads/:id/complete',
    params: UploadParamsSchema,
    answer: UploadResultSchema,
  },
  getCourses: {
    method: 'GET',
    path: '/api/admin/courses',
    query: AdminCourseQuerySchema,
    answer: AdminCourseListSchema,
  },
  getCourseOptions: { method: 'GET', path: '/api/admin/course-options', answer: AdminCourseOptionsSchema },
  getCoursesById: {
    method: 'GET',
    path: '/api/admin/courses/:id',
    params: AdminCourseParamsSchema,
    answer: AdminCourseDetailSchema,
  },
  postCourses: {
    method: 'POST',
    path: '/api/admin/courses',
    body: AdminCourseCreateBodySchema,
    answer: AdminCourseMaybeDetailSchema,
  },
  postCoursesById: {
    method: 'POST',
    path: '/api/admin/courses/:id',
    params: AdminCourseParamsSchema,
    body: AdminCourseUpdateBodySchema,
    answer: AdminCourseMaybeDetailSchema,
  },
  postCoursesByIdPublish: {
    method: 'POST',
    path: '/api/admin/courses/:id/publish',
    params: AdminCourseParamsSchema,
    body: AdminCoursePublishBodySchema,
    answer: AdminCourseMaybeDetailSchema,
  },
  postCoursesByIdLessons: {
    method: 'POST',
    path: '/api/admin/courses/:id/lessons',
    params: AdminCourseParamsSchema,
    body: AdminLessonBodySchema,
    answer: AdminCourseMaybeDetailSchema,
  },
  postCoursesByIdLessonsOrder: {
    method: 'POST',
    path: '/api/admin/courses/:id/lessons/order',
    params: AdminCourseParamsSchema,
    body: AdminLessonOrderBodySchema,
    answer: AdminCourseMaybeDetailSchema,
  },
  postLessonsByLessonId: {
    method: 'POST',
    path: '/api/admin/lessons/:lessonId',
    params: AdminLessonParamsSchema,
    body: AdminLessonBodySchema,
    answer: AdminCourseMaybeDetailSchema,
  },
  deleteLessonsByLessonId: {
    method: 'DELETE',
    path: '/api/admin/lessons/:lessonId',
    params: AdminLessonParamsSchema,
    answer: AdminCourseMaybeDetailSchema,
  },
  postCoursesByIdCourseware: {
    method: 'POST',
    path: '/api/admin/courses/:id/courseware',
    params: AdminCourseParamsSchema,
    body: AdminCoursewareBodySchema,
    answer: AdminCourseMaybeDetailSchema,
  },
  deleteCoursewareByCoursewareId: {
    method: 'DELETE',
    path: '/api/admin/courseware/:coursewareId',
    params: AdminCoursewareParamsSchema,
    answer: AdminCourseMaybeDetailSchema,
  },
});
