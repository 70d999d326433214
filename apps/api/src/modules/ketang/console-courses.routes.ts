/**
 * The courses area of the console (roles admin and editor): courses with their lessons and
 * courseware. Reads come from the classroom module; every write goes through courses.ts, which
 * audits it in the same transaction and answers the course's page as it now is.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_AREA_ROLES } from '@xuanli/contracts/admin-labels';
import { KETANG_CONSOLE_ROUTES } from '@xuanli/contracts/routes/ketang';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import type { ConsoleRouteOptions } from '../../shared/console-access.ts';
import { addRoute, consoleFailures } from '../../shared/contract-route.ts';
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

/** What the courses area of the console is built from: the console's access and the module's deps. */
export type CourseConsoleOptions = ConsoleRouteOptions<{ db: Db; clock: Clock }>;

const tags = ['admin'];

/** `admin/courses…`, `admin/lessons/…`, `admin/courseware/…`. */
export const courseConsoleRoutes: FastifyPluginAsyncTypebox<CourseConsoleOptions> = async (
  app,
  { deps, requireOperator, auditorOf, security },
) => {
  const editors = requireOperator(...ADMIN_AREA_ROLES.courses);

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.getCourses,
    {
      tags,
      summary: 'Every course, published or not, by title or id words, category and state, paged',
      security,
      failures: consoleFailures,
      preHandler: editors,
    },
    async (request) => ok(await listCoursesForConsole(deps.db, request.query, pageOf(request.query))),
  );

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.getCourseOptions,
    {
      tags,
      summary: 'The categories and teachers (masters) a course form offers',
      security,
      failures: consoleFailures,
      preHandler: editors,
    },
    async () => ok(await courseFormOptions(deps.db)),
  );

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.getCoursesById,
    {
      tags,
      summary: 'A course with its introduction, lessons in order and courseware',
      security,
      failures: consoleFailures,
      preHandler: editors,
    },
    async (request) => ok(await courseForConsole(deps.db, request.params.id)),
  );

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.postCourses,
    {
      tags,
      summary: 'Create a course (unpublished until 发布); Conflict when the id is taken',
      description: 'Audit row course.create.',
      security,
      failures: consoleFailures,
      preHandler: editors,
    },
    async (request) => ok(await createCourseAudited(deps, auditorOf(request), request.body)),
  );

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.postCoursesById,
    {
      tags,
      summary: 'Change a course’s title, teacher, category, cover, introduction, free flag and order',
      description: 'Audit row course.update.',
      security,
      failures: consoleFailures,
      preHandler: editors,
    },
    async (request) =>
      ok(await updateCourseAudited(deps, auditorOf(request), request.params.id, request.body)),
  );

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.postCoursesByIdPublish,
    {
      tags,
      summary: '发布 or 下架 a course: the app lists it, or only its buyers still reach it',
      description:
        'A course without lessons cannot be published (ValidationError). Audit row course.publish.',
      security,
      failures: consoleFailures,
      preHandler: editors,
    },
    async (request) =>
      ok(await publishCourseAudited(deps, auditorOf(request), request.params.id, request.body.published)),
  );

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.postCoursesByIdLessons,
    {
      tags,
      summary: 'Add a lesson at the end: a completed video upload, its length read from the file',
      description: 'Audit row lesson.save.',
      security,
      failures: consoleFailures,
      preHandler: editors,
    },
    async (request) => ok(await addLessonAudited(deps, auditorOf(request), request.params.id, request.body)),
  );

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.postCoursesByIdLessonsOrder,
    {
      tags,
      summary: 'Put the course’s lessons in a new order (every lesson id once)',
      description: 'Audit row lesson.reorder.',
      security,
      failures: consoleFailures,
      preHandler: editors,
    },
    async (request) =>
      ok(await reorderLessonsAudited(deps, auditorOf(request), request.params.id, request.body.lessonIds)),
  );

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.postLessonsByLessonId,
    {
      tags,
      summary: 'Change a lesson’s title, video and 免费试看 flag',
      description: 'Audit row lesson.save.',
      security,
      failures: consoleFailures,
      preHandler: editors,
    },
    async (request) =>
      ok(await updateLessonAudited(deps, auditorOf(request), request.params.lessonId, request.body)),
  );

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.deleteLessonsByLessonId,
    {
      tags,
      summary: 'Delete a lesson (and learners’ progress in it); the others close up',
      description: 'Audit row lesson.delete.',
      security,
      failures: consoleFailures,
      preHandler: editors,
    },
    async (request) => ok(await deleteLessonAudited(deps, auditorOf(request), request.params.lessonId)),
  );

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.postCoursesByIdCourseware,
    {
      tags,
      summary: 'Add courseware to a course: a completed PDF upload, downloadable in the app',
      description: 'Audit row courseware.save.',
      security,
      failures: consoleFailures,
      preHandler: editors,
    },
    async (request) =>
      ok(await addCoursewareAudited(deps, auditorOf(request), request.params.id, request.body)),
  );

  addRoute(
    app,
    KETANG_CONSOLE_ROUTES.deleteCoursewareByCoursewareId,
    {
      tags,
      summary: 'Remove a courseware file from the app',
      description: 'Audit row courseware.delete.',
      security,
      failures: consoleFailures,
      preHandler: editors,
    },
    async (request) =>
      ok(await removeCoursewareAudited(deps, auditorOf(request), request.params.coursewareId)),
  );
};
