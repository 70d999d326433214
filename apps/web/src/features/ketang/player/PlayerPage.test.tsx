/**
 * The learner's player through what a learner sees and does: the lesson loads from its signed URL and
 * resumes at the saved position, the speed chosen is kept for the next lesson and the next launch,
 * progress is saved (throttled while playing, on pause, when leaving the lesson) and a failed save is
 * sent again, a refused lesson says how to unlock it, lessons switch in place, a broken stream is
 * fetched again. media-chrome's real controls run here: the test provides the two browser APIs jsdom
 * lacks (ResizeObserver, matchMedia) before they load, and playback itself comes from fake-media.ts.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CourseDetail, Play } from '@xuanli/contracts/ketang';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import {
  type ApiCall,
  installFakeApi,
  loginAs,
  pageTests,
  renderPage,
  resetSession,
} from '@/testing/app-harness';
import { failureAnswer, okAnswer } from '@/testing/fake-answers';
import { failStream, installFakeMedia, loadMetadata, playToEnd, playUntil } from './fake-media';
import PlayerPage from './PlayerPage';
import { courseDetail, playAnswer, visitorCourse } from './testing';
import { REPORT_EVERY_S } from './use-progress-events';

vi.hoisted(() => {
  // jsdom has neither; without them media-chrome binds to inert stand-ins and defines no element.
  const scope = globalThis as Record<string, unknown>;
  scope.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  scope.matchMedia ??= (media: string) => ({
    matches: false,
    media,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  });
});

const playerHref = (query: Record<string, string | number>) => paths.coursePlayer.getHref(query);

interface Classroom {
  course?: CourseDetail;
  /** The `play` answer (or refusal) per lesson; a lesson left out gets {@link playAnswer}. */
  play?: (lesson: number, call: ApiCall) => Response | undefined;
  /** The answer to a progress report; saved as sent unless overridden. */
  progress?: (call: ApiCall) => Response | undefined;
  /** The answer to the player's probe of a media URL. */
  media?: (call: ApiCall) => Response | undefined;
}

/** A classroom API serving `course`, lessons to play and progress to save. */
function classroom({ course = courseDetail(), play, progress, media }: Classroom = {}) {
  return installFakeApi((call) => {
    if (call.path === '/crm/ketang/show' && call.query.id === course.id) return okAnswer(course);
    if (call.path === '/crm/ketang/show') return failureAnswer('NotFound', 'no such course');
    if (call.path === '/crm/ketang/play') {
      const lesson = Number(call.query.lesson);
      return play?.(lesson, call) ?? okAnswer(playAnswer(lesson));
    }
    if (call.path === '/crm/ketang/progress') {
      const body = call.body as { lesson: number; position: number };
      return (
        progress?.(call) ??
        okAnswer({ lesson: body.lesson, position: Math.floor(body.position), done: false })
      );
    }
    if (call.path.startsWith('/ketang/media/'))
      return media?.(call) ?? new Response(new Uint8Array([0]), { status: 206 });
    return undefined;
  });
}

const progressCalls = (calls: ApiCall[]) =>
  calls.filter((c) => c.path === '/crm/ketang/progress').map((c) => c.body);
const playCalls = (calls: ApiCall[]) =>
  calls.filter((c) => c.path === '/crm/ketang/play').map((c) => Number(c.query.lesson));

/** The player's video element, once the page shows a course. */
async function videoElement(): Promise<HTMLVideoElement> {
  await screen.findByRole('region', { name: '课程信息' });
  const video = document.querySelector('video');
  if (!video) throw new Error('no video');
  return video;
}

/** Waits until the video holds `url` (the signed URL a `play` answer gave). */
async function sourceIs(video: HTMLVideoElement, url: string) {
  await waitFor(() => expect(video.getAttribute('src')).toBe(url));
}

async function press(name: string | RegExp, scope: HTMLElement = document.body) {
  await act(async () => fireEvent.click(within(scope).getByRole('button', { name })));
}

/** Lets pending answers and effects settle. */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

let removeFakeMedia: () => void = () => {};
pageTests();
beforeEach(() => {
  removeFakeMedia = installFakeMedia();
  // jsdom gives a shadow root's <style> no style sheet, which media-chrome mentions for every control.
  const warn = console.warn;
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith('Media Chrome: No style sheet')) warn(...args);
  });
});
afterEach(async () => {
  // Unmounted while the stand-in is still there: media-chrome lets go of the tracks it listened to.
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 0));
  removeFakeMedia();
});

