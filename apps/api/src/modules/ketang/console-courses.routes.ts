/**
 * The courses area of the console (roles admin and editor): courses with their lessons and
 * courseware. Reads come from the classroom module; every write goes through courses.ts, which
 * audits it in the same transaction and answers the course's page as it now is.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_AREA_ROLES } from '@xuanli/contracts/admin-labels';
import { KETANG_CONSOLE_ROUTES } from '@xuanli/contracts/routes/ketang';
import { consoleAreaOf, type DbConsoleOptions } from '../../shared/console-access.ts';
import { addRoute } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import { pageOf } from '../../shared/wire-numbers.ts';
import {
  addCoursewareAudited,
  addLessonAudited,
  createCourseAudited,
  deleteLessonAudited,
  publishCourseAudited,
  removeCoursewareAudited,
  reorderLessonsAudited,
  updateCourseAudited,
  updateLessonAudited,
} from './course-changes.ts';
import { courseForConsole, courseFormOptions, listCoursesForConsole } from './course-editing.ts';

/** `admin/courses…`, `admin/lessons/…`, `admin/courseware/…`. */
export const courseConsoleRoutes: FastifyPluginAsyncTypebox<DbConsoleOptions> = async (app, access) => {
  const { deps, auditorOf } = access;
  const editors = consoleAreaOf(access, ADMIN_AREA_ROLES.courses);

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.getCourses,
    {
      ...editors,
      summary: 'Every course, published or not, by title or id words, category and state, paged',
    },
    async (request) => ok(await listCoursesForConsole(deps.db, request.query, pageOf(request.query))),
  );

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.getCourseOptions,
    {
      ...editors,
      summary: 'The categories and teachers (masters) a course form offers',
    },
    async () => ok(await courseFormOptions(deps.db)),
  );

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.getCoursesById,
    {
      ...editors,
      summary: 'A course with its introduction, lessons in order and courseware',
    },
    async (request) => ok(await courseForConsole(deps.db, request.params.id)),
  );

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.postCourses,
    {
      ...editors,
      summary: 'Create a course (unpublished until 发布); Conflict when the id is taken',
      description: 'Audit row course.create.',
    },
    async (request) => ok(await createCourseAudited(deps, auditorOf(request), request.body)),
  );

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.postCoursesById,
    {
      ...editors,
      summary: 'Change a course’s title, teacher, category, cover, introduction, free flag and order',
      description: 'Audit row course.update.',
    },
    async (request) =>
      ok(await updateCourseAudited(deps, auditorOf(request), request.params.id, request.body)),
  );

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.postCoursesByIdPublish,
    {
      ...editors,
      summary: '发布 or 下架 a course: the app lists it, or only its buyers still reach it',
      description:
        'A course without lessons cannot be published (ValidationError). Audit row course.publish.',
    },
    async (request) =>
      ok(await publishCourseAudited(deps, auditorOf(request), request.params.id, request.body.published)),
  );

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.postCoursesByIdLessons,
    {
      ...editors,
      summary: 'Add a lesson at the end: a completed video upload, its length read from the file',
      description: 'Audit row lesson.save.',
    },
    async (request) => ok(await addLessonAudited(deps, auditorOf(request), request.params.id, request.body)),
  );

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.postCoursesByIdLessonsOrder,
    {
      ...editors,
      summary: 'Put the course’s lessons in a new order (every lesson id once)',
      description: 'Audit row lesson.reorder.',
    },
    async (request) =>
      ok(await reorderLessonsAudited(deps, auditorOf(request), request.params.id, request.body.lessonIds)),
  );

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.postLessonsByLessonId,
    {
      ...editors,
      summary: 'Change a lesson’s title, video and 免费试看 flag',
      description: 'Audit row lesson.save.',
    },
    async (request) =>
      ok(await updateLessonAudited(deps, auditorOf(request), request.params.lessonId, request.body)),
  );

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.deleteLessonsByLessonId,
    {
      ...editors,
      summary: 'Delete a lesson (and learners’ progress in it); the others close up',
      description: 'Audit row lesson.delete.',
    },
    async (request) => ok(await deleteLessonAudited(deps, auditorOf(request), request.params.lessonId)),
  );

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.postCoursesByIdCourseware,
    {
      ...editors,
      summary: 'Add courseware to a course: a completed PDF upload, downloadable in the app',
      description: 'Audit row courseware.save.',
    },
    async (request) =>
      ok(await addCoursewareAudited(deps, auditorOf(request), request.params.id, request.body)),
  );

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.deleteCoursewareByCoursewareId,
    {
      ...editors,
      summary: 'Remove a courseware file from the app',
      description: 'Audit row courseware.delete.',
    },
    async (request) =>
      ok(await removeCoursewareAudited(deps, auditorOf(request), request.params.coursewareId)),
  );
};
