/**
 * Free courseware (课件, `GET crm/ketang/kejian`): files anyone may download from the public file
 * route (`/api/files/<key>`, with Range), saved under their own name (downloaded as a blob,
 * PRODUCT.md#classroom).
 */
import type { CoursewareList, CoursewareQuery } from '@xuanli/contracts/ketang';
import { FILE_URL_PREFIX } from '@xuanli/contracts/upload';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contentTypeOf } from '../../shared/storage.ts';
import { courseware } from './schema.ts';

/** Where courseware files are stored (public: served by the file route). */
export const COURSEWARE_FOLDER = 'ketang/kejian/';

/** The courseware in display order, optionally only that of one course. */
export async function listCourseware(db: Db, query: CoursewareQuery): Promise<CoursewareList> {
  const rows = await db
    .select()
    .from(courseware)
    .where(query.course === undefined ? undefined : eq(courseware.courseId, query.course))
    .orderBy(asc(courseware.sort), asc(courseware.id));
  const list = rows.map((row) => ({
    id: row.id,
    title: row.title,
    fileName: row.fileName,
    url: `${FILE_URL_PREFIX}${row.file}`,
    type: contentTypeOf(row.file),
    pages: row.pages,
    bytes: row.bytes,
    courseId: row.courseId,
  }));
  return { list, total: list.length };
}
