/**
 * The playback speed of the player: the learner's choice from the session store (`ketang.rate`,
 * persisted, PRODUCT.md#screens) put on the video — as its default speed too, since loading a new source
 * resets the speed to the default — so the next lesson and the next launch play at the speed chosen last.
 */
import { useCallback, useEffect } from 'react';
import { useSession } from '@/stores/session';
import { preferredRate } from './playback-rate';

/** The speed `video` plays at and the function that changes (and remembers) it. */
export function usePlaybackRate(video: HTMLVideoElement | null): {
  rate: number;
  choose: (rate: number) => void;
} {
  const rate = useSession((s) => preferredRate(s.ketang));
  const setKetang = useSession((s) => s.setKetang);

  useEffect(() => {
    if (!video) return;
    const apply = () => {
      video.defaultPlaybackRate = rate;
      if (video.playbackRate !== rate) video.playbackRate = rate;
    };
    apply();
    video.addEventListener('loadedmetadata', apply);
    return () => video.removeEventListener('loadedmetadata', apply);
  }, [video, rate]);

  const choose = useCallback(
    (next: number) => {
      const prefs = useSession.getState().ketang;
      setKetang({ ...(prefs && typeof prefs === 'object' ? prefs : {}), rate: next });
    },
    [setKetang],
  );
  return { rate, choose };
}
