import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Article, ArticleListItem, ArticleSearchResult } from '@xuanli/contracts/article';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, renderPage } from '@/testing/app-harness';
import { failureAnswer, okAnswer } from '@/testing/fake-answers';
import ArticlePage, { articleRequestOf } from './ArticlePage';
import LabelPage from './LabelPage';
import { inAppTarget, linkAction } from './links';

function article(overrides: Partial<Article> = {}): Article {
  return {
    id: 3,
    label: '协议',
    name: '用户协议',
    title: '玄历用户协议',
    summary: '',
    html:
      '<h2>一、总则</h2><p>欢迎使用玄历。</p>' +
      '<p><a href="#/pages/index/label?name=%E5%AB%81%E5%A8%B6">嫁娶</a> ' +
      '<a href="https://www.gov.cn/zhengce/" rel="noopener" target="_blank">政策原文</a> ' +
      '<a href="mailto:help@example.com">写信</a></p>',
    updatedAt: '2026-01-14T16:30:00.000Z',
    ...overrides,
  };
}

function listItem(id: number): ArticleListItem {
  return {
    id,
    label: '节气',
    name: `节气${id}`,
    title: `节气文章${id}`,
    summary: `第${id}篇的摘要`,
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('article links', () => {
  const here = new URL('https://xuanli.example/xuanli/#/pages/index/article?id=1');
  it('keeps app pages in the app and sends web addresses to the webview', () => {
    expect(inAppTarget('#/pages/index/label?name=嫁娶', here)).toBe('/pages/index/label?name=嫁娶');
    expect(inAppTarget('/pages/user/fuli', here)).toBe('/pages/user/fuli');
    expect(inAppTarget('https://xuanli.example/xuanli/#/pages/user/fuli', here)).toBe('/pages/user/fuli');
    expect(inAppTarget('https://other.example/xuanli/#/pages/user/fuli', here)).toBeNull();
    expect(linkAction('https://www.gov.cn/', here)).toEqual({ kind: 'web', to: 'https://www.gov.cn/' });
    expect(linkAction('mailto:help@example.com', here)).toBeNull();
    expect(linkAction('javascript:alert(1)', here)).toBeNull();
  });

  it('reads the article a query names', () => {
    expect(articleRequestOf(new URLSearchParams('id=3'))).toEqual({ id: 3 });
    expect(articleRequestOf(new URLSearchParams('label=协议&name=用户协议'))).toEqual({
      label: '协议',
      name: '用户协议',
    });
    expect(articleRequestOf(new URLSearchParams('id=abc'))).toBeNull();
    expect(articleRequestOf(new URLSearchParams('id=0'))).toBeNull();
    expect(articleRequestOf(new URLSearchParams('label=协议'))).toBeNull();
  });
});

describe('ArticlePage', () => {
  it('shows the title in the header, the body and the date of the last change', async () => {
    const calls = installFakeApi(() => okAnswer(article()));
    renderPage(<ArticlePage />, { path: '/pages/index/article?id=3' });
    expect(screen.getByRole('status', { name: '正在加载文章' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: '玄历用户协议' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '一、总则' })).toBeTruthy();
    expect(screen.getByText('欢迎使用玄历。')).toBeTruthy();
    // 16:30 UTC is already the 15th in Beijing.
    expect(screen.getByText('更新于 2026年1月15日')).toBeTruthy();
    expect(calls[0]).toMatchObject({ path: '/crm/article/read', body: { id: 3 } });
    await waitFor(() => expect(document.title).toBe('玄历用户协议 · 中华玄历'));
  });

  it('reads an article by label and name', async () => {
    const calls = installFakeApi(() => okAnswer(article()));
    renderPage(<ArticlePage />, { path: '/pages/index/article?label=协议&name=用户协议' });
    await screen.findByRole('heading', { level: 1, name: '玄历用户协议' });
    expect(calls[0]?.body).toEqual({ label: '协议', name: '用户协议' });
  });

  it('opens in-app links in the app and web links in the webview page', async () => {
    installFakeApi(() => okAnswer(article()));
    const first = renderPage(<ArticlePage />, { path: '/pages/index/article?id=3' });
    fireEvent.click(await screen.findByRole('link', { name: '嫁娶' }));
    expect(first.location()).toMatchObject({
      pathname: '/pages/index/label',
      search: '?name=%E5%AB%81%E5%A8%B6',
    });
    first.unmount();

    const second = renderPage(<ArticlePage />, { path: '/pages/index/article?id=3' });
    fireEvent.click(await screen.findByRole('link', { name: '政策原文' }));
    expect(second.location()?.pathname).toBe('/pages/webview/index');
    expect(new URLSearchParams(second.location()?.search).get('url')).toBe('https://www.gov.cn/zhengce/');
    second.unmount();

    const third = renderPage(<ArticlePage />, { path: '/pages/index/article?id=3' });
    const mail = await screen.findByRole('link', { name: '写信' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    mail.dispatchEvent(click);
    expect(third.location()?.pathname).toBe('/pages/index/article');
    expect(click.defaultPrevented).toBe(false);
  });

  it('says 链接无效 for a link without an article, asking nothing', async () => {
    const calls = installFakeApi(() => okAnswer(article()));
    renderPage(<ArticlePage />, { path: '/pages/index/article?id=x' });
    expect(screen.getByRole('heading', { level: 1, name: '文章' })).toBeTruthy();
    expect(screen.getByText('链接无效：这个链接没有指明要看的文章。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '回到日历' })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('says a missing article in Chinese without a pointless 重试', async () => {
    installFakeApi(() => failureAnswer('NotFound', 'article not found'));
    renderPage(<ArticlePage />, { path: '/pages/index/article?id=404' });
    expect(await screen.findByText('加载失败：没有找到相应内容')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  it('offers 重试 after a server fault and then shows the article', async () => {
    let fail = true;
    installFakeApi(() => (fail ? failureAnswer('InternalError', 'boom') : okAnswer(article())));
    renderPage(<ArticlePage />, { path: '/pages/index/article?id=3' });
    expect(await screen.findByText('加载失败：服务器出了点问题，请稍后重试')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('欢迎使用玄历。')).toBeTruthy();
  });
});

describe('LabelPage', () => {
  it('explains a 宜/忌 word, titled with the word', async () => {
    const calls = installFakeApi(() =>
      okAnswer(
        article({ id: 40, label: '宜忌', name: '嫁娶', title: '嫁娶', html: '<p>男女成婚之礼。</p>' }),
      ),
    );
    renderPage(<LabelPage />, { path: '/pages/index/label?name=嫁娶' });
    expect(await screen.findByText('男女成婚之礼。')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '嫁娶' })).toBeTruthy();
    expect(calls[0]).toMatchObject({ path: '/crm/article/read', body: { label: '宜忌', name: '嫁娶' } });
  });

  it('says a word without an explanation plainly and links to all the words', async () => {
    installFakeApi(() => failureAnswer('NotFound', 'article not found'));
    renderPage(<LabelPage />, { path: '/pages/index/label?name=无此词' });
    expect(await screen.findByText('暂未收录「无此词」的释义。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看全部' }).getAttribute('href')).toBe(
      `/pages/index/label?label=${encodeURIComponent('宜忌')}`,
    );
  });

  it('lists the articles of a label page by page, each opening the article page', async () => {
    const pages: Record<number, ArticleSearchResult> = {
      1: { list: Array.from({ length: 20 }, (_, i) => listItem(i + 1)), total: 24 },
      2: { list: [21, 22, 23, 24].map(listItem), total: 24 },
    };
    const calls = installFakeApi((call) =>
      call.path === '/crm/article/search' ? okAnswer(pages[Number(call.body.page)]!) : undefined,
    );
    // jsdom lays nothing out; InfiniteScroll only looks at elements that are (it checks offsetParent).
    vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockReturnValue(document.body);
    const { location } = renderPage(<LabelPage />, { path: '/pages/index/label?label=节气' });
    expect(screen.getByRole('heading', { level: 1, name: '二十四节气' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: '节气文章24 第24篇的摘要' })).toBeTruthy();
    expect(calls.map((c) => c.body)).toEqual([
      { label: '节气', page: 1, size: 20 },
      { label: '节气', page: 2, size: 20 },
    ]);
    expect(await screen.findByText('没有更多了')).toBeTruthy();
    const first = screen.getByRole('link', { name: '节气文章1 第1篇的摘要' });
    expect(within(first).getByText('第1篇的摘要')).toBeTruthy();
    fireEvent.click(first);
    expect(location()).toMatchObject({ pathname: '/pages/index/article', search: '?id=1' });
  });

  it('offers the lists of the labels when the link names nothing, asking nothing', async () => {
    const calls = installFakeApi(() => okAnswer({ list: [listItem(1)], total: 1 }));
    const { location } = renderPage(<LabelPage />, { path: '/pages/index/label' });
    expect(screen.getByRole('heading', { level: 1, name: '标签' })).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('link', { name: '宜忌释义' }));
    expect(location()).toMatchObject({
      pathname: '/pages/index/label',
      search: `?label=${encodeURIComponent('宜忌')}`,
    });
    expect(await screen.findByRole('link', { name: '节气文章1 第1篇的摘要' })).toBeTruthy();
    expect(calls[0]?.body).toEqual({ label: '宜忌', page: 1, size: 20 });
  });

  it('says a failed list in Chinese with 重试', async () => {
    installFakeApi(() => failureAnswer('InternalError', 'boom'));
    renderPage(<LabelPage />, { path: '/pages/index/label?label=节气' });
    expect(await screen.findByText('加载失败：服务器出了点问题，请稍后重试')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});
