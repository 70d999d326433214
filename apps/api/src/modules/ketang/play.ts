/**
 * `GET crm/ketang/play`: the URL a lesson's video is fetched from, for callers allowed to watch it
 * (access.ts), bound to the caller's session (media-url.ts: the route sets the cookie that goes with
 * it) and valid for the lesson's length plus a margin — long enough to watch it through with pauses,
 * short enough that a copied URL soon stops working; the player asks again after that. The video is
 * always served through the API's media route, whatever the storage: a presigned object-storage URL
 * cannot be bound to a session (see routes.ts). The answer also carries the saved position, so the
 * player resumes where the learner left off.
 */
import type { Play } from '@xuanli/contracts/ketang';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { AppError } from '../../shared/errors.ts';
import { assertMayWatch, assertVisible, owns } from './access.ts';
import { lessonOf } from './lesson-of.ts';
import { isLessonMediaKey, type MediaSigner } from './media-url.ts';
import { lessonProgress } from './schema.ts';
import type { SessionViewer } from './viewer.ts';

/** What playing needs. */
export interface PlayDeps {
  db: Db;
  clock: Clock;
  signer: MediaSigner;
  /** Seconds a URL lasts beyond the lesson's length (PLAY_URL_MARGIN_SECONDS). */
  marginSeconds: number;
}

/** A play answer and what its cookie binds: the session and the end of the URL (epoch s). */
export interface PlayGrant {
  play: Play;
  sessionId: string;
  expiresAt: number;
}

/**
 * The media URL of lesson `lessonId` for `viewer`: 404 unknown, 401 visitor / 403 user not allowed,
 * and 401 for a caller without a session (there is nothing to bind the URL to).
 */
export async function playLesson(
  deps: PlayDeps,
  viewer: SessionViewer,
  lessonId: number,
): Promise<PlayGrant> {
  const lesson = await lessonOf(deps.db, lessonId);
  const owned = await owns(deps.db, viewer, lesson.courseId);
  assertVisible(lesson.course, owned);
  assertMayWatch(viewer, lesson.course, lesson, owned);
  // A lesson whose video an operator has not set (or set to something else) has nothing to play.
  if (!isLessonMediaKey(lesson.video)) throw new AppError('NotFound', `lesson ${lesson.id} has no video`);
  const { sessionId } = viewer;
  if (sessionId === null) {
    throw new AppError('Unauthorized', 'a session token is needed to play (POST /api/base/token)');
  }
  const expiresAt = Math.floor(deps.clock.now() / 1000) + lesson.duration + deps.marginSeconds;
  const url = deps.signer.urlOf(lesson.video, { sessionId, userId: viewer.userId }, expiresAt);
  let position = 0;
  if (viewer.userId !== null) {
    const [saved] = await deps.db
      .select({ position: lessonProgress.position })
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, viewer.userId), eq(lessonProgress.lessonId, lesson.id)));
    position = saved?.position ?? 0;
  }
  const play = {
    url,
    expires: new Date(expiresAt * 1000).toISOString(),
    lesson: lesson.id,
    duration: lesson.duration,
    position,
  };
  return { play, sessionId, expiresAt };
}
