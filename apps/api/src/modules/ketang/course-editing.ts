/**
 * Courses as operators edit them from the console: the list with unpublished courses, one course with
 * its lessons and courseware, and every change — course fields, 发布/下架, lessons added, edited,
 * deleted and reordered, courseware added and removed. Each change runs in the caller's transaction
 * and answers the changed fields before and after (the console writes its audit row beside it). The
 * classroom's routes read the same rows with no cache, so a change shows in the app at once. Lesson
 * edits lock the course row first, so two operators reordering or adding at once never collide on a
 * lesson number.
 */
import type {
  AdminCourseDetail,
  AdminCourseList,
  AdminCourseOptions,
  AdminCourseQuery,
  AdminCourseRow,
  AdminCourseware,
  AdminLesson,
} from '@xuanli/contracts/admin-courses';
import { FILE_URL_PREFIX } from '@xuanli/contracts/upload';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/errors.ts';
import type { Tx } from '../../shared/orders.ts';
import { isMaster, masterCards, masterChoices } from '../content/index.ts';
import { type CourseRow, courseRow } from './course-row.ts';
import { courseCategories, courses, courseware, lessons } from './schema.ts';

/** What an operator gives for a course (the id only when creating). */
export interface CourseFields {
  title: string;
  subtitle?: string;
  cover?: string;
  teacherSellid: number;
  categoryId: number;
  intro?: string;
  free?: boolean;
  sort?: number;
}

/** A change and the fields it changed, before and after (null before a creation, after a deletion). */
export interface Change<T> {
  before: T | null;
  after: T | null;
}

/** The teacher of each course row, joined by sellid. */
const teacher = masterCards('teacher');

const ROW_COLUMNS = {
  id: courses.id,
  title: courses.title,
  subtitle: courses.subtitle,
  cover: courses.cover,
  categoryId: courses.categoryId,
  categoryName: courseCategories.name,
  teacherSellid: courses.teacherSellid,
  teacherNickname: sql<string>`coalesce(${teacher.nickname}, '')`,
  free: courses.free,
  published: courses.published,
  sort: courses.sort,
  lessonCount: sql<number>`(select count(*)::int from ${lessons} where ${lessons.courseId} = ${courses.id})`,
  updatedAt: courses.updatedAt,
};

function selectRows(db: Db | Tx) {
  return db
    .select(ROW_COLUMNS)
    .from(courses)
    .innerJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
    .leftJoin(teacher, eq(teacher.sellid, courses.teacherSellid));
}

type RawRow = Omit<AdminCourseRow, 'updatedAt'> & { updatedAt: Date };

function rowOf(row: RawRow): AdminCourseRow {
  return { ...row, lessonCount: Number(row.lessonCount), updatedAt: row.updatedAt.toISOString() };
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
function likeText(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A page of every course (published or not), by title or id words, category and state. */
export async function listCoursesForConsole(
  db: Db,
  query: AdminCourseQuery,
  page: { page: number; size: number },
): Promise<AdminCourseList> {
  const filters: SQL[] = [];
  const q = query.q?.trim() ?? '';
  if (q !== '') filters.push(or(ilike(courses.title, likeText(q)), ilike(courses.id, likeText(q)))!);
  if (query.category !== undefined) filters.push(eq(courses.categoryId, query.category));
  if (query.published !== undefined) filters.push(eq(courses.published, query.published));
  const where = filters.length === 0 ? undefined : and(...filters);
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(courses).where(where);
  const rows = await selectRows(db)
    .where(where)
    .orderBy(asc(courses.sort), desc(courses.updatedAt), asc(courses.id))
    .limit(page.size)
    .offset((page.page - 1) * page.size);
  return { list: rows.map(rowOf), total: Number(counted?.total ?? 0) };
}

/** The categories and active masters a course form offers. */
export async function courseFormOptions(db: Db): Promise<AdminCourseOptions> {
  const [categories, teachers] = await Promise.all([
    db
      .select({ id: courseCategories.id, name: courseCategories.name })
      .from(courseCategories)
      .orderBy(asc(courseCategories.sort), asc(courseCategories.id)),
    masterChoices(db),
  ]);
  return { categories, teachers };
}

async function lessonsOf(db: Db | Tx, courseId: string): Promise<AdminLesson[]> {
  return db
    .select({
      id: lessons.id,
      no: lessons.no,
      title: lessons.title,
      duration: lessons.duration,
      free: lessons.free,
      video: lessons.video,
      tags: lessons.tags,
    })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.no), asc(lessons.id));
}

function coursewareOf(row: typeof courseware.$inferSelect): AdminCourseware {
  return {
    id: row.id,
    title: row.title,
    fileName: row.fileName,
    file: row.file,
    url: `${FILE_URL_PREFIX}${row.file}`,
    bytes: row.bytes,
    pages: row.pages,
  };
}

