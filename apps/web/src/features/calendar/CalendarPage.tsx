import { monthView } from '@xuanli/almanac/monthView';
import {
  dayNumber,
  daysInSolarMonth,
  formatSolarDate,
  parseSolarDate,
  type SolarDate,
  solarFromDayNumber,
} from '@xuanli/almanac/solarDate';
import { useEffect, useId, useMemo, useState } from 'react';
import { CalendarIcon, CaretIcon, ChevronIcon, SettingsIcon } from '@/components/line-icons';
import { Notice } from '@/components/Notice';
import { HeaderButton, PageHeader } from '@/components/PageHeader';
import { paths } from '@/config/paths';
import { useBeijingToday } from '@/hooks/useBeijingToday';
import { useDateQuery } from '@/hooks/useDateQuery';
import { useHolidays } from '@/hooks/useHolidays';
import { addMonths, MAX_YEAR, MIN_YEAR, parseDateParam } from '@/lib/dates';
import { whenIdleAfterLoad } from '@/lib/idle';
import styles from './CalendarPage.module.css';
import type { Sheet } from './CalendarSheets';
import { DayCard } from './DayCard';
import { dayCardOrNull } from './day-card-or-null';
import { useGridMode } from './grid-mode';
import { MonthGrid } from './MonthGrid';
import { useWeekStart } from './week-start';

/** sessionStorage key of the selected day, so coming back from 老黄历 returns to the same day. */
export const SELECTED_KEY = 'xuanli-calendar-selected';

interface SavedSelection {
  date: string;
  /** The Beijing day it was saved on: a selection from an earlier day is dropped for today. */
  savedOn: string;
}

function restoreSelection(today: string): string {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SELECTED_KEY) ?? 'null') as SavedSelection | null;
    if (saved?.savedOn === today) return formatSolarDate(parseDateParam(saved.date, today));
  } catch {
    // A broken entry just means starting on today.
  }
  return today;
}

function saveSelection(date: string, today: string): void {
  try {
    sessionStorage.setItem(SELECTED_KEY, JSON.stringify({ date, savedOn: today } satisfies SavedSelection));
  } catch {
    // Without storage the calendar simply opens on today again.
  }
}

type SheetsModule = typeof import('./CalendarSheets');

let sheetsModule: Promise<SheetsModule> | null = null;

/** Loads the sheets' chunk once; a failed load (offline) is forgotten so the next tap retries. */
function loadSheets(): Promise<SheetsModule> {
  sheetsModule ??= import('./CalendarSheets').catch((error: unknown) => {
    sheetsModule = null;
    throw error;
  });
  return sheetsModule;
}

/**
 * The pickers' code, fetched when the browser is first idle — so they open at once, and still open
 * after the connection drops — without delaying the month grid. `ensure` loads it now, for a tap that
 * came first; it reports whether the load worked.
 */
function useSheets(): [SheetsModule | null, () => Promise<boolean>] {
  const [sheets, setSheets] = useState<SheetsModule | null>(null);
  const ensure = () =>
    loadSheets().then(
      (module) => {
        setSheets(module);
        return true;
      },
      () => false,
    );
  useEffect(() => {
    // Only the download, once the page has loaded and the browser is idle, so the pickers' chunk never
    // competes with the grid for the first paint: the module stays in memory (and offline), and the
    // page renders it when a picker first opens (`ensure`, then at once) — a render now would redo the
    // whole month grid for pickers that are not on screen. Offline before the chunk arrived: the next
    // tap on a picker button tries again. (Leaving the page first changes nothing: the download is
    // one cached module either way.)
    whenIdleAfterLoad(() => void loadSheets().catch(() => {}));
  }, []);
  return [sheets, ensure];
}

/** The date `days` after `date`, or null past the years the calendar covers (1900–2100). */
function addDays(date: SolarDate, days: number): SolarDate | null {
  const next = solarFromDayNumber(dayNumber(date.year, date.month, date.day) + days);
  return next.year < MIN_YEAR || next.year > MAX_YEAR ? null : next;
}

