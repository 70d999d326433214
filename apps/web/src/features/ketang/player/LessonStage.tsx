/**
 * The video of the lesson on show with its controls (media-chrome, themed to the app): the big
 * play/pause button between −15 s and +15 s in the middle; the seek bar, time, 倍速, 下一课 and 全屏
 * below. While it plays the controls hide after 3 s without a touch (PRODUCT.md#classroom) and a tap brings
 * them back; while paused they stay. The picture is letterboxed in black (`object-fit: contain`,
 * PRODUCT.md#classroom), 16:9 on a phone held upright, the whole height in landscape.
 *
 * The same video element serves every lesson of the visit, so fullscreen and the speed stay when the
 * learner goes on to the next lesson. A lesson the caller may not watch shows how to unlock it.
 */
import './media-chrome';
import type { CourseDetail, Lesson, Play } from '@xuanli/contracts/ketang';
import { useCallback, useEffect, useRef, useState } from 'react';
import { motion } from '@/config/theme';
import { ApiError, api } from '@/lib/api';
import { userMessage } from '@/lib/error-message';
import { usePlay } from '../api/get-play';
import { clockTime } from '../course-time';
import styles from './LessonStage.module.css';
import { LockedPanel } from './LockedPanel';
import { PLAYER_LANG } from './media-labels';
import { NORMAL_RATE, rateLabel } from './playback-rate';
import type { ProgressReporter } from './progress-reporter';
import { resumePosition } from './resume-position';
import { SpeedPanel } from './SpeedPanel';
import overlay from './StageOverlay.module.css';
import { useFullscreenOrientation } from './use-fullscreen-orientation';
import { useLessonSource } from './use-lesson-source';
import { usePlaybackRate } from './use-playback-rate';
import { useProgressEvents } from './use-progress-events';

/** Seconds the ±15 s buttons jump. */
export const SEEK_STEP_S = 15;

/** How long 已为你跳转到… stays. */
const RESUME_NOTICE_MS = 3000;

/** Props of {@link LessonStage}. */
export interface LessonStageProps {
  course: CourseDetail;
  lesson: Lesson;
  /** The lesson 下一课 leads to; null at the last playable lesson (the button is not shown). */
  next: Lesson | null;
  onNext: () => void;
  /** Where positions are reported; null for a visitor. */
  reporter: ProgressReporter | null;
}

/** Whether `video` is paused, following its play and pause events. */
function usePaused(video: HTMLVideoElement | null): boolean {
  const [paused, setPaused] = useState(true);
  useEffect(() => {
    if (!video) return;
    const update = () => setPaused(video.paused);
    const events = ['play', 'playing', 'pause', 'ended', 'emptied'];
    for (const type of events) video.addEventListener(type, update);
    update();
    return () => {
      for (const type of events) video.removeEventListener(type, update);
    };
  }, [video]);
  return paused;
}

/**
 * Shows the controls for their 3 s when playback starts without a touch on the player (a lesson that
 * starts by itself): media-chrome counts a pointer moving over the player as activity and hides the
 * controls once it stops, so one synthetic move starts that count. A tap starts it by itself.
 */
function useControlsOnStart(video: HTMLVideoElement | null, controller: HTMLElement | null): void {
  useEffect(() => {
    if (!video || !controller || typeof PointerEvent !== 'function') return;
    const reveal = () => controller.dispatchEvent(new PointerEvent('pointermove', { pointerType: 'mouse' }));
    video.addEventListener('play', reveal);
    return () => video.removeEventListener('play', reveal);
  }, [video, controller]);
}

/**
 * Keeps the controls a finger brought back. After a tap the browser emulates mouse events, and Chromium
 * may follow them with a `mouseleave` of the player at once; media-chrome reads that as a mouse that
 * left and hides the controls on the spot. A `mouseleave` after a touch is therefore not passed on (a
 * listener on the controller's own capture phase runs before media-chrome's).
 */
function useTouchKeepsControls(controller: HTMLElement | null): void {
  useEffect(() => {
    if (!controller) return;
    let lastPointer = '';
    const remember = (event: PointerEvent) => {
      lastPointer = event.pointerType;
    };
    const swallow = (event: Event) => {
      if (lastPointer === 'touch' || lastPointer === 'pen') event.stopImmediatePropagation();
    };
    controller.addEventListener('pointerdown', remember, { capture: true });
    controller.addEventListener('mouseleave', swallow, { capture: true });
    return () => {
      controller.removeEventListener('pointerdown', remember, { capture: true });
      controller.removeEventListener('mouseleave', swallow, { capture: true });
    };
  }, [controller]);
}

