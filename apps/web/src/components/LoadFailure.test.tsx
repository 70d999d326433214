import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toApiError } from '@/lib/api';
import { LoadFailure } from './LoadFailure';

describe('LoadFailure', () => {
  it('says the failure in Chinese as an alert and asks again on 重试', () => {
    const onRetry = vi.fn();
    render(
      <LoadFailure
        error={toApiError({ code: 'InternalError', msg: 'boom' }, { status: 500 })}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('加载失败：服务器出了点问题，请稍后重试');
    expect(onRetry).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("says the server's reason for a refusal, not a generic failure", () => {
    render(
      <LoadFailure
        error={toApiError({ code: 'NotFound', msg: 'gone' }, { status: 404 })}
        onRetry={() => {}}
      />,
    );
    expect(screen.getByText('加载失败：没有找到相应内容')).toBeTruthy();
  });
});
