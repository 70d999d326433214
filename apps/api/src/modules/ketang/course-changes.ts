/**
 * The console's course changes: what an operator sends, checked against the uploads it names (a
 * lesson's video must be a completed video upload — or a video a lesson already plays — and takes its
 * length from the file; courseware must be a completed PDF upload), applied by the classroom module
 * and audited in the same transaction.
 */
import type {
  AdminCourseCreateBody,
  AdminCourseDetail,
  AdminCourseUpdateBody,
  AdminCoursewareBody,
  AdminLessonBody,
} from '@xuanli/contracts/admin-courses';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Auditor, changeAudited } from '../../shared/audit.ts';
import type { Clock } from '../../shared/clock.ts';
import { AppError } from '../../shared/errors.ts';
import type { Tx } from '../../shared/orders.ts';
import {
  addCourseware,
  addLesson,
  type Change,
  courseForConsole,
  createCourse,
  deleteLesson,
  type LessonFields,
  removeCourseware,
  reorderLessons,
  setCoursePublished,
  updateCourse,
  updateLesson,
} from './course-editing.ts';
import { normaliseLessonTags } from './lesson-tags.ts';
import { isLessonMediaKey } from './media-url.ts';
import { lessons } from './schema.ts';
import { doneUploadOf } from './uploads.ts';

/** What the console's changes here are built from. */
export interface EditingDeps {
  db: Db;
  clock: Clock;
}

/** Runs `change` and writes its audit row in one transaction; answers the course's page after it. */
async function audited<T>(
  deps: EditingDeps,
  auditor: Auditor,
  action: string,
  target: (change: Change<T>) => string,
  courseOf: (change: Change<T>) => string | null,
  change: (tx: Tx, at: Date) => Promise<Change<T>>,
): Promise<AdminCourseDetail | null> {
  const done = await changeAudited(
    deps,
    auditor,
    action,
    async (tx, at) => {
      const made = await change(tx, at);
      // The page is read in the change's own transaction, so it shows exactly what was written.
      const courseId = courseOf(made);
      return { ...made, page: courseId === null ? null : await courseForConsole(tx, courseId) };
    },
    target,
  );
  return done.page;
}

/** The stored fields of a lesson from what the operator sent. */
async function lessonFieldsOf(db: Db | Tx, body: AdminLessonBody): Promise<LessonFields> {
  const upload = await doneUploadOf(db, body.video);
  if (upload && upload.purpose !== 'video') throw new AppError('ValidationError', '请选择视频文件');
  if (!upload) {
    // Not an upload: only a video some lesson already plays (the seeded ones) may be reused.
    const [used] = isLessonMediaKey(body.video)
      ? await db.select({ id: lessons.id }).from(lessons).where(eq(lessons.video, body.video)).limit(1)
      : [];
    if (!used) throw new AppError('ValidationError', '请先上传课时视频');
  }
  const seconds = upload?.durationSeconds ?? null;
  const duration = seconds !== null ? Math.round(seconds) : body.duration;
  if (duration === undefined)
    throw new AppError('ValidationError', '视频文件未写明时长，请填写课时长度（秒）');
  return {
    title: body.title.trim(),
    video: body.video,
    duration,
    free: body.free ?? false,
    ...(body.tags === undefined ? {} : { tags: normaliseLessonTags(body.tags) }),
  };
}

const courseTarget = (id: string) => `course:${id}`;

/** `POST admin/courses`. */
export function createCourseAudited(deps: EditingDeps, auditor: Auditor, body: AdminCourseCreateBody) {
  const { id, ...fields } = body;
  return audited(
    deps,
    auditor,
    'course.create',
    () => courseTarget(id),
    () => id,
    (tx: Tx, at: Date) => createCourse(tx, id, fields, at),
  );
}

/** `POST admin/courses/:id`. */
export function updateCourseAudited(
  deps: EditingDeps,
  auditor: Auditor,
  id: string,
  body: AdminCourseUpdateBody,
) {
  return audited(
    deps,
    auditor,
    'course.update',
    () => courseTarget(id),
    () => id,
    (tx: Tx, at: Date) => updateCourse(tx, id, body, at),
  );
}

/** `POST admin/courses/:id/publish`. */
export function publishCourseAudited(deps: EditingDeps, auditor: Auditor, id: string, published: boolean) {
  return audited(
    deps,
    auditor,
    'course.publish',
    () => courseTarget(id),
    () => id,
    (tx: Tx, at: Date) => setCoursePublished(tx, id, published, at),
  );
}

/** `POST admin/courses/:id/lessons`. */
export function addLessonAudited(
  deps: EditingDeps,
  auditor: Auditor,
  courseId: string,
  body: AdminLessonBody,
) {
  return audited(
    deps,
    auditor,
    'lesson.save',
    (change) => `lesson:${change.after?.id}`,
    () => courseId,
    async (tx: Tx, at: Date) => addLesson(tx, courseId, await lessonFieldsOf(tx, body), at),
  );
}

/** `POST admin/lessons/:lessonId`. */
export function updateLessonAudited(
  deps: EditingDeps,
  auditor: Auditor,
  lessonId: number,
  body: AdminLessonBody,
) {
  return audited(
    deps,
    auditor,
    'lesson.save',
    () => `lesson:${lessonId}`,
    (change) => change.after?.courseId ?? null,
    async (tx: Tx, at: Date) => {
      // An unknown lesson is a 404 whatever was sent for it.
      const [known] = await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.id, lessonId));
      if (!known) throw new AppError('NotFound', `没有课时 ${lessonId}`);
      return updateLesson(tx, lessonId, await lessonFieldsOf(tx, body), at);
    },
  );
}

/** `DELETE admin/lessons/:lessonId`. */
export function deleteLessonAudited(deps: EditingDeps, auditor: Auditor, lessonId: number) {
  return audited(
    deps,
    auditor,
    'lesson.delete',
    () => `lesson:${lessonId}`,
    (change) => change.before?.courseId ?? null,
    (tx: Tx, at: Date) => deleteLesson(tx, lessonId, at),
  );
}

/** `POST admin/courses/:id/lessons/order`. */
export function reorderLessonsAudited(deps: EditingDeps, auditor: Auditor, courseId: string, ids: number[]) {
  return audited(
    deps,
    auditor,
    'lesson.reorder',
    () => courseTarget(courseId),
    () => courseId,
    (tx: Tx, at: Date) => reorderLessons(tx, courseId, ids, at),
  );
}

/** `POST admin/courses/:id/courseware`. */
export function addCoursewareAudited(
  deps: EditingDeps,
  auditor: Auditor,
  courseId: string,
  body: AdminCoursewareBody,
) {
  return audited(
    deps,
    auditor,
    'courseware.save',
    (change) => `courseware:${change.after?.id}`,
    () => courseId,
    async (tx: Tx, at: Date) => {
      const upload = await doneUploadOf(tx, body.file);
      if (upload?.purpose !== 'courseware') throw new AppError('ValidationError', '请先上传 PDF 课件');
      const title = body.title.trim();
      return addCourseware(
        tx,
        courseId,
        { title, file: body.file, fileName: `${title}.pdf`, bytes: upload.size },
        at,
      );
    },
  );
}

/** `DELETE admin/courseware/:coursewareId`. */
export function removeCoursewareAudited(deps: EditingDeps, auditor: Auditor, id: number) {
  return audited(
    deps,
    auditor,
    'courseware.delete',
    () => `courseware:${id}`,
    (change) => change.before?.courseId ?? null,
    (tx: Tx, at: Date) => removeCourseware(tx, id, at),
  );
}
