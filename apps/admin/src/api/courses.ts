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
import { api } from '@/lib/api';

/** `GET /api/admin/courses`: a page of courses, published or not. */
export function listCourses(query: AdminCourseQuery): Promise<AdminCourseList> {
  return api.get<AdminCourseList>('courses', { ...query });
}

/** `GET /api/admin/course-options`: the categories and teachers a course form offers. */
export function courseOptions(): Promise<AdminCourseOptions> {
  return api.get<AdminCourseOptions>('course-options');
}

/** `GET /api/admin/courses/:id`. */
export function getCourse(id: string): Promise<AdminCourseDetail> {
  return api.get<AdminCourseDetail>(`courses/${encodeURIComponent(id)}`);
}

/** `POST /api/admin/courses`: a new course, unpublished. */
export function createCourse(body: AdminCourseCreateBody): Promise<AdminCourseDetail> {
  return api.post<AdminCourseDetail>('courses', body);
}

/** `POST /api/admin/courses/:id`: the course form. */
export function updateCourse(id: string, body: AdminCourseUpdateBody): Promise<AdminCourseDetail> {
  return api.post<AdminCourseDetail>(`courses/${encodeURIComponent(id)}`, body);
}

/** `POST /api/admin/courses/:id/publish`: 发布 (true) or 下架 (false). */
export function publishCourse(id: string, published: boolean): Promise<AdminCourseDetail> {
  return api.post<AdminCourseDetail>(`courses/${encodeURIComponent(id)}/publish`, { published });
}

/** `POST /api/admin/courses/:id/lessons`: a lesson at the end. */
export function addLesson(courseId: string, body: AdminLessonBody): Promise<AdminCourseDetail> {
  return api.post<AdminCourseDetail>(`courses/${encodeURIComponent(courseId)}/lessons`, body);
}

/** `POST /api/admin/lessons/:id`. */
export function updateLesson(lessonId: number, body: AdminLessonBody): Promise<AdminCourseDetail> {
  return api.post<AdminCourseDetail>(`lessons/${lessonId}`, body);
}

/** `DELETE /api/admin/lessons/:id`. */
export function deleteLesson(lessonId: number): Promise<AdminCourseDetail> {
  return api.delete<AdminCourseDetail>(`lessons/${lessonId}`);
}

/** `POST /api/admin/courses/:id/lessons/order`: every lesson id in the new order. */
export function reorderLessons(courseId: string, lessonIds: number[]): Promise<AdminCourseDetail> {
  return api.post<AdminCourseDetail>(`courses/${encodeURIComponent(courseId)}/lessons/order`, { lessonIds });
}

/** `POST /api/admin/courses/:id/courseware`: a completed PDF upload. */
export function addCourseware(courseId: string, body: AdminCoursewareBody): Promise<AdminCourseDetail> {
  return api.post<AdminCourseDetail>(`courses/${encodeURIComponent(courseId)}/courseware`, body);
}

/** `DELETE /api/admin/courseware/:id`. */
export function removeCourseware(id: number): Promise<AdminCourseDetail> {
  return api.delete<AdminCourseDetail>(`courseware/${id}`);
}
