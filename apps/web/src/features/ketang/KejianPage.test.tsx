/**
 * 免费课件 (pages/ketang/kejian): the files from the courseware answer with their facts and course,
 * 预览 opening the PDF, 下载 fetching it as a blob and saving it under its file name (PRODUCT.md#classroom), the
 * WeChat hint, failures said in Chinese, and the loading, failed, empty and one-course states.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Courseware, CoursewareList } from '@xuanli/contracts/ketang';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import {
  type ApiCall,
  answerDialog,
  deferred,
  installFakeApi,
  pageTests,
  renderPage,
} from '@/testing/app-harness';
import { failureAnswer, okAnswer } from '@/testing/fake-answers';
import { courseDetail } from './course-fixtures';
import KejianPage from './KejianPage';

const PDF_BYTES = new TextEncoder().encode('%PDF-1.4 六十甲子纳音表');

const JIAZI: Courseware = {
  id: 1,
  title: '六十甲子纳音表',
  fileName: '六十甲子纳音表.pdf',
  url: '/api/files/ketang/courseware/liushi-jiazi-nayin.pdf',
  type: 'application/pdf',
  pages: 2,
  bytes: 88_064,
  courseId: 'ganzhi-rumen',
};

const GENERAL: Courseware = {
  id: 2,
  title: '二〇二七年二十四节气时刻表',
  fileName: '2027节气表.pdf',
  url: '/api/files/ketang/courseware/jieqi-2027.pdf',
  type: 'application/pdf',
  pages: 1,
  bytes: 1_572_864,
  courseId: null,
};

const list = (files: Courseware[]): CoursewareList => ({ list: files, total: files.length });

/** The PDF's bytes as the file route sends them. */
const pdfAnswer = () =>
  new Response(PDF_BYTES, {
    headers: { 'Content-Type': 'application/pdf', 'Content-Length': String(PDF_BYTES.length) },
  });

/** A classroom that answers the courseware, the courses, and `file` for the file route. */
function server(
  files: () => Response = () => okAnswer(list([JIAZI, GENERAL])),
  file: (call: ApiCall) => Response | Promise<Response> = pdfAnswer,
) {
  return installFakeApi((call) => {
    if (call.path === '/crm/ketang/kejian') return files();
    if (call.path === '/crm/ketang/show' && call.query.id === 'ganzhi-rumen')
      return okAnswer(courseDetail({ id: 'ganzhi-rumen', title: '天干地支一课通' }));
    if (call.path.startsWith('/files/')) return file(call);
    return undefined;
  });
}

const PAGE = paths.kejian.path;
const card = (name: string) => screen.getByRole('article', { name });

