/**
 * The player's fullscreen state (PRODUCT.md#classroom: playing, paused, fullscreen) as media-chrome's
 * controller announces it (`mediaisfullscreen`, also for iOS's own video fullscreen). Entering it turns a
 * phone to landscape where the browser allows (`screen.orientation.lock`, Android Chrome in fullscreen);
 * leaving it lets the phone turn freely again. Browsers that refuse either are simply left as they are.
 */
import { useEffect, useState } from 'react';

/** `screen.orientation` with the lock calls some browsers have (not in every DOM typing). */
type LockableOrientation = ScreenOrientation & {
  lock?: (orientation: 'landscape') => Promise<void>;
  unlock?: () => void;
};

function orientation(): LockableOrientation | undefined {
  return typeof screen === 'undefined' ? undefined : (screen.orientation as LockableOrientation | undefined);
}

/** Whether the player of `controller` is fullscreen; turns the phone to landscape while it is. */
export function useFullscreenOrientation(controller: HTMLElement | null): boolean {
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    if (!controller) return;
    let locked = false;
    const onChange = (event: Event) => {
      const isFullscreen = Boolean((event as CustomEvent<unknown>).detail);
      setFullscreen(isFullscreen);
      try {
        if (isFullscreen && !locked) {
          locked = true;
          orientation()
            ?.lock?.('landscape')
            ?.catch(() => {});
        } else if (!isFullscreen && locked) {
          locked = false;
          orientation()?.unlock?.();
        }
      } catch {
        // Older browsers throw instead of rejecting (no lock outside fullscreen, or none at all).
      }
    };
    controller.addEventListener('mediaisfullscreen', onChange);
    return () => controller.removeEventListener('mediaisfullscreen', onChange);
  }, [controller]);
  return fullscreen;
}