/** The player of one course's lessons. */
export function LessonStage({ course, lesson, next, onNext, reporter }: LessonStageProps) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [controller, setController] = useState<HTMLElement | null>(null);
  const [speedOpen, setSpeedOpen] = useState(false);
  const rateButton = useRef<HTMLButtonElement>(null);
  const [resumeNotice, setResumeNotice] = useState<number | null>(null);
  const query = usePlay(lesson.id);
  const play = query.data;
  const { refetch } = query;

  const refusal =
    query.error instanceof ApiError && (query.error.status === 401 || query.error.status === 403)
      ? query.error.status
      : null;

  // What the server holds needs no report until the learner moves.
  useEffect(() => {
    if (play) reporter?.know(play.lesson, play.position);
  }, [play, reporter]);

  const startAt = useCallback(
    (answer: Play) => resumePosition(reporter?.latest(answer.lesson) ?? answer.position, answer.duration),
    [reporter],
  );
  const renew = useCallback(async () => (await refetch()).isSuccess, [refetch]);

  const { resumedAt, reconnecting } = useLessonSource({
    video,
    lesson: lesson.id,
    play: refusal === null ? play : undefined,
    startAt,
    renew,
    serverNow: api.serverNow,
  });
  useProgressEvents(video, lesson.id, reporter);
  const { rate, choose } = usePlaybackRate(video);
  const fullscreen = useFullscreenOrientation(controller);
  const paused = usePaused(video);
  useControlsOnStart(video, controller);
  useTouchKeepsControls(controller);

  useEffect(() => {
    setResumeNotice(resumedAt);
    if (resumedAt === null) return;
    const timer = setTimeout(() => setResumeNotice(null), RESUME_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [resumedAt]);

  const closeSpeed = () => {
    setSpeedOpen(false);
    rateButton.current?.focus();
  };

  // Controls in the layer that hides: they take no taps while hidden, so a tap only brings them back.
  const chrome = styles.chrome;
  const state = fullscreen ? 'fullscreen' : paused ? 'paused' : 'playing';

  return (
    <div className={styles.stage} data-state={state}>
      <media-controller
        ref={setController}
        className={`${styles.controller} ${speedOpen ? styles.speedOpen : ''} ${refusal !== null ? styles.locked : ''}`}
        lang={PLAYER_LANG}
        autohide={String(motion.controlsAutoHide / 1000)}
        defaultduration={lesson.duration}
        keyboardbackwardseekoffset={SEEK_STEP_S}
        keyboardforwardseekoffset={SEEK_STEP_S}
      >
        {/* biome-ignore lint/a11y/useMediaCaption: lessons come without caption files (the classroom wire has none). */}
        <video
          ref={setVideo}
          slot="media"
          className={styles.video}
          poster={course.cover || undefined}
          preload="metadata"
          playsInline
          webkit-playsinline="true"
          x5-playsinline="true"
          x5-video-player-type="h5"
          x5-video-player-fullscreen="true"
          controlsList="nodownload"
          aria-label={lesson.title}
        />
        {/* One live region that stays, so screen readers announce each notice put in it. */}
        <div slot="top-chrome" className={styles.notices} role="status" {...{ noautohide: '' }}>
          {reconnecting ? (
            <p className={styles.notice}>网络不稳定，正在重试…</p>
          ) : resumeNotice !== null ? (
            <p className={styles.notice}>已为你跳转到上次学到 {clockTime(resumeNotice)}</p>
          ) : null}
        </div>
        {fullscreen && (
          <p slot="top-chrome" className={`${chrome} ${styles.fullscreenTitle}`}>
            {lesson.title}
          </p>
        )}
        <div slot="centered-chrome" className={`${chrome} ${styles.center}`}>
          <media-seek-backward-button seekoffset={SEEK_STEP_S} className={styles.seek} />
          <media-play-button className={styles.bigPlay} />
          <media-seek-forward-button seekoffset={SEEK_STEP_S} className={styles.seek} />
        </div>
        <media-loading-indicator
          slot="centered-chrome"
          noautohide
          loadingdelay={600}
          className={styles.loading}
        />
        <div className={`${chrome} ${styles.bottom}`}>
          <media-time-range className={styles.range} />
          <media-control-bar className={styles.bar}>
            {/* Not a button: elapsed / total is what a learner reads, and a 14 px-high toggle is no tap target. */}
            <media-time-display showduration notoggle className={styles.time} />
            <span className={styles.spacer} />
            <button
              ref={rateButton}
              type="button"
              className={styles.rate}
              aria-label="倍速"
              aria-haspopup="dialog"
              aria-expanded={speedOpen}
              onClick={() => setSpeedOpen(true)}
            >
              {rate === NORMAL_RATE ? '倍速' : rateLabel(rate)}
            </button>
            {next && (
              <button type="button" className={styles.next} onClick={onNext}>
                <NextIcon />
                <span>下一课</span>
              </button>
            )}
            <media-fullscreen-button className={styles.icon} />
          </media-control-bar>
        </div>
        {speedOpen && (
          <SpeedPanel
            rate={rate}
            onChoose={(chosen) => {
              choose(chosen);
              closeSpeed();
            }}
            onClose={closeSpeed}
          />
        )}
      </media-controller>
      {refusal !== null ? (
        <LockedPanel reason={refusal} courseId={course.id} />
      ) : !play && query.isError ? (
        <section className={overlay.overlay} aria-label="视频暂时无法播放">
          <div className={overlay.body}>
            <h3 className={overlay.title}>视频暂时无法播放</h3>
            <p className={overlay.text}>{userMessage(query.error)}</p>
            <button type="button" className={overlay.action} onClick={() => void refetch()}>
              重试
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}

function NextIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="currentColor">
      <path d="M6 5.5v13a.8.8 0 0 0 1.2.7l9.3-6.5a.8.8 0 0 0 0-1.4L7.2 4.8A.8.8 0 0 0 6 5.5Z" />
      <rect x="17" y="5" width="2.2" height="14" rx="1" />
    </svg>
  );
}
