import type { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import CourseShowPage from '@/features/ketang/CourseShowPage';
import { courseDetail, reviewPage } from '@/features/ketang/course-fixtures';
import { installFakeApi, renderPage, resetSession } from '@/testing/app-harness';
import { okAnswer } from '@/testing/fake-answers';
import { absoluteCard, resetShareForTests, setWechatShareCard, shareOrCopy } from './share';

const sdk = vi.hoisted(() => ({
  config: vi.fn(),
  ready: vi.fn((fn: () => void) => fn()),
  error: vi.fn(),
  updateAppMessageShareData: vi.fn(),
  updateTimelineShareData: vi.fn(),
}));
vi.mock('weixin-js-sdk', () => ({ default: sdk }));

const WECHAT_UA = 'Mozilla/5.0 (iPhone) Mobile/15E148 MicroMessenger/8.0.47 NetType/WIFI Language/zh_CN';
const SIGNED = {
  appId: 'wx2421b1c4370ec43b',
  timestamp: 1414587457,
  nonceStr: 'Wm3WZYTPz0wzccnW',
  signature: 'abc',
};
const CARD = {
  title: '课程：八字入门',
  desc: '二十讲，从天干地支讲起',
  link: '/xuanli/#/pages/ketang/detail?id=3',
};

/**
 * Waits until the course page asks nothing more: a request still running when the file ends would
 * answer into a torn-down window.
 */
async function pageSettled(queryClient: QueryClient): Promise<void> {
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
}

beforeEach(() => resetShareForTests());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  for (const fn of Object.values(sdk)) fn.mockClear();
});

describe('share cards inside WeChat', () => {
  it("configures the JS-SDK once with the server's signature of the page address, then sets both cards", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    const calls = installFakeApi((call) => (call.path === '/wechat/jssdk' ? okAnswer(SIGNED) : undefined));
    expect(await setWechatShareCard(CARD)).toBe(true);
    expect(await setWechatShareCard({ ...CARD, title: '另一门课' })).toBe(true);
    expect(calls.filter((c) => c.path === '/wechat/jssdk')).toHaveLength(1);
    expect(calls[0]?.query).toEqual({ url: window.location.href.split('#')[0] });
    expect(sdk.config).toHaveBeenCalledTimes(1);
    expect(sdk.config).toHaveBeenCalledWith({
      debug: false,
      ...SIGNED,
      jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
    });
    const link = new URL(CARD.link, window.location.href).href;
    expect(sdk.updateAppMessageShareData.mock.calls[0]?.[0]).toMatchObject({
      title: '课程：八字入门',
      desc: '二十讲，从天干地支讲起',
      link,
      imgUrl: new URL('/icon-192.png', window.location.href).href,
    });
    expect(sdk.updateTimelineShareData.mock.calls[1]?.[0]).toMatchObject({ title: '另一门课', link });
  });

  it('asks nothing and sets nothing outside WeChat', async () => {
    const calls = installFakeApi(() => undefined);
    expect(await setWechatShareCard(CARD)).toBe(false);
    expect(calls).toEqual([]);
    expect(sdk.config).not.toHaveBeenCalled();
  });
});

describe('the pages that set a card', () => {
  it("sets a course's title, subtitle and cover as its card inside WeChat", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    const course = courseDetail();
    installFakeApi((call) => {
      if (call.path === '/wechat/jssdk') return okAnswer(SIGNED);
      if (call.path === '/crm/ketang/show') return okAnswer(course);
      if (call.path === '/crm/ketang/reviews') return okAnswer(reviewPage([]));
      return undefined;
    });
    const page = renderPage(<CourseShowPage />, { path: paths.courseShow.getHref({ id: course.id }) });
    await waitFor(() => expect(sdk.updateAppMessageShareData).toHaveBeenCalled());
    expect(sdk.updateAppMessageShareData.mock.calls.at(-1)?.[0]).toMatchObject({
      title: course.title,
      desc: course.subtitle || '中华玄历 · 在线课堂',
      imgUrl: new URL(course.cover, window.location.href).href,
    });
    await pageSettled(page.queryClient);
    resetSession();
  });
});

describe('sharing outside WeChat', () => {
  it("copies the course page's link from its header's 分享 where there is no share sheet", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    const course = courseDetail();
    const calls = installFakeApi((call) => {
      if (call.path === '/crm/ketang/show') return okAnswer(course);
      if (call.path === '/crm/ketang/reviews') return okAnswer(reviewPage([]));
      return undefined;
    });
    const page = renderPage(<CourseShowPage />, { path: paths.courseShow.getHref({ id: course.id }) });
    fireEvent.click(await screen.findByRole('button', { name: '分享' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(window.location.href));
    expect(calls.some((c) => c.path === '/wechat/jssdk')).toBe(false);
    expect(sdk.config).not.toHaveBeenCalled();
    await pageSettled(page.queryClient);
    resetSession();
  });

  it('uses the system share sheet with the absolute link', async () => {
    const share = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, share });
    expect(await shareOrCopy(CARD)).toBe('shared');
    expect(share).toHaveBeenCalledWith({
      title: CARD.title,
      text: CARD.desc,
      url: absoluteCard(CARD).link,
    });
  });

  it('copies the link where there is no share sheet', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    expect(await shareOrCopy(CARD)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(absoluteCard(CARD).link);
  });
});
