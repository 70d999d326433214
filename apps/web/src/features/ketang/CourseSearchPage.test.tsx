/**
 * The course list: words and category from the address, searching on Enter and on 搜索 (the words
 * written back to the address), the category chips, 共 N 门课程 and the next page, 我的, and the
 * failed and empty states with words to try.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES_ZH } from '@xuanli/contracts/errors';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { type ApiCall, installFakeApi, pageTests, renderPage, textOf } from '@/testing/app-harness';
import { failureAnswer, okAnswer } from '@/testing/fake-answers';
import CourseSearchPage from './CourseSearchPage';
import { categoryList, coursePage, courseSummary, freeCourse } from './course-fixtures';

/** A classroom whose list answers `courses` for any query. */
function classroom(courses: (call: ApiCall) => Response) {
  return installFakeApi((call) => {
    if (call.path === '/crm/ketang/categories') return okAnswer(categoryList);
    if (call.path === '/crm/ketang/list') return courses(call);
    return undefined;
  });
}

const listCalls = (calls: ApiCall[]) =>
  calls.filter((c) => c.path === '/crm/ketang/list').map((c) => c.query);
const searchbox = () => screen.getByRole('searchbox', { name: '搜索课程' }) as HTMLInputElement;
const searchHref = (query: Record<string, string>) => decodeURIComponent(paths.courseSearch.getHref(query));

pageTests();

