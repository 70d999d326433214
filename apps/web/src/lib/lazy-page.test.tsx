import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

describe('lazyPage', () => {
  it('starts loading on preload() and renders from that same load', async () => {
    const load = vi.fn(async () => ({ default: () => <p>已加载</p> }));
    const Page = lazyPage(load);
    expect(load).not.toHaveBeenCalled();
    const first = Page.preload();
    expect(Page.preload()).toBe(first);
    render(
      <Suspense fallback={null}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('已加载')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
