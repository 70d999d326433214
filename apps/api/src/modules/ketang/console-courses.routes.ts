/**
 * The courses area of the console (roles admin and editor): courses with their lessons and
 * courseware. Reads come from the classroom module; every write goes through courses.ts, which
 * audits it in the same transaction and answers the course's page as it now is.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminCourseCreateBodySchema,
  AdminCourseDetailSchema,
  AdminCourseListSchema,
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
} from '@xuanli/contracts/admin-courses';
import { ADMIN_AREA_ROLES } from '@xuanli/contracts/admin-labels';
import { ErrorEnvelopeSchema, errorResponses, okEnvelopeSchema } from '@xuanli/contracts/envelope';
import { Type } from 'typebox';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import type { ConsoleRouteOptions } from '../../shared/console-access.ts';
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
const refusals = { 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, ...errorResponses };
const detail = { 200: okEnvelopeSchema(AdminCourseDetailSchema), ...refusals };
const maybeDetail = {
  200: okEnvelopeSchema(Type.Union([AdminCourseDetailSchema, Type.Null()])),
  ...refusals,
};

/** `admin/courses…`, `admin/lessons/…`, `admin/courseware/…`. */
export const courseConsoleRoutes: FastifyPluginAsyncTypebox<CourseConsoleOptions> = async (
  app,
  { deps, requireOperator, auditorOf, security },
) => {
  const editors = requireOperator(...ADMIN_AREA_ROLES.courses);

  app.get(
    '/courses',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Every course, published or not, by title or id words, category and state, paged',
        security,
        querystring: AdminCourseQuerySchema,
        response: { 200: okEnvelopeSchema(AdminCourseListSchema), ...refusals },
      },
    },
    async (request) => ok(await listCoursesForConsole(deps.db, request.query, pageOf(request.query))),
  );

  app.get(
    '/course-options',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'The categories and teachers (masters) a course form offers',
        security,
        response: { 200: okEnvelopeSchema(AdminCourseOptionsSchema), ...refusals },
      },
    },
    async () => ok(await courseFormOptions(deps.db)),
  );

  app.get(
    '/courses/:id',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'A course with its introduction, lessons in order and courseware',
        security,
        params: AdminCourseParamsSchema,
        response: detail,
      },
    },
    async (request) => ok(await courseForConsole(deps.db, request.params.id)),
  );

  app.post(
    '/courses',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Create a course (unpublished until 发布); Conflict when the id is taken',
        description: 'Audit row course.create.',
        security,
        body: AdminCourseCreateBodySchema,
        response: maybeDetail,
      },
    },
    async (request) => ok(await createCourseAudited(deps, auditorOf(request), request.body)),
  );

  app.post(
    '/courses/:id',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Change a course’s title, teacher, category, cover, introduction, free flag and order',
        description: 'Audit row course.update.',
        security,
        params: AdminCourseParamsSchema,
        body: AdminCourseUpdateBodySchema,
        response: maybeDetail,
      },
    },
    async (request) =>
      ok(await updateCourseAudited(deps, auditorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/courses/:id/publish',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: '发布 or 下架 a course: the app lists it, or only its buyers still reach it',
        description:
          'A course without lessons cannot be published (ValidationError). Audit row course.publish.',
        security,
        params: AdminCourseParamsSchema,
        body: AdminCoursePublishBodySchema,
        response: maybeDetail,
      },
    },
    async (request) =>
      ok(await publishCourseAudited(deps, auditorOf(request), request.params.id, request.body.published)),
  );

  app.post(
    '/courses/:id/lessons',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Add a lesson at the end: a completed video upload, its length read from the file',
        description: 'Audit row lesson.save.',
        security,
        params: AdminCourseParamsSchema,
        body: AdminLessonBodySchema,
        response: maybeDetail,
      },
    },
    async (request) => ok(await addLessonAudited(deps, auditorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/courses/:id/lessons/order',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Put the course’s lessons in a new order (every lesson id once)',
        description: 'Audit row lesson.reorder.',
        security,
        params: AdminCourseParamsSchema,
        body: AdminLessonOrderBodySchema,
        response: maybeDetail,
      },
    },
    async (request) =>
      ok(await reorderLessonsAudited(deps, auditorOf(request), request.params.id, request.body.lessonIds)),
  );

  app.post(
    '/lessons/:lessonId',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Change a lesson’s title, video and 免费试看 flag',
        description: 'Audit row lesson.save.',
        security,
        params: AdminLessonParamsSchema,
        body: AdminLessonBodySchema,
        response: maybeDetail,
      },
    },
    async (request) =>
      ok(await updateLessonAudited(deps, auditorOf(request), request.params.lessonId, request.body)),
  );

  app.delete(
    '/lessons/:lessonId',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Delete a lesson (and learners’ progress in it); the others close up',
        description: 'Audit row lesson.delete.',
        security,
        params: AdminLessonParamsSchema,
        response: maybeDetail,
      },
    },
    async (request) => ok(await deleteLessonAudited(deps, auditorOf(request), request.params.lessonId)),
  );

  app.post(
    '/courses/:id/courseware',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Add courseware to a course: a completed PDF upload, downloadable in the app',
        description: 'Audit row courseware.save.',
        security,
        params: AdminCourseParamsSchema,
        body: AdminCoursewareBodySchema,
        response: maybeDetail,
      },
    },
    async (request) =>
      ok(await addCoursewareAudited(deps, auditorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/courseware/:coursewareId',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Remove a courseware file from the app',
        description: 'Audit row courseware.delete.',
        security,
        params: AdminCoursewareParamsSchema,
        response: maybeDetail,
      },
    },
    async (request) =>
      ok(await removeCoursewareAudited(deps, auditorOf(request), request.params.coursewareId)),
  );
};