describe('CourseSearchPage (pages/ketang/search)', () => {
  it('asks for the words and category of the address and shows the total and the courses', async () => {
    const calls = classroom(() => okAnswer(coursePage([courseSummary(), freeCourse()], 2)));
    renderPage(<CourseSearchPage />, { path: paths.courseSearch.getHref({ keyword: '八字', category: 1 }) });
    expect(screen.getByRole('heading', { level: 1, name: '课程列表' })).toBeTruthy();
    expect(searchbox().placeholder).toBe('搜索课程');
    expect(searchbox().value).toBe('八字');
    expect(await screen.findByText('共 2 门课程')).toBeTruthy();
    const list = screen.getByRole('region', { name: '课程列表' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/pages/ketang/show?id=bazi-rumen', '/pages/ketang/show?id=ganzhi-rumen']);
    expect(listCalls(calls)).toEqual([{ keyword: '八字', category: '1', page: '1', size: '20' }]);
    expect((await screen.findByRole('button', { name: '八字' })).getAttribute('aria-pressed')).toBe('true');
  });

  it('searches on Enter and writes the words to the address', async () => {
    const calls = classroom(() => okAnswer(coursePage([courseSummary()])));
    const { here } = renderPage(<CourseSearchPage />, { path: paths.courseSearch.path });
    await screen.findByText('共 1 门课程');
    expect(listCalls(calls)).toEqual([{ page: '1', size: '20' }]);

    await userEvent.type(searchbox(), ' 风水 {Enter}');
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1]).toEqual({ keyword: '风水', page: '1', size: '20' });
    expect(here()).toBe(searchHref({ keyword: '风水' }));
  });

  it('searches on the 搜索 button, keeping the chosen category, and × shows all again', async () => {
    const calls = classroom(() => okAnswer(coursePage([courseSummary()])));
    const { here } = renderPage(<CourseSearchPage />, {
      path: paths.courseSearch.getHref({ category: 2 }),
    });
    await screen.findByText('共 1 门课程');
    fireEvent.change(searchbox(), { target: { value: '择日' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '搜索' })));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1]).toEqual({ keyword: '择日', category: '2', page: '1', size: '20' });
    expect(here()).toBe(searchHref({ keyword: '择日', category: '2' }));

    await act(async () => fireEvent.click(screen.getByRole('button', { name: '清空搜索' })));
    expect(here()).toBe(searchHref({ category: '2' }));
    expect(searchbox().value).toBe('');
  });

  it('narrows by the tapped category chip and back to all on 全部', async () => {
    const calls = classroom(() => okAnswer(coursePage([courseSummary()])));
    const { here } = renderPage(<CourseSearchPage />, { path: paths.courseSearch.path });
    const all = await screen.findByRole('button', { name: '全部' });
    expect(all.getAttribute('aria-pressed')).toBe('true');
    const liuyao = await screen.findByRole('button', { name: '六爻' });
    await act(async () => fireEvent.click(liuyao));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1]).toEqual({ category: '3', page: '1', size: '20' });
    expect(here()).toBe(searchHref({ category: '3' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '全部' })));
    expect(here()).toBe(paths.courseSearch.path);
  });

  it('keeps at most 40 characters of the words, in the field and in the query', async () => {
    const calls = classroom(() => okAnswer(coursePage([courseSummary()])));
    renderPage(<CourseSearchPage />, { path: paths.courseSearch.getHref({ keyword: '命'.repeat(50) }) });
    await screen.findByText('共 1 门课程');
    expect(listCalls(calls)[0]?.keyword).toBe('命'.repeat(40));
    expect(searchbox().maxLength).toBe(40);
  });

  it('loads page 2 as the reader reaches the end, until all are shown', async () => {
    const first = Array.from({ length: 20 }, (_, i) =>
      courseSummary({ id: `course-${i + 1}`, title: `课程${i + 1}` }),
    );
    const second = Array.from({ length: 3 }, (_, i) =>
      courseSummary({ id: `course-${i + 21}`, title: `课程${i + 21}` }),
    );
    const calls = classroom((call) => okAnswer(coursePage(call.query.page === '2' ? second : first, 23)));
    // jsdom lays nothing out; InfiniteScroll only looks at elements that are (it checks offsetParent).
    vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockReturnValue(document.body);
    renderPage(<CourseSearchPage />, { path: paths.courseSearch.path });
    expect(await screen.findByRole('link', { name: /课程23/ })).toBeTruthy();
    expect(screen.getByText('共 23 门课程')).toBeTruthy();
    expect(listCalls(calls)).toEqual([
      { page: '1', size: '20' },
      { page: '2', size: '20' },
    ]);
    expect(within(screen.getByRole('region', { name: '课程列表' })).getAllByRole('link')).toHaveLength(23);
    expect(await screen.findByText('没有更多了')).toBeTruthy();
  });

  it('opens my courses from 我的', async () => {
    classroom(() => okAnswer(coursePage([])));
    const { here } = renderPage(<CourseSearchPage />, { path: paths.courseSearch.path });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '我的' })));
    expect(here()).toBe(paths.myclass.path);
  });

  it('offers words to try when nothing matches, and searches the tapped one', async () => {
    const calls = classroom((call) =>
      okAnswer(coursePage(call.query.keyword === '风水' ? [courseSummary({ title: '居家风水实用课' })] : [])),
    );
    const { here } = renderPage(<CourseSearchPage />, {
      path: paths.courseSearch.getHref({ keyword: '紫微斗数', category: 1 }),
    });
    expect(await screen.findByText('没有找到相关课程')).toBeTruthy();
    expect(screen.getByText('没有与“紫微斗数”相关的课程，换个词试试')).toBeTruthy();
    expect(screen.queryByText(/共 \d+ 门课程/)).toBeNull();
    const words = screen.getByRole('list', { name: '大家都在搜' });
    expect(
      within(words)
        .getAllByRole('button')
        .map((b) => textOf(b)),
    ).toEqual(['八字', '风水', '择日']);
    await act(async () => fireEvent.click(within(words).getByRole('button', { name: '风水' })));
    expect(await screen.findByRole('link', { name: /居家风水实用课/ })).toBeTruthy();
    expect(here()).toBe(searchHref({ keyword: '风水' }));
    expect(listCalls(calls).at(-1)).toEqual({ keyword: '风水', page: '1', size: '20' });
  });

  it('查看全部课程 drops the filter of an empty search', async () => {
    classroom((call) => okAnswer(coursePage(call.query.keyword ? [] : [courseSummary()])));
    const { here } = renderPage(<CourseSearchPage />, {
      path: paths.courseSearch.getHref({ keyword: '不存在' }),
    });
    const all = await screen.findByRole('button', { name: '查看全部课程' });
    await act(async () => fireEvent.click(all));
    expect(await screen.findByText('共 1 门课程')).toBeTruthy();
    expect(here()).toBe(paths.courseSearch.path);
  });

  it('says a failed load in Chinese and asks again on 重试', async () => {
    let fail = true;
    const calls = classroom(() =>
      fail ? failureAnswer('Unavailable', 'db down') : okAnswer(coursePage([courseSummary()])),
    );
    renderPage(<CourseSearchPage />, { path: paths.courseSearch.path });
    expect(screen.getByRole('status', { name: '正在加载课程' })).toBeTruthy();
    expect(await screen.findByText(`加载失败：${ERROR_MESSAGES_ZH.Unavailable}`)).toBeTruthy();
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重试' })));
    expect(await screen.findByText('共 1 门课程')).toBeTruthy();
    expect(listCalls(calls)).toHaveLength(2);
  });
});
