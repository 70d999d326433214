/**
 * `GET crm/ketang/play`: the URL a lesson's video is fetched from, for callers allowed to watch it
 * (access.ts), valid for {@link PLAY_URL_SECONDS}. Object storage hands out its own presigned URL (the
 * bytes then never pass through the API); the local folder gets a signed API URL (media-url.ts).
 * The answer also carries the saved position, so the player resumes where the learner left off.
 */
import { PLAY_URL_SECONDS, type Play } from '@xuanli/contracts/ketang';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { AppError } from '../../shared/errors.ts';
import type { FileStorage } from '../../shared/storage.ts';
import { assertMayWatch, assertVisible, owns } from './access.ts';
import { lessonOf } from './lesson-of.ts';
import { isLessonMediaKey, type MediaSigner } from './media-url.ts';
import { lessonProgress } from './schema.ts';
import type { Viewer } from './viewer.ts';

/** What playing needs. */
export interface PlayDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  signer: MediaSigner;
}

/** The media URL of lesson `lessonId` for `viewer`: 404 unknown, 401 visitor / 403 user not allowed. */
export async function playLesson(deps: PlayDeps, viewer: Viewer, lessonId: number): Promise<Play> {
  const lesson = await lessonOf(deps.db, lessonId);
  const owned = await owns(deps.db, viewer, lesson.courseId);
  assertVisible(lesson.course, owned);
  assertMayWatch(viewer, lesson.course, lesson, owned);
  // A lesson whose video an operator has not set (or set to something else) has nothing to play.
  if (!isLessonMediaKey(lesson.video)) throw new AppError('NotFound', `lesson ${lesson.id} has no video`);
  const expiresAt = Math.floor(deps.clock.now() / 1000) + PLAY_URL_SECONDS;
  const url =
    (await deps.storage.presignedGetUrl(lesson.video, PLAY_URL_SECONDS)) ??
    deps.signer.urlOf(lesson.video, viewer.userId, expiresAt);
  let position = 0;
  if (viewer.userId !== null) {
    const [saved] = await deps.db
      .select({ position: lessonProgress.position })
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, viewer.userId), eq(lessonProgress.lessonId, lesson.id)));
    position = saved?.position ?? 0;
  }
  return {
    url,
    expires: new Date(expiresAt * 1000).toISOString(),
    lesson: lesson.id,
    duration: lesson.duration,
    position,
  };
}
