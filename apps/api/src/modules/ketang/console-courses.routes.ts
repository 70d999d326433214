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
import { ok } from '../../shared/envelope.ts';
import { courseForConsole, courseFormOptions, listCoursesForConsole } from '../ketang/index.ts';
import { auditorOf } from './account.ts';
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
} from './courses.ts';
import { operatorOf } from './guard.ts';
import { CONSOLE_SECURITY, type ConsoleRoutesOptions } from './route-options.ts';
import { pageOf } from './wire-numbers.ts';

const tags = ['admin'];
const refusals = { 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, ...errorResponses };
const detail = { 200: okEnvelopeSchema(AdminCourseDetailSchema), ...refusals };
const maybeDetail = {
  200: okEnvelopeSchema(Type.Union([AdminCourseDetailSchema, Type.Null()])),
  ...refusals,
};

/** `admin/courses…`, `admin/lessons/…`, `admin/courseware/…`. */
export const courseRoutes: FastifyPluginAsyncTypebox<ConsoleRoutesOptions> = async (
  app,
  { deps, requireOperator },
) => {
  const editors = requireOperator(...ADMIN_AREA_ROLES.courses);
  const who = (request: Parameters<typeof operatorOf>[0]) => auditorOf(operatorOf(request));

  app.get(
    '/courses',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Every course, published or not, by title or id words, category and state, paged',
        security: CONSOLE_SECURITY,
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
        security: CONSOLE_SECURITY,
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
        security: CONSOLE_SECURITY,
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
        security: CONSOLE_SECURITY,
        body: AdminCourseCreateBodySchema,
        response: maybeDetail,
      },
    },
    async (request) => ok(await createCourseAudited(deps, who(request), request.body)),
  );

  app.post(
    '/courses/:id',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Change a course’s title, teacher, category, cover, introduction, free flag and order',
        description: 'Audit row course.update.',
        security: CONSOLE_SECURITY,
        params: AdminCourseParamsSchema,
        body: AdminCourseUpdateBodySchema,
        response: maybeDetail,
      },
    },
    async (request) => ok(await updateCourseAudited(deps, who(request), request.params.id, request.body)),
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
        security: CONSOLE_SECURITY,
        params: AdminCourseParamsSchema,
        body: AdminCoursePublishBodySchema,
        response: maybeDetail,
      },
    },
    async (request) =>
      ok(await publishCourseAudited(deps, who(request), request.params.id, request.body.published)),
  );

  app.post(
    '/courses/:id/lessons',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Add a lesson at the end: a completed video upload, its length read from the file',
        description: 'Audit row lesson.save.',
        security: CONSOLE_SECURITY,
        params: AdminCourseParamsSchema,
        body: AdminLessonBodySchema,
        response: maybeDetail,
      },
    },
    async (request) => ok(await addLessonAudited(deps, who(request), request.params.id, request.body)),
  );

  app.post(
    '/courses/:id/lessons/order',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Put the course’s lessons in a new order (every lesson id once)',
        description: 'Audit row lesson.reorder.',
        security: CONSOLE_SECURITY,
        params: AdminCourseParamsSchema,
        body: AdminLessonOrderBodySchema,
        response: maybeDetail,
      },
    },
    async (request) =>
      ok(await reorderLessonsAudited(deps, who(request), request.params.id, request.body.lessonIds)),
  );

  app.post(
    '/lessons/:lessonId',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Change a lesson’s title, video and 免费试看 flag',
        description: 'Audit row lesson.save.',
        security: CONSOLE_SECURITY,
        params: AdminLessonParamsSchema,
        body: AdminLessonBodySchema,
        response: maybeDetail,
      },
    },
    async (request) =>
      ok(await updateLessonAudited(deps, who(request), request.params.lessonId, request.body)),
  );

  app.delete(
    '/lessons/:lessonId',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Delete a lesson (and learners’ progress in it); the others close up',
        description: 'Audit row lesson.delete.',
        security: CONSOLE_SECURITY,
        params: AdminLessonParamsSchema,
        response: maybeDetail,
      },
    },
    async (request) => ok(await deleteLessonAudited(deps, who(request), request.params.lessonId)),
  );

  app.post(
    '/courses/:id/courseware',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Add courseware to a course: a completed PDF upload, downloadable in the app',
        description: 'Audit row courseware.save.',
        security: CONSOLE_SECURITY,
        params: AdminCourseParamsSchema,
        body: AdminCoursewareBodySchema,
        response: maybeDetail,
      },
    },
    async (request) => ok(await addCoursewareAudited(deps, who(request), request.params.id, request.body)),
  );

  app.delete(
    '/courseware/:coursewareId',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Remove a courseware file from the app',
        description: 'Audit row courseware.delete.',
        security: CONSOLE_SECURITY,
        params: AdminCoursewareParamsSchema,
        response: maybeDetail,
      },
    },
    async (request) => ok(await removeCoursewareAudited(deps, who(request), request.params.coursewareId)),
  );
};