/**
 * The calendar tab (#/pages/index/index, or ?date=YYYY-MM-DD to open on a day): a month grid computed
 * in the browser by the engine, so it keeps working offline once loaded, with the selected day's card
 * below it; 休/班 include the holiday days entered since the build (fetched when idle, kept offline). The grid folds to one week (remembered) so the day's 宜/忌 fit on a short screen.
 */
export default function CalendarPage() {
  const today = useBeijingToday();
  const holidays = useHolidays();
  const [weekStart, setWeekStart] = useWeekStart();
  const [gridMode, setGridMode] = useGridMode();
  const { query, text: queryText, setDate: setQueryDate } = useDateQuery();
  const gridId = useId();
  const [selection, setSelection] = useState(() => {
    // A link's ?date= wins over the day selected earlier in this tab; a bad one falls back to today.
    if (query.kind === 'date') return { date: formatSolarDate(query.date), today };
    const date = query.kind === 'invalid' ? today : restoreSelection(today);
    return { date, today };
  });
  const [slide, setSlide] = useState<-1 | 0 | 1>(0);
  const [sheet, setSheet] = useState<Sheet>(null);
  const [sheets, ensureSheets] = useSheets();
  const Sheets = sheets?.default;

  function openSheet(next: Exclude<Sheet, null>) {
    setSheet(next);
    // A tap before the idle prefetch finished (or after it failed offline): load now.
    if (!Sheets) void ensureSheets().then((loaded) => loaded || setSheet(null));
  }

  // A new ?date= while the page is open (a link to another day): show that day.
  const [seenQuery, setSeenQuery] = useState(queryText);
  if (queryText !== seenQuery) {
    setSeenQuery(queryText);
    if (query.kind === 'date') setSelection({ date: formatSolarDate(query.date), today });
    else if (query.kind === 'invalid') setSelection({ date: today, today });
  }

  // The page stayed open past midnight and was looked at again: follow today if the reader was on it.
  let selected = selection.date;
  if (selection.today !== today) {
    selected = selection.date === selection.today ? today : selection.date;
    setSelection({ date: selected, today });
  }

  const selectedDate = useMemo(() => parseSolarDate(selected), [selected]);
  const view = useMemo(
    () => monthView(selectedDate.year, selectedDate.month, { weekStart, today, holidays }),
    [selectedDate.year, selectedDate.month, weekStart, today, holidays],
  );
  const day = useMemo(() => dayCardOrNull(selectedDate, holidays), [selectedDate, holidays]);

  function select(date: string, direction: -1 | 0 | 1 = 0) {
    setSlide(direction);
    setSelection({ date, today });
    saveSelection(date, today);
    // Opened from a link with ?date=: keep the address on the day shown, so a reload (or 返回 from
    // 老黄历) comes back to it; this also clears a 日期无效 message.
    if (queryText !== null) {
      setQueryDate(parseSolarDate(date));
      setSeenQuery(date);
    }
  }

  function selectCell(date: string) {
    const target = parseSolarDate(date);
    const delta = (target.year - selectedDate.year) * 12 + (target.month - selectedDate.month);
    // In the folded grid the tapped day is in the row on screen: nothing slides.
    select(date, gridMode === 'week' || delta === 0 ? 0 : delta > 0 ? 1 : -1);
  }

  /** Turning the page selects today in today's month, else the 1st — a date the reader can see. */
  function showMonth(year: number, month: number, direction: -1 | 0 | 1) {
    const todayDate = parseSolarDate(today);
    const day = todayDate.year === year && todayDate.month === month ? todayDate.day : 1;
    select(formatSolarDate({ year, month, day: Math.min(day, daysInSolarMonth(year, month)) }), direction);
  }

  function stepMonth(delta: -1 | 1) {
    const next = addMonths(selectedDate.year, selectedDate.month, delta);
    if (next.year === selectedDate.year && next.month === selectedDate.month) return;
    showMonth(next.year, next.month, delta);
  }

  /** The arrows and swipes turn a month, or a week when the grid is folded to one. */
  function step(delta: -1 | 1) {
    if (gridMode === 'month') return stepMonth(delta);
    const next = addDays(selectedDate, delta * 7);
    if (next) select(formatSolarDate(next), delta);
  }

  function jumpTo(date: SolarDate) {
    setSheet(null);
    const delta = (date.year - selectedDate.year) * 12 + (date.month - selectedDate.month);
    select(formatSolarDate(date), delta === 0 ? 0 : delta > 0 ? 1 : -1);
  }

  const onToday = selected === today;
  const title = `${selectedDate.year}年${selectedDate.month}月`;
  const folded = gridMode === 'week';

  return (
    <div className={styles.page}>
      <PageHeader
        title={paths.calendar.title}
        left={
          <HeaderButton
            className={styles.jumpButton}
            aria-label="查询日期（公历或农历）"
            onClick={() => openSheet('date')}
          >
            <CalendarIcon />
            <span>查日期</span>
          </HeaderButton>
        }
        right={
          <HeaderButton aria-label="日历设置" onClick={() => openSheet('settings')}>
            <SettingsIcon />
          </HeaderButton>
        }
      />

      {/* Outside the grid's section so it stays pinned under the header while the card scrolls. */}
      <div className={styles.toolbar}>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={folded ? '上一周' : '上个月'}
          onClick={() => step(-1)}
        >
          <ChevronIcon direction="left" />
        </button>
        <button
          type="button"
          className={styles.monthTitle}
          aria-label={`${title}，选择年月`}
          onClick={() => openSheet('yearMonth')}
        >
          <span aria-live="polite">{title}</span>
          <CaretIcon />
        </button>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={folded ? '下一周' : '下个月'}
          onClick={() => step(1)}
        >
          <ChevronIcon direction="right" />
        </button>
        <span className={styles.spacer} />
        <button
          type="button"
          className={`${styles.todayButton} ${onToday ? styles.todayButtonIdle : ''}`}
          aria-label="回到今天"
          onClick={() => jumpTo(parseSolarDate(today))}
        >
          <span className={styles.todayRing}>今</span>
        </button>
      </div>

      {query.kind === 'invalid' && <Notice>{query.message}</Notice>}

      <section className={styles.calendar} aria-label="月历">
        <MonthGrid
          id={gridId}
          view={view}
          mode={gridMode}
          selected={selected}
          onSelect={selectCell}
          onSwipe={step}
          slide={slide}
        />
        <button
          type="button"
          className={styles.fold}
          aria-expanded={!folded}
          aria-controls={gridId}
          onClick={() => {
            setSlide(0);
            setGridMode(folded ? 'month' : 'week');
          }}
        >
          <ChevronIcon direction={folded ? 'down' : 'up'} size={18} />
          <span>{folded ? '展开整月' : '收起为一周'}</span>
        </button>
      </section>

      {day ? (
        <DayCard day={day} />
      ) : (
        <p className={styles.noAlmanac}>
          {selectedDate.year}年{selectedDate.month}月{selectedDate.day}日
          早于农历表的起点（1900年1月31日），没有黄历内容。
        </p>
      )}

      {Sheets && (
        <Sheets
          sheet={sheet}
          selected={selectedDate}
          weekStart={weekStart}
          onClose={() => setSheet(null)}
          onPickMonth={(year, month) => {
            const delta = (year - selectedDate.year) * 12 + (month - selectedDate.month);
            if (delta !== 0) showMonth(year, month, delta > 0 ? 1 : -1);
          }}
          onPickDate={jumpTo}
          onWeekStart={(value) => {
            setWeekStart(value);
            setSheet(null);
          }}
        />
      )}
    </div>
  );
}
