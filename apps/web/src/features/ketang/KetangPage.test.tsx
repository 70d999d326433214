/**
 * The 课堂 tab: categories with counts, the search and service entries, 精选课程 and 免费课程 from the
 * course list answer, the teachers (once each) opening the master dialog, and its loading / failed /
 * empty states.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { ERROR_MESSAGES_ZH } from '@xuanli/contracts/errors';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { useDialogs } from '@/stores/dialogs';
import { type ApiCall, installFakeApi, loginAs, pageTests, renderPage, textOf } from '@/testing/app-harness';
import { failureAnswer, okAnswer } from '@/testing/fake-answers';
import { categoryList, coursePage, courseSummary, freeCourse, TEACHERS } from './course-fixtures';
import KetangPage from './KetangPage';

/** A classroom whose list answers `courses` (the calls say what was asked). */
function classroom(courses: (call: ApiCall) => Response) {
  return installFakeApi((call) => {
    if (call.path === '/crm/ketang/categories') return okAnswer(categoryList);
    if (call.path === '/crm/ketang/list') return courses(call);
    return undefined;
  });
}

const demoCourses = [
  courseSummary(),
  freeCourse(),
  courseSummary({
    id: 'jiaju-fengshui',
    title: '居家风水实用课',
    teacher: TEACHERS.li,
    price: 29900,
    owned: true,
    lessonCount: 12,
    duration: 4800,
  }),
  courseSummary({ id: 'dianpu', title: '店铺与办公室风水', teacher: TEACHERS.li, price: 39900 }),
  freeCourse({ id: 'laohuangli', title: '看懂老黄历', teacher: TEACHERS.zhang }),
  freeCourse({ id: 'tongqian', title: '铜钱起卦入门', teacher: TEACHERS.wang }),
];

pageTests();

