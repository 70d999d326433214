/**
 * Getting a lesson's video into the player and keeping it there. The signed URL from `play` becomes
 * the video's source; once its metadata is in, the lesson starts where the learner left off and plays
 * (when the browser lets a page start sound). When the stream breaks — an `error`, or waiting for data
 * longer than {@link STALL_MS} — the position is kept and the player retries: an expired URL, or one
 * the media server now refuses (403), is replaced by asking `play` again; otherwise the same URL is
 * loaded again; the video then continues from the kept position. Without a network it waits, and
 * tries at once when the phone is back online.
 */
import type { Play } from '@xuanli/contracts/ketang';
import { useEffect, useRef, useState } from 'react';

/** How long the video may wait for data before the network counts as dropped. */
export const STALL_MS = 10_000;

/** Waits between retries, growing to the last, which then repeats. */
export const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 15_000] as const;

/** A signed URL this close to its end is renewed rather than used again. */
const EXPIRY_MARGIN_MS = 30_000;

/** `MediaError.MEDIA_ERR_ABORTED`: the load was stopped on purpose (a new source), not a failure. */
const MEDIA_ERR_ABORTED = 1;

/** What the hook needs. */
export interface LessonSourceOptions {
  video: HTMLVideoElement | null;
  /** The lesson shown; null while none is. */
  lesson: number | null;
  /** The lesson's media answer, once there. */
  play: Play | undefined;
  /** Where the lesson starts, decided once its first answer is there (the saved position, or 0). */
  startAt: (play: Play) => number;
  /** Asks `play` again for a fresh URL; resolves whether a new answer came. */
  renew: () => Promise<boolean>;
  /** The server's time in epoch ms (the URL's `expires` is the server's). */
  serverNow: () => number;
}

/** What the player shows about the source. */
export interface LessonSourceState {
  /** The position the lesson was resumed at (to say so), or null when it started from the beginning. */
  resumedAt: number | null;
  /** The stream broke and is being retried. */
  reconnecting: boolean;
}

/** Status of the media URL (a one-byte range), or null when no answer came. */
async function probe(url: string): Promise<number | null> {
  try {
    const response = await fetch(url, { headers: { Range: 'bytes=0-0' }, cache: 'no-store' });
    void response.body?.cancel().catch(() => {});
    return response.status;
  } catch {
    return null;
  }
}

