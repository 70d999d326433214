/**
 * When the player reports where the learner is in a lesson: every {@link REPORT_EVERY_S} seconds of
 * playback, on pause, when a seek ends, at the end of the lesson, when the lesson is left (another
 * lesson, another page) and when the page is hidden or closed (a request that outlives the page).
 */
import { useEffect } from 'react';
import type { ProgressReporter } from './progress-reporter';

/** Seconds of playback between two reports while a lesson plays. */
export const REPORT_EVERY_S = 12;

/** Larger steps of `currentTime` are seeks (reported when they end), not playback. */
const PLAYBACK_STEP_MAX_S = 3;

/** Reports the position in `lesson` that `video` plays, to `reporter` (null: nothing is reported). */
export function useProgressEvents(
  video: HTMLVideoElement | null,
  lesson: number | null,
  reporter: ProgressReporter | null,
): void {
  useEffect(() => {
    if (!video || lesson === null || !reporter) return;
    /** The last position seen of this lesson's media; null until it has loaded. */
    let position: number | null = null;
    let played = 0;
    // Before its metadata (HAVE_NOTHING) the element holds no media of this lesson: its time means nothing.
    const now = () => (video.readyState > 0 && Number.isFinite(video.currentTime) ? video.currentTime : null);
    const report = (at: number, leaving = false) => reporter.report(lesson, at, { leaving });

    const onTimeUpdate = () => {
      const at = now();
      if (at === null) return;
      const step = position === null ? 0 : at - position;
      if (step > 0 && step < PLAYBACK_STEP_MAX_S) played += step;
      position = at;
      if (played >= REPORT_EVERY_S && !video.paused) {
        played = 0;
        report(at);
      }
    };
    const onStop = () => {
      const at = now();
      if (at === null) return;
      position = at;
      report(at);
    };
    // Counting starts where playback starts (the first `timeupdate` comes a moment later).
    const onPlay = () => {
      position = now() ?? position;
    };
    const onSeeked = () => {
      played = 0;
      onStop();
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden' && position !== null) report(now() ?? position, true);
    };
    const onPageHide = () => {
      if (position !== null) report(now() ?? position, true);
    };

    // One signal takes every listener off again when the lesson or the page changes.
    const listening = new AbortController();
    const until = { signal: listening.signal };
    video.addEventListener('timeupdate', onTimeUpdate, until);
    video.addEventListener('play', onPlay, until);
    video.addEventListener('pause', onStop, until);
    video.addEventListener('seeked', onSeeked, until);
    video.addEventListener('ended', onStop, until);
    document.addEventListener('visibilitychange', onHidden, until);
    window.addEventListener('pagehide', onPageHide, until);
    return () => {
      listening.abort();
      // Another lesson or another page: where this one was left.
      if (position !== null) report(position);
    };
  }, [video, lesson, reporter]);
}