/** Course `id` with its intro, lessons in order and courseware; 404 when there is none. */
export async function courseForConsole(db: Db | Tx, id: string): Promise<AdminCourseDetail> {
  const [row] = await selectRows(db).where(eq(courses.id, id)).limit(1);
  if (!row) throw new AppError('NotFound', `没有课程 ${id}`);
  const [intro] = await db.select({ intro: courses.intro }).from(courses).where(eq(courses.id, id));
  const files = await db
    .select()
    .from(courseware)
    .where(eq(courseware.courseId, id))
    .orderBy(asc(courseware.sort), asc(courseware.id));
  return {
    ...rowOf(row),
    intro: intro?.intro ?? '',
    lessons: await lessonsOf(db, id),
    courseware: files.map(coursewareOf),
  };
}

/** The course's fields as the audit trail keeps them. */
type CourseState = Omit<
  typeof courses.$inferSelect,
  'searchTitle' | 'searchIntro' | 'searchGrams' | 'createdAt' | 'updatedAt'
>;

/** Locks course `id` for the rest of the transaction and answers its fields; 404 when there is none. */
async function lockCourse(tx: Tx, id: string): Promise<CourseState> {
  const [row] = await tx
    .select({
      id: courses.id,
      title: courses.title,
      subtitle: courses.subtitle,
      cover: courses.cover,
      teacherSellid: courses.teacherSellid,
      categoryId: courses.categoryId,
      intro: courses.intro,
      free: courses.free,
      published: courses.published,
      sort: courses.sort,
    })
    .from(courses)
    .where(eq(courses.id, id))
    .for('update');
  if (!row) throw new AppError('NotFound', `没有课程 ${id}`);
  return row;
}

async function assertReferences(tx: Tx, fields: CourseFields): Promise<void> {
  const [category] = await tx
    .select({ id: courseCategories.id })
    .from(courseCategories)
    .where(eq(courseCategories.id, fields.categoryId));
  if (!category) throw new AppError('ValidationError', '请选择已有的课程分类');
  if (!(await isMaster(tx, fields.teacherSellid))) throw new AppError('ValidationError', '请选择已有的老师');
}

/** A course's fields as the console shows them: the written row without its search columns. */
function stateOf({
  searchTitle: _title,
  searchIntro: _intro,
  searchGrams: _grams,
  ...state
}: CourseRow): CourseState {
  return state;
}

/** Creates course `id`, unpublished until an operator publishes it; 409 when the id is taken. */
export async function createCourse(
  tx: Tx,
  id: string,
  fields: CourseFields,
  at: Date,
): Promise<Change<CourseState>> {
  await assertReferences(tx, fields);
  const row = courseRow({ id, ...fields, intro: fields.intro ?? '', published: false });
  const [created] = await tx
    .insert(courses)
    .values({ ...row, createdAt: at, updatedAt: at })
    .onConflictDoNothing({ target: courses.id })
    .returning({ id: courses.id });
  if (!created) throw new AppError('Conflict', `课程编号 ${id} 已被使用`);
  return { before: null, after: stateOf(row) };
}

/** Replaces the fields of course `id` (its publication stays). */
export async function updateCourse(
  tx: Tx,
  id: string,
  fields: CourseFields,
  at: Date,
): Promise<Change<CourseState>> {
  const before = await lockCourse(tx, id);
  await assertReferences(tx, fields);
  const {
    id: _,
    published: __,
    ...row
  } = courseRow({
    id,
    ...fields,
    intro: fields.intro ?? '',
    published: before.published,
  });
  await tx
    .update(courses)
    .set({ ...row, updatedAt: at })
    .where(eq(courses.id, id));
  return { before, after: { ...stateOf({ ...row, id, published: before.published }) } };
}

/** 发布 (true) or 下架 (false) course `id`; a course without lessons cannot be published. */
export async function setCoursePublished(
  tx: Tx,
  id: string,
  published: boolean,
  at: Date,
): Promise<Change<{ published: boolean }>> {
  const before = await lockCourse(tx, id);
  if (published) {
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(lessons)
      .where(eq(lessons.courseId, id));
    if (Number(counted?.n ?? 0) === 0) throw new AppError('ValidationError', '课程至少要有一节课才能发布');
  }
  await tx.update(courses).set({ published, updatedAt: at }).where(eq(courses.id, id));
  return { before: { published: before.published }, after: { published } };
}

/** A lesson's fields as stored; `tags` left out keeps a lesson's tags (a new one has none). */
export interface LessonFields {
  title: string;
  video: string;
  duration: number;
  free: boolean;
  tags?: string[];
}

type LessonState = LessonFields & { id: number; courseId: string; no: number };

async function touch(tx: Tx, courseId: string, at: Date): Promise<void> {
  await tx.update(courses).set({ updatedAt: at }).where(eq(courses.id, courseId));
}