/** Catches what the page hands to the browser to save: the object URL's blob and the link clicked. */
function catchSaves() {
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return `blob:http://localhost:3000/${blobs.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const links: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    links.push({ href: this.href, download: this.download });
  });
  return { blobs, links };
}

pageTests();

describe('KejianPage (pages/ketang/kejian)', () => {
  it('lists the files with their name, pages and size, and the course they belong with', async () => {
    const calls = server();
    const { here } = renderPage(<KejianPage />, { path: PAGE });
    expect(screen.getByRole('heading', { level: 1, name: '免费课件' })).toBeTruthy();
    expect(screen.getByRole('status', { name: '正在加载课件' })).toBeTruthy();

    const jiazi = await screen.findByRole('article', { name: '六十甲子纳音表' });
    expect(within(jiazi).getByText('六十甲子纳音表.pdf')).toBeTruthy();
    expect(within(jiazi).getByText('2 页 · 86 KB')).toBeTruthy();
    const courseLink = await within(jiazi).findByRole('link', { name: /《天干地支一课通》/ });
    expect(courseLink.getAttribute('href')).toBe('/pages/ketang/show?id=ganzhi-rumen');

    const general = card('二〇二七年二十四节气时刻表');
    expect(within(general).getByText('1 页 · 1.5 MB')).toBeTruthy();
    expect(within(general).queryByRole('link')).toBeNull();
    for (const file of [jiazi, general]) {
      expect(within(file).getByRole('button', { name: '预览' })).toBeTruthy();
      expect(within(file).getByRole('button', { name: '下载' })).toBeTruthy();
    }
    expect(calls.find((c) => c.path === '/crm/ketang/kejian')?.query).toEqual({});

    fireEvent.click(courseLink);
    expect(here()).toBe('/pages/ketang/show?id=ganzhi-rumen');
  });

  it('downloads a file as a blob with the token and saves it under its file name', async () => {
    const gate = deferred();
    const calls = server(undefined, async () => {
      await gate.promise;
      return pdfAnswer();
    });
    const saves = catchSaves();
    renderPage(<KejianPage />, { path: PAGE });
    const jiazi = await screen.findByRole('article', { name: '六十甲子纳音表' });

    fireEvent.click(within(jiazi).getByRole('button', { name: '下载' }));
    const busy = await within(jiazi).findByRole('button', { name: /下载中/ });
    expect(busy.hasAttribute('disabled')).toBe(true);
    const fileCall = calls.find((c) => c.path.startsWith('/files/'));
    expect(fileCall).toMatchObject({
      method: 'GET',
      path: '/files/ketang/courseware/liushi-jiazi-nayin.pdf',
      token: 'visitor-jwt',
    });
    expect(saves.links).toEqual([]);

    await act(async () => gate.resolve());
    expect(await screen.findByText('已保存 六十甲子纳音表.pdf')).toBeTruthy();
    expect(saves.links).toEqual([{ href: 'blob:http://localhost:3000/1', download: '六十甲子纳音表.pdf' }]);
    expect(saves.blobs).toHaveLength(1);
    expect(Array.from(new Uint8Array(await saves.blobs[0].arrayBuffer()))).toEqual(Array.from(PDF_BYTES));
    expect(within(jiazi).getByRole('button', { name: '下载' }).hasAttribute('disabled')).toBe(false);
  });

  it('says 网络异常 under the file when the download fails, and downloads on the next try', async () => {
    let online = false;
    server(undefined, () => {
      if (!online) throw new TypeError('Failed to fetch');
      return pdfAnswer();
    });
    const saves = catchSaves();
    renderPage(<KejianPage />, { path: PAGE });
    const jiazi = await screen.findByRole('article', { name: '六十甲子纳音表' });

    fireEvent.click(within(jiazi).getByRole('button', { name: '下载' }));
    expect((await within(jiazi).findByRole('alert')).textContent).toBe('下载失败：网络异常，请稍后重试');
    expect(saves.links).toEqual([]);

    online = true;
    fireEvent.click(within(jiazi).getByRole('button', { name: '下载' }));
    await waitFor(() => expect(saves.links.map((l) => l.download)).toEqual(['六十甲子纳音表.pdf']));
    expect(within(jiazi).queryByRole('alert')).toBeNull();
  });

  it('says a file the server no longer has in Chinese', async () => {
    server(undefined, () => failureAnswer('NotFound', 'no such file'));
    catchSaves();
    renderPage(<KejianPage />, { path: PAGE });
    const jiazi = await screen.findByRole('article', { name: '六十甲子纳音表' });
    fireEvent.click(within(jiazi).getByRole('button', { name: '下载' }));
    expect((await within(jiazi).findByRole('alert')).textContent).toBe('下载失败：文件已下架或不存在');
  });

  it('opens the PDF in a new window for 预览', async () => {
    server();
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: window } as unknown as Window);
    renderPage(<KejianPage />, { path: PAGE });
    const jiazi = await screen.findByRole('article', { name: '六十甲子纳音表' });
    fireEvent.click(within(jiazi).getByRole('button', { name: '预览' }));
    expect(open).toHaveBeenCalledWith(JIAZI.url, '_blank');
  });

  it('tells a reader in WeChat how to download instead of fetching a file it cannot save', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) AppleWebKit/605.1.15 MicroMessenger/8.0.47 NetType/WIFI',
    );
    const calls = server();
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: window } as unknown as Window);
    renderPage(<KejianPage />, { path: PAGE });
    const jiazi = await screen.findByRole('article', { name: '六十甲子纳音表' });
    expect(
      screen.getByText('微信里无法直接保存文件：请点击右上角「…」在浏览器中打开后下载。', { exact: false }),
    ).toBeTruthy();

    fireEvent.click(within(jiazi).getByRole('button', { name: '下载' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/请点击右上角「…」在浏览器中打开后下载/)).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/files/'))).toBe(false);
    await answerDialog('知道了');

    // 预览 still works there.
    fireEvent.click(within(jiazi).getByRole('button', { name: '预览' }));
    expect(open).toHaveBeenCalledWith(JIAZI.url, '_blank');
  });

  it('lists only one course’s files for ?course=, with the way back to all', async () => {
    const calls = server(() => okAnswer(list([JIAZI])));
    const { here } = renderPage(<KejianPage />, {
      path: paths.kejian.getHref({ course: 'ganzhi-rumen' }),
    });
    expect(await screen.findByText('《天干地支一课通》的课件')).toBeTruthy();
    const jiazi = await screen.findByRole('article', { name: '六十甲子纳音表' });
    expect(within(jiazi).queryByRole('link')).toBeNull();
    expect(calls.find((c) => c.path === '/crm/ketang/kejian')?.query).toEqual({ course: 'ganzhi-rumen' });

    fireEvent.click(screen.getByRole('link', { name: '查看全部课件' }));
    expect(here()).toBe(PAGE);
  });

  it('ignores a course parameter that is no course id', async () => {
    const calls = server();
    renderPage(<KejianPage />, { path: `${PAGE}?course=${encodeURIComponent('../x')}` });
    await screen.findByRole('article', { name: '六十甲子纳音表' });
    expect(calls.find((c) => c.path === '/crm/ketang/kejian')?.query).toEqual({});
  });

  it('says a failed load in Chinese and loads again on 重试', async () => {
    let fail = true;
    server(() => (fail ? failureAnswer('InternalError', 'boom') : okAnswer(list([GENERAL]))));
    renderPage(<KejianPage />, { path: PAGE });
    expect((await screen.findByRole('alert')).textContent).toContain(
      '加载失败：服务器出了点问题，请稍后重试',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('article', { name: '二〇二七年二十四节气时刻表' })).toBeTruthy();
  });

  it('shows an empty state that leads to the courses', async () => {
    server(() => okAnswer(list([])));
    const { here } = renderPage(<KejianPage />, { path: PAGE });
    expect(await screen.findByText('课件正在整理中')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '去看课程' }));
    expect(here()).toBe(paths.ketang.path);
  });
});
