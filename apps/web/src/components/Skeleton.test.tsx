import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Skeleton, SkeletonBlock } from './Skeleton';

afterEach(cleanup);

describe('Skeleton', () => {
  it('is one loading status, named 加载中, with the grey lines asked for', () => {
    const { container } = render(<Skeleton lines={3} />);
    const status = screen.getByRole('status', { name: '加载中' });
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(container.querySelectorAll('[aria-hidden="true"]')).toHaveLength(3);
  });

  it('takes its own name and shapes', () => {
    const { container } = render(
      <Skeleton label="正在排盘">
        <SkeletonBlock height={120} />
        <SkeletonBlock height={16} width="60%" radius={4} />
      </Skeleton>,
    );
    expect(screen.getByRole('status', { name: '正在排盘' })).toBeTruthy();
    const blocks = container.querySelectorAll<HTMLElement>('[aria-hidden="true"]');
    expect(blocks).toHaveLength(2);
    expect(blocks[0].style.height).toBe('120px');
    expect(blocks[1].style.width).toBe('60%');
  });
});
