/**
 * The course calls of the console (roles admin and editor; packages/contracts/src/admin-courses.ts):
 * the course list, one course with its lessons and courseware, and every change to them. Each change
 * answers the course's page as it now is, so a page shows the server's state after every click.
 */
import type {
  AdminCourseCreateBody,
  AdminCourseDetail,
  AdminCourseList,
  AdminCourseOptions,
  AdminCourseQuery,
  AdminCourseUpdateBody,
  AdminCoursewareBody,
  AdminLessonBody,
} from '@xuanli/contracts/admin-courses';
import { CONSOLE_ROUTES } from '@xuanli/contracts/routes/paths';
import { api } from '@/lib/api';

/**
 * The course as a change answered it. The wire also allows null (the course was deleted meanwhile);
 * the course page has always read every change's answer as the course, and this restructuring keeps
 * that as it was.
 */
async function asSaved(answer: Promise<AdminCourseDetail | null>): Promise<AdminCourseDetail> {
  return (await answer) as AdminCourseDetail;
}

/** `GET /api/admin/courses`: a page of courses, published or not. */
export function listCourses(query: AdminCourseQuery): Promise<AdminCourseList> {
  return api.call(CONSOLE_ROUTES.ketang.getCourses, { query });
}

/** `GET /api/admin/course-options`: the categories and teachers a course form offers. */
export function courseOptions(): Promise<AdminCourseOptions> {
  return api.call(CONSOLE_ROUTES.ketang.getCourseOptions);
}

/** `GET /api/admin/courses/:id`. */
export function getCourse(id: string): Promise<AdminCourseDetail> {
  return api.call(CONSOLE_ROUTES.ketang.getCoursesById, { params: { id } });
}

/** `POST /api/admin/courses`: a new course, unpublished. */
export function createCourse(body: AdminCourseCreateBody): Promise<AdminCourseDetail> {
  return asSaved(api.call(CONSOLE_ROUTES.ketang.postCourses, { body }));
}

/** `POST /api/admin/courses/:id`: the course form. */
export function updateCourse(id: string, body: AdminCourseUpdateBody): Promise<AdminCourseDetail> {
  return asSaved(api.call(CONSOLE_ROUTES.ketang.postCoursesById, { params: { id }, body }));
}

/** `POST /api/admin/courses/:id/publish`: 发布 (true) or 下架 (false). */
export function publishCourse(id: string, published: boolean): Promise<AdminCourseDetail> {
  return asSaved(
    api.call(CONSOLE_ROUTES.ketang.postCoursesByIdPublish, { params: { id }, body: { published } }),
  );
}

/** `POST /api/admin/courses/:id/lessons`: a lesson at the end. */
export function addLesson(courseId: string, body: AdminLessonBody): Promise<AdminCourseDetail> {
  return asSaved(api.call(CONSOLE_ROUTES.ketang.postCoursesByIdLessons, { params: { id: courseId }, body }));
}

/** `POST /api/admin/lessons/:id`. */
export function updateLesson(lessonId: number, body: AdminLessonBody): Promise<AdminCourseDetail> {
  return asSaved(api.call(CONSOLE_ROUTES.ketang.postLessonsByLessonId, { params: { lessonId }, body }));
}

/** `DELETE /api/admin/lessons/:id`. */
export function deleteLesson(lessonId: number): Promise<AdminCourseDetail> {
  return asSaved(api.call(CONSOLE_ROUTES.ketang.deleteLessonsByLessonId, { params: { lessonId } }));
}

/** `POST /api/admin/courses/:id/lessons/order`: every lesson id in the new order. */
export function reorderLessons(courseId: string, lessonIds: number[]): Promise<AdminCourseDetail> {
  return asSaved(
    api.call(CONSOLE_ROUTES.ketang.postCoursesByIdLessonsOrder, {
      params: { id: courseId },
      body: { lessonIds },
    }),
  );
}

/** `POST /api/admin/courses/:id/courseware`: a completed PDF upload. */
export function addCourseware(courseId: string, body: AdminCoursewareBody): Promise<AdminCourseDetail> {
  return asSaved(
    api.call(CONSOLE_ROUTES.ketang.postCoursesByIdCourseware, { params: { id: courseId }, body }),
  );
}

/** `DELETE /api/admin/courseware/:id`. */
export function removeCourseware(id: number): Promise<AdminCourseDetail> {
  return asSaved(
    api.call(CONSOLE_ROUTES.ketang.deleteCoursewareByCoursewareId, { params: { coursewareId: id } }),
  );
}