describe('PlayerPage (pages/ketang/player)', () => {
  it('plays the lesson from its signed URL and resumes at the saved position', async () => {
    loginAs();
    const answer = playAnswer(12, { position: 42 });
    const calls = classroom({ play: (lesson) => (lesson === 12 ? okAnswer(answer) : undefined) });
    renderPage(<PlayerPage />, { path: playerHref({ course: 'bazi-rumen', lesson: 12 }) });

    const video = await videoElement();
    expect(screen.getByRole('heading', { level: 2, name: '八字入门：从零读懂四柱' })).toBeTruthy();
    expect(screen.getByText('第 2 课 · 天干地支与五行')).toBeTruthy();
    await sourceIs(video, answer.url);
    expect(playCalls(calls)).toEqual([12]);
    for (const name of ['playsinline', 'webkit-playsinline', 'x5-playsinline']) {
      expect(video.hasAttribute(name)).toBe(true);
    }
    expect(video.getAttribute('x5-video-player-type')).toBe('h5');
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(video.getAttribute('controlslist')).toBe('nodownload');
    expect(video.getAttribute('poster')).toBe('/api/files/ketang/covers/bazi-rumen.svg');

    await act(async () => loadMetadata(video, 300));
    expect(video.currentTime).toBe(42);
    expect(video.paused).toBe(false);
    expect(await screen.findByText('已为你跳转到上次学到 0:42')).toBeTruthy();
    // The lesson playing is the one marked in the list.
    const current = screen.getByRole('button', { name: /天干地支与五行/ });
    expect(current.getAttribute('aria-current')).toBe('true');
    expect(within(current).getByText('播放中')).toBeTruthy();
  });

  it('starts from the beginning when the saved position is in the last 5 seconds', async () => {
    loginAs();
    classroom({ play: (lesson) => okAnswer(playAnswer(lesson, { position: 297, duration: 300 })) });
    renderPage(<PlayerPage />, { path: playerHref({ course: 'bazi-rumen', lesson: 12 }) });
    const video = await videoElement();
    await sourceIs(video, playAnswer(12).url);
    await act(async () => loadMetadata(video, 300));
    expect(video.currentTime).toBe(0);
    expect(screen.queryByText(/已为你跳转到上次学到/)).toBeNull();
  });

  it('without a lesson in the link opens the lesson watched last, else the first playable one', async () => {
    loginAs();
    classroom({ course: courseDetail({ lastLesson: 13 }) });
    const { here, unmount } = renderPage(<PlayerPage />, {
      path: playerHref({ course: 'bazi-rumen' }),
    });
    await videoElement();
    await waitFor(() => expect(here()).toBe(playerHref({ course: 'bazi-rumen', lesson: 13 })));
    expect(screen.getByText('第 3 课 · 排出自己的四柱')).toBeTruthy();
    unmount();

    resetSession();
    const calls = classroom({ course: visitorCourse() });
    const second = renderPage(<PlayerPage />, { path: playerHref({ course: 'bazi-rumen' }) });
    await videoElement();
    await waitFor(() => expect(second.here()).toBe(playerHref({ course: 'bazi-rumen', lesson: 11 })));
    await waitFor(() => expect(playCalls(calls)).toEqual([11]));
  });

  it('has the controls a learner looks for, by their Chinese names', async () => {
    loginAs();
    classroom({ play: (lesson) => okAnswer(playAnswer(lesson, { position: 100 })) });
    renderPage(<PlayerPage />, { path: playerHref({ course: 'bazi-rumen', lesson: 12 }) });
    const video = await videoElement();
    await sourceIs(video, playAnswer(12).url);
    await act(async () => loadMetadata(video, 300));
    const player = screen.getByRole('region', { name: '视频播放器' });
    // PRODUCT.md#classroom: the controls hide after 3 s without a touch.
    expect((player as HTMLElement & { autohide: string }).autohide).toBe('3');
    for (const name of ['暂停', '快退15秒', '快进15秒', '倍速', '下一课', '全屏']) {
      expect(within(player).getByRole('button', { name })).toBeTruthy();
    }
    expect(video.currentTime).toBe(100);
    await press('快退15秒', player);
    await waitFor(() => expect(video.currentTime).toBe(85));
    await press('快进15秒', player);
    await waitFor(() => expect(video.currentTime).toBe(100));
    await press('暂停', player);
    await waitFor(() => expect(video.paused).toBe(true));
    expect(await within(player).findByRole('button', { name: '播放' })).toBeTruthy();
  });

  it('shows the controls as the lesson starts, hides them after 3 s of playing and brings them back on a tap', async () => {
    loginAs();
    classroom();
    renderPage(<PlayerPage />, { path: playerHref({ course: 'bazi-rumen', lesson: 12 }) });
    const video = await videoElement();
    await sourceIs(video, playAnswer(12).url);
    const player = screen.getByRole('region', { name: '视频播放器' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await act(async () => loadMetadata(video, 300));
      expect(video.paused).toBe(false);
      expect(player.hasAttribute('userinactive')).toBe(false);
      await act(async () => vi.advanceTimersByTime(2999));
      expect(player.hasAttribute('userinactive')).toBe(false);
      await act(async () => vi.advanceTimersByTime(1));
      expect(player.hasAttribute('userinactive')).toBe(true);

      await act(async () => {
        video.dispatchEvent(
          new PointerEvent('pointerdown', { pointerType: 'touch', bubbles: true, composed: true }),
        );
        video.dispatchEvent(
          new PointerEvent('pointerup', { pointerType: 'touch', bubbles: true, composed: true }),
        );
      });
      expect(player.hasAttribute('userinactive')).toBe(false);
      await act(async () => vi.advanceTimersByTime(3000));
      expect(player.hasAttribute('userinactive')).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('turns the phone to landscape in fullscreen and lets it turn freely after', async () => {
    loginAs();
    classroom();
    const lock = vi.fn(() => Promise.reject(new Error('not supported here')));
    const unlock = vi.fn();
    Object.defineProperty(window.screen, 'orientation', { configurable: true, value: { lock, unlock } });
    try {
      renderPage(<PlayerPage />, { path: playerHref({ course: 'bazi-rumen', lesson: 12 }) });
      const video = await videoElement();
      await sourceIs(video, playAnswer(12).url);
      const player = screen.getByRole('region', { name: '视频播放器' });
      const stage = player.parentElement as HTMLElement;
      const fullscreen = within(player).getByRole('button', { name: '全屏' });
      expect(stage.dataset.state).toBe('paused');

      const announce = (on: boolean) =>
        act(async () => player.dispatchEvent(new CustomEvent('mediaisfullscreen', { detail: on })));
      await announce(true);
      fullscreen.setAttribute('mediaisfullscreen', '');
      expect(lock).toHaveBeenCalledWith('landscape');
      expect(stage.dataset.state).toBe('fullscreen');
      expect(within(player).getByRole('button', { name: '退出全屏' })).toBe(fullscreen);
      // The lesson's title shows over the picture, where the page's titles cannot be seen.
      expect(within(player).getByText('天干地支与五行')).toBeTruthy();

      await announce(false);
      expect(unlock).toHaveBeenCalledTimes(1);
      expect(stage.dataset.state).toBe('paused');
    } finally {
      delete (window.screen as unknown as Record<string, unknown>).orientation;
    }
  });

  it('offers no 下一课 on the last lesson', async () => {
    loginAs();
    classroom();
    renderPage(<PlayerPage />, { path: playerHref({ course: 'bazi-rumen', lesson: 13 }) });
    const video = await videoElement();
    await sourceIs(video, playAnswer(13).url);
    expect(screen.queryByRole('button', { name: '下一课' })).toBeNull();
    expect(screen.getByRole('button', { name: '倍速' })).toBeTruthy();
  });

  it('remembers the speed chosen and plays the next lesson and the next launch at it', async () => {
    loginAs();
    classroom();
    const { here, unmount } = renderPage(<PlayerPage />, {
      path: playerHref({ course: 'bazi-rumen', lesson: 11 }),
    });
    const video = await videoElement();
    await sourceIs(video, playAnswer(11).url);
    await act(async () => loadMetadata(video, 240));
    expect(video.playbackRate).toBe(1);

    await press('倍速');
    const chooser = screen.getByRole('dialog', { name: '播放速度' });
    expect(within(chooser).getByRole('button', { name: '1×' }).getAttribute('aria-pressed')).toBe('true');
    await press('1.5×', chooser);
    expect(screen.queryByRole('dialog', { name: '播放速度' })).toBeNull();
    expect(video.playbackRate).toBe(1.5);
    expect(useSession.getState().ketang).toEqual({ rate: 1.5 });
    expect(JSON.parse(window.localStorage.getItem('ketang') ?? 'null')).toEqual({ rate: 1.5 });
    expect(screen.getByRole('button', { name: '倍速' }).textContent).toBe('1.5×');

    // 下一课: the link's lesson is replaced and the new source plays at 1.5× after loading.
    await press('下一课');
    await waitFor(() => expect(here()).toBe(playerHref({ course: 'bazi-rumen', lesson: 12 })));
    await sourceIs(video, playAnswer(12).url);
    await act(async () => loadMetadata(video, 300));
    expect(video.playbackRate).toBe(1.5);
    unmount();

    // A new launch reads the speed from the stored session.
    classroom();
    renderPage(<PlayerPage />, { path: playerHref({ course: 'bazi-rumen', lesson: 13 }) });
    const next = await videoElement();
    await sourceIs(next, playAnswer(13).url);
    await act(async () => loadMetadata(next, 360));
    expect(next.playbackRate).toBe(1.5);
  });

  it('saves the position every few seconds of playback, on pause and where a seek ends', async () => {
    loginAs();
    const calls = classroom();
    renderPage(<PlayerPage />, { path: playerHref({ course: 'bazi-rumen', lesson: 12 }) });
    const video = await videoElement();
    await sourceIs(video, playAnswer(12).url);
    await act(async () => loadMetadata(video, 300));

    await act(async () => playUntil(video, REPORT_EVERY_S - 1));
    await settle();
    expect(progressCalls(calls)).toEqual([]);
    await act(async () => playUntil(video, REPORT_EVERY_S + 1));
    await settle();
    expect(progressCalls(calls)).toEqual([{ lesson: 12, position: REPORT_EVERY_S }]);
    await act(async () => playUntil(video, 2 * REPORT_EVERY_S + 1));
    await settle();
    expect(progressCalls(calls)).toHaveLength(2);

    await act(async () => playUntil(video, 30.4));
    await act(async () => video.pause());
    await settle();
    expect(progressCalls(calls).at(-1)).toEqual({ lesson: 12, position: 30 });
    await act(async () => {
      video.currentTime = 120;
    });
    await settle();
    expect(progressCalls(calls).at(-1)).toEqual({ lesson: 12, position: 120 });
    // Pausing again at the same place sends nothing new.
    await act(async () => {
      video.play();
      video.pause();
    });
    await settle();
    expect(progressCalls(calls)).toHaveLength(4);
    expect(
      calls.filter((c) => c.path === '/crm/ketang/progress').every((c) => c.token === 'member-jwt'),
    ).toBe(true);
  });

  it('saves where a lesson was left when another is chosen, and its end when it ends', async () => {
    loginAs();
    const calls = classroom({ play: (lesson) => okAnswer(playAnswer(lesson, { position: 120 })) });
    const { here } = renderPage(<PlayerPage />, {
      path: playerHref({ course: 'bazi-rumen', lesson: 12 }),
    });
    const video = await videoElement();
    await sourceIs(video, playAnswer(12).url);
    await act(async () => loadMetadata(video, 300));
    await act(async () => playUntil(video, 125));
    await settle();
    expect(progressCalls(calls)).toEqual([]);

    // Another lesson from the list: the one left is saved where it was, the link names the new one.
    await press(/排出自己的四柱/);
    await waitFor(() => expect(here()).toBe(playerHref({ course: 'bazi-rumen', lesson: 13 })));
    await settle();
    expect(progressCalls(calls)).toEqual([{ lesson: 12, position: 125 }]);
    await sourceIs(video, playAnswer(13).url);
    await act(async () => loadMetadata(video, 300));
    expect(video.currentTime).toBe(120);
    await act(async () => {
      video.currentTime = 290;
    });
    await act(async () => playToEnd(video));
    await settle();
    expect(progressCalls(calls).at(-1)).toEqual({ lesson: 13, position: 300 });
  });

  it('sends the position as the page is hidden, with a request that outlives the page', async () => {
    loginAs();
    const fetchSpy = vi.fn();
    const calls = classroom();
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      fetchSpy(String(input), init);
      return realFetch(input, init);
    });
    renderPage(<PlayerPage />, { path: playerHref({ course: 'bazi-rumen', lesson: 12 }) });
    const video = await videoElement();
    await sourceIs(video, playAnswer(12).url);
    await act(async () => loadMetadata(video, 300));
    await act(async () => playUntil(video, 8));
    await act(async () => window.dispatchEvent(new Event('pagehide')));
    await settle();
    expect(progressCalls(calls)).toEqual([{ lesson: 12, position: 8 }]);
    const [, init] = fetchSpy.mock.calls.find(([url]) => String(url).endsWith('/crm/ketang/progress')) ?? [];
    expect(init).toMatchObject({ method: 'POST', keepalive: true, headers: { token: 'member-jwt' } });
  });

  it('saves nothing for a visitor', async () => {
    const calls = classroom({ course: visitorCourse() });
    renderPage(<PlayerPage />, { path: playerHref({ course: 'bazi-rumen', lesson: 11 }) });
    const video = await videoElement();
    await sourceIs(video, playAnswer(11).url);
    await act(async () => loadMetadata(video, 240));
    await act(async () => playUntil(video, 40));
    await act(async () => video.pause());
    await settle();
    expect(progressCalls(calls)).toEqual([]);
  });

  it('keeps a failed save and sends the latest position again when the phone is back online', async () => {
    loginAs();
    let down = true;
    const calls = classroom({
      progress: () => (down ? failureAnswer('Unavailable', 'database down') : undefined),
    });
    renderPage(<PlayerPage />, { path: playerHref({ course: 'bazi-rumen', lesson: 12 }) });
    const video = await videoElement();
    await sourceIs(video, playAnswer(12).url);
    await act(async () => loadMetadata(video, 300));
    await act(async () => playUntil(video, REPORT_EVERY_S + 1));
    await settle();
    await act(async () => playUntil(video, 2 * REPORT_EVERY_S + 1));
    await settle();
    expect(progressCalls(calls)).toEqual([
      { lesson: 12, position: REPORT_EVERY_S },
      { lesson: 12, position: 2 * REPORT_EVERY_S },
    ]);

    down = false;
    await act(async () => window.dispatchEvent(new Event('online')));
    await settle();
    // Only the latest of the failed reports goes again, once.
    expect(progressCalls(calls).slice(2)).toEqual([{ lesson: 12, position: 2 * REPORT_EVERY_S }]);
    await act(async () => window.dispatchEvent(new Event('online')));
    await settle();
    expect(progressCalls(calls)).toHaveLength(3);
  });

  it('ticks a lesson in the list once the server counts it done', async () => {
    loginAs();
    classroom({
      progress: (call) => {
        const body = call.body as { lesson: number; position: number };
        return okAnswer({ lesson: body.lesson, position: body.position, done: body.position >= 270 });
      },
    });
    renderPage(<PlayerPage />, { path: playerHref({ course: 'bazi-rumen', lesson: 12 }) });
    const video = await videoElement();
    await sourceIs(video, playAnswer(12).url);
    await act(async () => loadMetadata(video, 300));
    const item = () => screen.getByRole('button', { name: /天干地支与五行/ });
    expect(within(item()).queryByText('已学完')).toBeNull();
    await act(async () => {
      video.currentTime = 280;
    });
    await waitFor(() => expect(within(item()).getByText('已学完')).toBeTruthy());
  });

  it('asks a visitor to log in for a paid lesson and comes back after', async () => {
    const calls = classroom({
      course: visitorCourse(),
      play: (lesson) => (lesson === 12 ? failureAnswer('Unauthorized', 'login first') : undefined),
    });
    const { here } = renderPage(<PlayerPage />, {
      path: playerHref({ course: 'bazi-rumen', lesson: 12 }),
    });
    expect(await screen.findByRole('heading', { name: '登录后观看' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /天干地支与五行.*未解锁/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /八字是什么.*试看/ })).toBeTruthy();
    expect(document.querySelector('video')?.hasAttribute('src')).toBe(false);
    await press('去登录');
    expect(here()).toBe(`${paths.login.path}?redirect=${playerHref({ course: 'bazi-rumen', lesson: 12 })}`);
    expect(playCalls(calls).every((lesson) => lesson === 12)).toBe(true);
  });

  it('sends a learner who has not bought the course to its page to buy it', async () => {
    loginAs();
    classroom({
      course: visitorCourse(),
      play: (lesson) => (lesson === 13 ? failureAnswer('Forbidden', 'buy first') : undefined),
    });
    const { here } = renderPage(<PlayerPage />, {
      path: playerHref({ course: 'bazi-rumen', lesson: 13 }),
    });
    expect(await screen.findByRole('heading', { name: '购买后观看' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '登录后观看' })).toBeNull();
    await press('去购买');
    expect(here()).toBe(paths.courseShow.getHref({ id: 'bazi-rumen' }));
  });

  it('gets a fresh URL when the stream breaks and the media answers 403, and goes on from where it was', async () => {
    loginAs();
    let round = 0;
    const answers: Play[] = [
      playAnswer(12, { position: 50 }),
      {
        ...playAnswer(12, { position: 50 }),
        url: '/api/ketang/media/lesson-12.mp4?expires=9&user=7&sig=fresh',
      },
    ];
    const calls = classroom({
      play: () => okAnswer(answers[Math.min(round++, 1)]),
      media: () => failureAnswer('Forbidden', 'expired'),
    });
    renderPage(<PlayerPage />, { path: playerHref({ course: 'bazi-rumen', lesson: 12 }) });
    const video = await videoElement();
    await sourceIs(video, answers[0].url);
    await act(async () => loadMetadata(video, 300));
    await act(async () => playUntil(video, 64));

    await act(async () => failStream(video));
    expect(await screen.findByText('网络不稳定，正在重试…')).toBeTruthy();
    await sourceIs(video, answers[1].url);
    expect(playCalls(calls)).toEqual([12, 12]);
    expect(calls.some((c) => c.path.startsWith('/ketang/media/lesson-12.mp4'))).toBe(true);
    await act(async () => loadMetadata(video, 300));
    expect(video.currentTime).toBe(64);
    expect(video.paused).toBe(false);
    await waitFor(() => expect(screen.queryByText('网络不稳定，正在重试…')).toBeNull());
  });

  it('loads the same URL again when it still works, once the phone is back online', async () => {
    loginAs();
    const calls = classroom();
    renderPage(<PlayerPage />, { path: playerHref({ course: 'bazi-rumen', lesson: 12 }) });
    const video = await videoElement();
    const url = playAnswer(12).url;
    await sourceIs(video, url);
    await act(async () => loadMetadata(video, 300));
    await act(async () => playUntil(video, 20));
    const load = vi.spyOn(video, 'load');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await act(async () => failStream(video));
    expect(await screen.findByText('网络不稳定，正在重试…')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await act(async () => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(video.getAttribute('src')).toBe(url);
    expect(playCalls(calls)).toEqual([12]);
    await act(async () => loadMetadata(video, 300));
    expect(video.currentTime).toBe(20);
    await waitFor(() => expect(screen.queryByText('网络不稳定，正在重试…')).toBeNull());
  });

  it('says so when the course does not exist', async () => {
    classroom();
    renderPage(<PlayerPage />, { path: playerHref({ course: 'no-such-course', lesson: 1 }) });
    expect(await screen.findByText('这门课程不存在，可能已下架。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去课堂看看' })).toBeTruthy();
  });

  it('offers to try again when the course cannot be loaded', async () => {
    let broken = true;
    installFakeApi((call) => {
      if (call.path === '/crm/ketang/show')
        return broken ? failureAnswer('Unavailable', 'down') : okAnswer(courseDetail());
      if (call.path === '/crm/ketang/play') return okAnswer(playAnswer(Number(call.query.lesson)));
      return undefined;
    });
    renderPage(<PlayerPage />, { path: playerHref({ course: 'bazi-rumen', lesson: 11 }) });
    expect(await screen.findByRole('alert')).toBeTruthy();
    broken = false;
    await press('重试');
    expect(await screen.findByRole('region', { name: '课程信息' })).toBeTruthy();
  });
});
