import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/testing/app-harness';
import { YiJiRow } from './YiJi';

describe('YiJiRow', () => {
  it('links every word to its explanation on the label page', () => {
    const { location } = renderPage(<YiJiRow kind="宜" items={['嫁娶', '出行']} />, {
      path: '/pages/index/index',
    });
    const list = screen.getByRole('list', { name: '宜' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['嫁娶', '出行']);
    expect(links[0]?.getAttribute('href')).toBe(`/pages/index/label?name=${encodeURIComponent('嫁娶')}`);
    fireEvent.click(links[1]!);
    expect(location()).toMatchObject({
      pathname: '/pages/index/label',
      search: `?name=${encodeURIComponent('出行')}`,
    });
  });

  it('says 诸事不宜 / 百无禁忌 without a link when there is no word', () => {
    renderPage(
      <>
        <YiJiRow kind="宜" items={[]} />
        <YiJiRow kind="忌" items={[]} />
      </>,
    );
    expect(screen.getByText('诸事不宜')).toBeTruthy();
    expect(screen.getByText('百无禁忌')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