/** Loads each lesson's video into `video` and keeps it playing through network trouble. */
export function useLessonSource({
  video,
  lesson,
  play,
  startAt,
  renew,
  serverNow,
}: LessonSourceOptions): LessonSourceState {
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const [reconnecting, setReconnecting] = useState(false);
  // What the event handlers share; the latest props are read through `props` so they stay bound once.
  const shared = useRef({
    /** The lesson's first answer has been put in (later answers are renewed URLs). */
    started: false,
    /** Where to go once the metadata is in; null: stay. */
    seekTo: null as number | null,
    /** Say where the lesson resumed once it has gone there. */
    announce: false,
    playOnLoad: false,
    /** The learner wants it playing (the last play/pause was a play). */
    playing: false,
    /** The last position reached while the stream worked. */
    lastGood: 0,
    recovering: false,
    attempts: 0,
    retryTimer: undefined as ReturnType<typeof setTimeout> | undefined,
    stallTimer: undefined as ReturnType<typeof setTimeout> | undefined,
  });
  const props = useRef({ play, startAt, renew, serverNow });
  props.current = { play, startAt, renew, serverNow };

  // A new lesson starts afresh; the one left is stopped and unloaded, so it neither plays on nor downloads.
  useEffect(() => {
    if (!video || lesson === null) return;
    const s = shared.current;
    Object.assign(s, { started: false, seekTo: null, announce: false, recovering: false, attempts: 0 });
    setResumedAt(null);
    setReconnecting(false);
    return () => {
      clearTimeout(s.retryTimer);
      clearTimeout(s.stallTimer);
      video.pause();
      video.removeAttribute('src');
      video.load();
    };
  }, [video, lesson]);

  // Each answer's URL into the video: the first one starts the lesson, a renewed one continues it.
  useEffect(() => {
    if (!video || !play) return;
    const s = shared.current;
    if (!s.started) {
      s.started = true;
      const at = props.current.startAt(play);
      Object.assign(s, { seekTo: at, announce: at > 0, playOnLoad: true, lastGood: at });
    }
    if (video.getAttribute('src') !== play.url) video.src = play.url;
  }, [video, play]);

  useEffect(() => {
    if (!video) return;
    const s = shared.current;

    const scheduleAttempt = () => {
      clearTimeout(s.retryTimer);
      const wait = RETRY_DELAYS_MS[Math.min(s.attempts, RETRY_DELAYS_MS.length - 1)];
      s.attempts += 1;
      s.retryTimer = setTimeout(attempt, wait);
    };
    const renewUrl = async () => {
      if (!(await props.current.renew()) && s.recovering) scheduleAttempt();
    };
    /** One try to get the stream back, from the kept position. */
    const attempt = async () => {
      clearTimeout(s.retryTimer);
      const current = props.current.play;
      if (!s.recovering || !current) return;
      s.seekTo = s.lastGood;
      s.playOnLoad = s.playing;
      if (navigator.onLine === false) {
        scheduleAttempt();
        return;
      }
      if (Date.parse(current.expires) - EXPIRY_MARGIN_MS <= props.current.serverNow()) {
        await renewUrl();
        return;
      }
      const status = await probe(current.url);
      if (!s.recovering || props.current.play !== current) return;
      if (status === 401 || status === 403) await renewUrl();
      else if (status !== null && status < 300) video.load();
      else if (status === null) await renewUrl();
      else scheduleAttempt();
    };
    const troubled = () => {
      clearTimeout(s.stallTimer);
      if (!video.getAttribute('src')) return;
      if (s.recovering) {
        scheduleAttempt();
        return;
      }
      s.recovering = true;
      s.attempts = 0;
      setReconnecting(true);
      void attempt();
    };

    const onLoadedMetadata = () => {
      if (s.seekTo !== null && s.seekTo > 0) video.currentTime = s.seekTo;
      if (s.announce) setResumedAt(s.seekTo);
      s.seekTo = null;
      s.announce = false;
      if (s.playOnLoad) {
        s.playOnLoad = false;
        // Refused without a tap (autoplay rules): the big play button is there.
        void video.play()?.catch(() => {});
      }
    };
    const onTime = () => {
      if (video.readyState > 0 && !s.recovering) s.lastGood = video.currentTime;
    };
    const onPlay = () => {
      s.playing = true;
    };
    const onPause = () => {
      clearTimeout(s.stallTimer);
      if (!s.recovering) s.playing = false;
    };
    const onFlowing = () => clearTimeout(s.stallTimer);
    const onCanPlay = () => {
      clearTimeout(s.stallTimer);
      if (!s.recovering) return;
      s.recovering = false;
      s.attempts = 0;
      clearTimeout(s.retryTimer);
      setReconnecting(false);
    };
    const onError = () => {
      if (video.error?.code === MEDIA_ERR_ABORTED) return;
      troubled();
    };
    const onWaiting = () => {
      clearTimeout(s.stallTimer);
      s.stallTimer = setTimeout(troubled, STALL_MS);
    };
    const onOnline = () => {
      if (s.recovering) void attempt();
    };

    const events: [string, () => void][] = [
      ['loadedmetadata', onLoadedMetadata],
      ['timeupdate', onTime],
      ['seeked', onTime],
      ['play', onPlay],
      ['pause', onPause],
      ['playing', onFlowing],
      ['emptied', onFlowing],
      ['canplay', onCanPlay],
      ['error', onError],
      ['waiting', onWaiting],
    ];
    for (const [type, handler] of events) video.addEventListener(type, handler);
    window.addEventListener('online', onOnline);
    return () => {
      for (const [type, handler] of events) video.removeEventListener(type, handler);
      window.removeEventListener('online', onOnline);
      clearTimeout(s.retryTimer);
      clearTimeout(s.stallTimer);
    };
  }, [video]);

  return { resumedAt, reconnecting };
}
