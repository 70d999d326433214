import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followNetworkState, queryClient } from './query';

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

  it('refetches what is on screen when the network returns, fresh or not, so a 离线 page recovers by itself', async () => {
    // As the app's provider does: the client follows the network from then on.
    queryClient.mount();
    const fetches = vi.fn(async () => 'answer');
    const observer = new QueryObserver(queryClient, { queryKey: ['shown while offline'], queryFn: fetches });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(fetches).toHaveBeenCalledTimes(1));
    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(fetches).toHaveBeenCalledTimes(2));
    unsubscribe();
    queryClient.unmount();
  });
});