/** Adds a lesson at the end of course `courseId`. */
export async function addLesson(
  tx: Tx,
  courseId: string,
  fields: LessonFields,
  at: Date,
): Promise<Change<LessonState>> {
  await lockCourse(tx, courseId);
  const [last] = await tx
    .select({ no: sql<number>`coalesce(max(${lessons.no}), 0)::int` })
    .from(lessons)
    .where(eq(lessons.courseId, courseId));
  const no = Number(last?.no ?? 0) + 1;
  const [row] = await tx
    .insert(lessons)
    .values({ courseId, no, ...fields })
    .returning();
  await touch(tx, courseId, at);
  return { before: null, after: row! };
}

/** The lesson `id` with its course locked; 404 when there is none. */
async function lockLesson(tx: Tx, id: number): Promise<LessonState> {
  const [found] = await tx.select({ courseId: lessons.courseId }).from(lessons).where(eq(lessons.id, id));
  if (!found) throw new AppError('NotFound', `没有课时 ${id}`);
  await lockCourse(tx, found.courseId);
  const [row] = await tx.select().from(lessons).where(eq(lessons.id, id));
  if (!row) throw new AppError('NotFound', `没有课时 ${id}`);
  return row;
}

/** Changes lesson `id`'s title, video, length, 免费试看 flag and (when given) tags. */
export async function updateLesson(
  tx: Tx,
  id: number,
  fields: LessonFields,
  at: Date,
): Promise<Change<LessonState>> {
  const before = await lockLesson(tx, id);
  const [after] = await tx.update(lessons).set(fields).where(eq(lessons.id, id)).returning();
  await touch(tx, before.courseId, at);
  return { before, after: after! };
}

/**
 * Numbers `ids` 1, 2, … in their order. Done in two steps (first out of the way, negative) because the
 * unique (course, no) is checked row by row.
 */
async function renumber(tx: Tx, courseId: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(lessons)
    .set({ no: sql`-${lessons.no}` })
    .where(eq(lessons.courseId, courseId));
  const cases = sql.join(
    ids.map((id, i) => sql`when ${id}::int then ${i + 1}::int`),
    sql` `,
  );
  await tx
    .update(lessons)
    .set({ no: sql`case ${lessons.id} ${cases} end` })
    .where(and(eq(lessons.courseId, courseId), inArray(lessons.id, ids)));
}

/** Deletes lesson `id` (with learners' progress in it) and closes the gap in the numbering. */
export async function deleteLesson(tx: Tx, id: number, at: Date): Promise<Change<LessonState>> {
  const before = await lockLesson(tx, id);
  await tx.delete(lessons).where(eq(lessons.id, id));
  const rest = await lessonsOf(tx, before.courseId);
  await renumber(
    tx,
    before.courseId,
    rest.map((lesson) => lesson.id),
  );
  await touch(tx, before.courseId, at);
  return { before, after: null };
}

/** Puts the lessons of `courseId` in the order of `ids`, which must name each of them exactly once. */
export async function reorderLessons(
  tx: Tx,
  courseId: string,
  ids: number[],
  at: Date,
): Promise<Change<{ lessonIds: number[] }>> {
  await lockCourse(tx, courseId);
  const current = (await lessonsOf(tx, courseId)).map((lesson) => lesson.id);
  const wanted = new Set(ids);
  if (wanted.size !== ids.length || ids.length !== current.length || current.some((id) => !wanted.has(id))) {
    throw new AppError('ValidationError', '排序须包含本课程的每节课各一次');
  }
  await renumber(tx, courseId, ids);
  await touch(tx, courseId, at);
  return { before: { lessonIds: current }, after: { lessonIds: ids } };
}

/** A courseware file's fields as stored. */
export interface CoursewareFields {
  title: string;
  file: string;
  fileName: string;
  bytes: number;
}

/** Adds a courseware file to course `courseId`, after its others. */
export async function addCourseware(
  tx: Tx,
  courseId: string,
  fields: CoursewareFields,
  at: Date,
): Promise<Change<AdminCourseware & { courseId: string }>> {
  await lockCourse(tx, courseId);
  const [last] = await tx
    .select({ sort: sql<number>`coalesce(max(${courseware.sort}), 0)::int` })
    .from(courseware);
  const slug = `${courseId}-${fields.file.slice(fields.file.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '')}`;
  const [row] = await tx
    .insert(courseware)
    .values({ slug, courseId, sort: Number(last?.sort ?? 0) + 10, pages: 0, ...fields })
    .onConflictDoNothing({ target: courseware.slug })
    .returning();
  if (!row) throw new AppError('Conflict', '该课件已添加');
  await touch(tx, courseId, at);
  return { before: null, after: { ...coursewareOf(row), courseId } };
}

/** Removes courseware `id` (its file stays: links already handed out keep working). */
export async function removeCourseware(
  tx: Tx,
  id: number,
  at: Date,
): Promise<Change<AdminCourseware & { courseId: string | null }>> {
  const [row] = await tx.delete(courseware).where(eq(courseware.id, id)).returning();
  if (!row) throw new AppError('NotFound', `没有课件 ${id}`);
  if (row.courseId) await touch(tx, row.courseId, at);
  return { before: { ...coursewareOf(row), courseId: row.courseId }, after: null };
}
