import { type TouchEvent, useRef } from 'react';

/** A horizontal move shorter than this is a tap or a wobble, not a swipe (px at 375 wide). */
const MIN_DISTANCE = 50;

/** Touch handlers to spread onto the element that should react to swipes. */
export interface SwipeHandlers {
  onTouchStart: (event: TouchEvent) => void;
  onTouchEnd: (event: TouchEvent) => void;
}

/**
 * Touch handlers that call `onSwipe(-1)` for a swipe to the right (show the previous page) and
 * `onSwipe(1)` for a swipe to the left (the next page). A mostly vertical gesture is left alone so
 * the page can still scroll.
 */
export function useSwipe(onSwipe: (direction: -1 | 1) => void): SwipeHandlers {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart(event) {
      const touch = event.touches[0];
      start.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd(event) {
      const from = start.current;
      const touch = event.changedTouches[0];
      start.current = null;
      if (!from || !touch) return;
      const dx = touch.clientX - from.x;
      const dy = touch.clientY - from.y;
      if (Math.abs(dx) < MIN_DISTANCE || Math.abs(dx) < Math.abs(dy) * 1.5) return;
      onSwipe(dx < 0 ? 1 : -1);
    },
  };
}
