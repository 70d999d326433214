import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followNetworkState } from './query';

afterEach(() => onlineManager.setOnline(true));

describe('the query layer and the network', () => {
  it('starts from the browser’s network state, so a page opened offline waits and resumes when it returns', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    // The library's own guess would be "online" until an event says otherwise.
    onlineManager.setOnline(true);
    const stop = followNetworkState();
    expect(onlineManager.isOnline()).toBe(false);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(onlineManager.isOnline()).toBe(true);
    window.dispatchEvent(new Event('offline'));
    expect(onlineManager.isOnline()).toBe(false);
    stop();
  });
});