describe('KetangPage (pages/ketang/index)', () => {
  it('shows the categories with their counts, leading to the list of each', async () => {
    classroom(() => okAnswer(coursePage(demoCourses, 8)));
    renderPage(<KetangPage />, { path: paths.ketang.path });
    expect(screen.getByRole('heading', { level: 1, name: '在线课堂' })).toBeTruthy();
    const nav = await screen.findByRole('navigation', { name: '课程分类' });
    const tiles = within(nav).getAllByRole('link');
    expect(tiles.map((tile) => tile.getAttribute('aria-label'))).toEqual([
      '八字，2 门课程',
      '风水，2 门课程',
      '六爻，2 门课程',
      '择日，2 门课程',
    ]);
    expect(tiles[1]!.getAttribute('href')).toBe('/pages/ketang/search?category=2');
    expect(textOf(tiles[0]!)).toBe('八八字2 门课');
  });

  it('opens the course list from the search bar and the other pages from their entries', async () => {
    classroom(() => okAnswer(coursePage(demoCourses)));
    const { here } = renderPage(<KetangPage />, { path: paths.ketang.path });
    expect(screen.getByRole('link', { name: '搜索课程' }).getAttribute('href')).toBe(paths.courseSearch.path);
    const services = screen.getByRole('navigation', { name: '课堂服务' });
    expect(
      within(services)
        .getByRole('link', { name: /免费课件/ })
        .getAttribute('href'),
    ).toBe(paths.kejian.path);
    expect(
      within(services)
        .getByRole('link', { name: /风水医院/ })
        .getAttribute('href'),
    ).toBe(paths.fengshui.path);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: '搜索课程' })));
    expect(here()).toBe(paths.courseSearch.path);
  });

  it('lists the first courses as 精选课程 and the free ones as 免费课程, each card with its facts', async () => {
    const calls = classroom(() => okAnswer(coursePage(demoCourses, 8)));
    renderPage(<KetangPage />, { path: paths.ketang.path });
    expect(screen.getByRole('status', { name: '正在加载课程' })).toBeTruthy();

    const featured = await screen.findByRole('region', { name: '精选课程' });
    const cards = within(featured)
      .getAllByRole('listitem')
      .map((item) => within(item).getByRole('link'));
    expect(cards.map((card) => card.getAttribute('href'))).toEqual([
      '/pages/ketang/show?id=bazi-rumen',
      '/pages/ketang/show?id=ganzhi-rumen',
      '/pages/ketang/show?id=jiaju-fengshui',
      '/pages/ketang/show?id=dianpu',
    ]);
    const paid = cards[0]!;
    expect(textOf(paid)).toBe('八字入门二十讲张师傅6 课时 · 48 分钟★★★★★★★★★★4.5320 人学过¥199.00');
    expect(within(paid).getByRole('img', { name: '4.5 星' })).toBeTruthy();
    expect(textOf(cards[1]!)).toBe('天干地支一课通王老师3 课时 · 45 秒41 人学过免费');
    expect(textOf(cards[2]!)).toContain('已购居家风水实用课李师傅12 课时 · 1 小时 20 分钟');
    expect(within(featured).getByRole('link', { name: '查看全部课程' }).getAttribute('href')).toBe(
      paths.courseSearch.path,
    );

    const free = screen.getByRole('region', { name: '免费课程' });
    expect(
      within(free)
        .getAllByRole('listitem')
        .map((item) => textOf(item)?.split(/[张王李]/)[0]),
    ).toEqual(['天干地支一课通', '看懂老黄历', '铜钱起卦入门']);
    expect(calls.filter((c) => c.path === '/crm/ketang/list').map((c) => c.query)).toEqual([
      { page: '1', size: '20' },
    ]);
  });

  it('shows each teacher once and opens the master dialog for the tapped one', async () => {
    classroom(() => okAnswer(coursePage(demoCourses)));
    renderPage(<KetangPage />, { path: paths.ketang.path });
    const teachers = await screen.findByRole('region', { name: '名师' });
    const buttons = within(teachers).getAllByRole('button');
    expect(buttons.map((b) => textOf(b))).toEqual(['张张师傅2 门课程', '王王老师2 门课程', '李师傅2 门课程']);
    expect(within(buttons[2]!).getByRole('presentation', { hidden: true }).getAttribute('src')).toBe(
      TEACHERS.li.avatar,
    );
    await act(async () => fireEvent.click(within(teachers).getByRole('button', { name: /李师傅/ })));
    expect(useDialogs.getState()).toMatchObject({ name: 'dashi', params: { sellid: 2 } });
  });

  it('asks the list with the token of a logged-in learner, whose bought course is marked 已购', async () => {
    loginAs();
    const calls = classroom(() => okAnswer(coursePage([courseSummary({ owned: true })])));
    renderPage(<KetangPage />, { path: paths.ketang.path });
    const card = await screen.findByRole('link', { name: /八字入门二十讲/ });
    expect(within(card).getByText('已购')).toBeTruthy();
    expect(calls.find((c) => c.path === '/crm/ketang/list')?.token).toBe('member-jwt');
    // No free course: no 免费课程 section.
    expect(screen.queryByRole('region', { name: '免费课程' })).toBeNull();
  });

  it('says a failed load in Chinese and asks again on 重试', async () => {
    let fail = true;
    const calls = classroom(() =>
      fail ? failureAnswer('Unavailable', 'db down') : okAnswer(coursePage([courseSummary()])),
    );
    renderPage(<KetangPage />, { path: paths.ketang.path });
    expect(await screen.findByText(`加载失败：${ERROR_MESSAGES_ZH.Unavailable}`)).toBeTruthy();
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重试' })));
    expect(await screen.findByRole('link', { name: /八字入门二十讲/ })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/crm/ketang/list')).toHaveLength(2);
  });

  it('says so when there are no courses yet', async () => {
    classroom(() => okAnswer(coursePage([])));
    renderPage(<KetangPage />, { path: paths.ketang.path });
    expect(await screen.findByText('课程正在筹备中')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '精选课程' })).toBeNull();
    expect(screen.queryByRole('region', { name: '名师' })).toBeNull();
  });
});
