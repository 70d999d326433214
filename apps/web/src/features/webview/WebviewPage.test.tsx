import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import WebviewPage from './WebviewPage';

function openWebview(url: string | null) {
  const search = url === null ? '' : `?url=${encodeURIComponent(url)}`;
  return render(
    <MemoryRouter initialEntries={[`/pages/webview/index${search}`]}>
      <Routes>
        <Route path="/pages/webview/index" element={<WebviewPage />} />
        <Route path="/pages/index/index" element={<p>日历页</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('WebviewPage', () => {
  it.each([
    ['garbage', 'garbage'],
    ['a javascript: link', 'javascript:alert(1)'],
    ['a data: link', 'data:text/html,<b>x</b>'],
    ['no url at all', null],
  ])('titles %s 链接无效 in Chinese, says why and loads nothing', async (_, url) => {
    openWebview(url);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('链接无效');
    expect(screen.getByText('网址无效，无法打开此页面。')).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
    await waitFor(() => expect(document.title).toBe('链接无效 · 中华玄历'));
    expect(screen.getByRole('link', { name: '回到日历' })).toBeTruthy();
  });

  it('titles a good address with its host', async () => {
    openWebview('https://example.com/a');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('example.com');
    expect(screen.getByTitle('example.com').getAttribute('src')).toBe('https://example.com/a');
    await waitFor(() => expect(document.title).toBe('example.com · 中华玄历'));
  });
});
