/**
 * What the reader was looking at on the 排盘 tab, kept while they visit another tab: the tab page
 * unmounts on a switch, and coming back to the top of the page with the 大运 reset to today would
 * lose their place. Kept per profile (its `add_time`), in memory and in sessionStorage (so a reload
 * of the tab keeps it too, while a new visit starts fresh).
 */
import { useLayoutEffect } from 'react';

/** One profile's view: the page's scroll offset and the 大运 / 流年 / 流月 picked. */
export interface BaziViewState {
  scrollY?: number;
  /** The 大运 picked (its index; 0 = 童限). */
  cycleKey?: number;
  /** The 流年 picked, or null when none is. */
  year?: number | null;
  /** The 流月 picked (1 = 寅月 … 12 = 丑月), or null for the default. */
  month?: number | null;
}

/** The 合盘 card's choices, kept for the whole tab (not per profile) under {@link HEPAN_VIEW_KEY}. */
export interface HepanViewState {
  mode?: 'profile' | 'today';
  basis?: 'year' | 'day';
  /** The other profile picked (its `add_time`). */
  other?: number | null;
}

/** Where the 合盘 card keeps its choices. */
export const HEPAN_VIEW_KEY = 'hepan';

/** The sessionStorage key of the kept views. */
export const VIEW_STATE_STORAGE_KEY = 'bazi-view';

type Kept = BaziViewState & HepanViewState;

let views: Record<string, Kept> | null = null;

function load(): Record<string, Kept> {
  if (views) return views;
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(VIEW_STATE_STORAGE_KEY) ?? '{}');
    views = parsed && typeof parsed === 'object' ? (parsed as Record<string, Kept>) : {};
  } catch {
    views = {};
  }
  return views;
}

/** The kept view of a profile (empty when there is none). */
export function readViewState(id: number | string): Kept {
  return load()[String(id)] ?? {};
}

/** Merges `patch` into a profile's kept view. */
export function patchViewState(id: number | string, patch: Kept): void {
  const all = load();
  all[String(id)] = { ...all[String(id)], ...patch };
  try {
    sessionStorage.setItem(VIEW_STATE_STORAGE_KEY, JSON.stringify(all));
  } catch {
    // Private mode or full storage: the in-memory copy still serves this visit.
  }
}

/** Forgets one profile's kept view (its chart changed: 修改 and 保存并排盘). */
export function clearViewState(id: number | string): void {
  const all = load();
  delete all[String(id)];
  try {
    sessionStorage.setItem(VIEW_STATE_STORAGE_KEY, JSON.stringify(all));
  } catch {
    // The in-memory copy is cleared.
  }
}

/** Forgets every kept view (tests; a deleted profile's view is harmless and small). */
export function resetViewState(): void {
  views = {};
  try {
    sessionStorage.removeItem(VIEW_STATE_STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
}

/**
 * Puts the page back at the scroll offset kept for `id` when the view mounts (or `id` changes), then
 * keeps the offset up to date as the reader scrolls. Layout effects, so the offset is restored before
 * the first paint and the listener is gone before the next tab's page can move the window.
 */
export function useKeptScroll(id: number | string): void {
  useLayoutEffect(() => {
    const saved = readViewState(id).scrollY;
    if (saved !== undefined && saved > 0) window.scrollTo(0, saved);
    // Browsers fire scroll at most once a frame; the write is a few dozen bytes.
    const onScroll = () => patchViewState(id, { scrollY: Math.round(window.scrollY) });
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [id]);
}
