import { PageOfPath, type PagesByPath } from '@/components/PageOfPath';
import { paths } from '@/config/paths';
import { lazyPage } from '@/lib/lazy-page';
import CourseSearchPage from './CourseSearchPage';
import CourseShowPage from './CourseShowPage';
import FengshuiPage from './FengshuiPage';
import KejianPage from './KejianPage';
import KetangPage from './KetangPage';

/**
 * The player with its controls library (media-chrome) is a chunk of its own, loaded from here: only a
 * learner who opens a lesson downloads it, and its preload list lives in this chunk, not in the entry
 * script the calendar route downloads.
 */
const PlayerPage = lazyPage(() => import('./player/PlayerPage'));

/** The page of each classroom route (pages/ketang/*, PRODUCT.md#classroom). */
export const KETANG_PAGES: PagesByPath = {
  [paths.ketang.path]: KetangPage,
  [paths.courseSearch.path]: CourseSearchPage,
  [paths.courseShow.path]: CourseShowPage,
  [paths.coursePlayer.path]: PlayerPage,
  [paths.kejian.path]: KejianPage,
  [paths.fengshui.path]: FengshuiPage,
};

/**
 * The classroom's pages as one lazily loaded page that shows the one of the current path. One chunk
 * for the tab, search, a course, the courseware and the 风水 page (they share the course list, the
 * teacher card and antd-mobile) because every lazy route adds its list of chunks to preload to the
 * entry script, whose bytes the calendar route's budget counts (scripts/route-bytes.mjs).
 */
export default function KetangPages() {
  return <PageOfPath pages={KETANG_PAGES} fallback={KetangPage} />;
}
