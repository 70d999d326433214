import { liuri } from '@xuanli/almanac/bazi/yearlyLuck';
import { beijingDateAt } from '@xuanli/almanac/beijingTime';
import { STEMS } from '@xuanli/almanac/ganzhi';
import { type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Skeleton, SkeletonBlock } from '@/components/Skeleton';
import { type BzChart, useBzdata } from './api/get-bzdata';
import { textColorOf } from './elements';
import { LoadProblem } from './LoadProblem';
import styles from './LuckPanel.module.css';
import { shortGod } from './PillarTable';
import type { ChartRequest } from './profiles';
import { patchViewState, readViewState } from './view-state';

/** '出生后8年9个月13天起运', the 起运 age as bazi apps print it (hours only when there are some). */
export function qiyunText(q: BzChart['qiyun']): string {
  const parts = [`${q.year}年`, `${q.month}个月`, `${q.day}天`];
  if (q.hour > 0) parts.push(`${q.hour}小时`);
  return `出生后${parts.join('')}起运`;
}

/**
 * '逢甲、己年交脱大运': 大运 change every ten years, so in the years whose stems share the 交运 year's
 * last digit and the one five years on (stem index = (year − 4) mod 10, 1984 = 甲子).
 */
function changeYearsText(date: string): string {
  const digit = Number(date.slice(3, 4));
  const a = STEMS[(digit + 6) % 10];
  const b = STEMS[(digit + 1) % 10];
  return `逢${a}、${b}年交脱大运`;
}

/** A 大运 button's data: the real cycles, plus 童限 (birth to the first cycle) when there are such years. */
interface Cycle {
  key: number;
  start: number;
  end: number;
  age: number;
  ganzhi: string | null;
  shishen: string | null;
}

function cyclesOf(chart: BzChart): Cycle[] {
  const birthYear = chart.gongli.year;
  const cycles: Cycle[] = chart.dayun.map((d) => ({
    key: d.index,
    start: d.start,
    end: d.end,
    age: d.age,
    ganzhi: d.ganzhi,
    shishen: d.shishen,
  }));
  const first = chart.dayun[0];
  if (first && first.start > birthYear) {
    cycles.unshift({ key: 0, start: birthYear, end: first.start - 1, age: 1, ganzhi: null, shishen: null });
  }
  return cycles;
}

/** A 干支 written top to bottom, each character tinted by its 五行. */
function Ganzhi({ value }: { value: string }) {
  return (
    <span className={styles.ganzhi}>
      {[...value].map((c, i) => (
        <span key={`${c}${i}`} style={{ color: textColorOf(c) }}>
          {c}
        </span>
      ))}
    </span>
  );
}

interface LuckCellProps {
  /** The one of its row being looked at. */
  on: boolean;
  /** The current year, marked in the 流年 row. */
  now?: boolean;
  label: string;
  /** The first line: the year a 大运 or 流年 starts, the 节 a 流月 starts at. */
  top: ReactNode;
  /** The second line: the age then, or the 节's date. */
  sub: ReactNode;
  /** The 干支, written top to bottom. */
  ganzhi: ReactNode;
  god: string;
  onPick: () => void;
}

/** One cell of the 大运, 流年 and 流月 rows; tapping it picks it. */
function LuckCell({ on, now = false, label, top, sub, ganzhi, god, onPick }: LuckCellProps) {
  return (
    <li>
      <button
        type="button"
        className={`${styles.cell} ${on ? styles.on : ''}${now ? ` ${styles.now}` : ''}`}
        aria-pressed={on}
        aria-label={label}
        onClick={onPick}
      >
        <span className={styles.top}>{top}</span>
        <span className={styles.sub}>{sub}</span>
        {ganzhi}
        <span className={styles.god}>{god}</span>
      </button>
    </li>
  );
}

interface LuckPanelProps {
  chart: BzChart;
  /** The body the chart came from; 流月 of another year re-ask bzdata with `liuyueYear`. */
  request: ChartRequest;
  /** The profile's id: the 大运 / 流年 / 流月 picked are kept under it across tab switches. */
  viewKey: number | string;
}

/**
 * 起运 and the fortune drill-down: the 大运 row → tap → its 10 流年 → tap → the 12 流月 of that year
 * (bzdata with `liuyueYear`) → tap → the 流日 of that month, computed here with the shared engine
 * (`liuri`, from the month's 节 to the day before the next 节). Opens on the current year.
 */
export function LuckPanel({ chart, request, viewKey }: LuckPanelProps) {
  const { year: ty, month: tm, day: td } = beijingDateAt(Date.now());
  const cycles = useMemo(() => cyclesOf(chart), [chart]);
  // Back from another tab: the picks the reader left (when they still fit this chart), else today.
  const [kept] = useState(() => readViewState(viewKey));
  const keptCycle = cycles.find((c) => c.key === kept.cycleKey);
  const initialCycle = keptCycle ?? cycles.find((c) => c.start <= ty && ty <= c.end) ?? cycles[0];
  const [cycleKey, setCycleKey] = useState<number>(initialCycle?.key ?? 1);
  const cycle = cycles.find((c) => c.key === cycleKey) ?? cycles[0];
  const years = chart.liunian.filter((y) => cycle && y.year >= cycle.start && y.year <= cycle.end);
  const inInitial = (y: number) =>
    initialCycle !== undefined && y >= initialCycle.start && y <= initialCycle.end;
  const [year, setYear] = useState<number | null>(() => {
    if (keptCycle && kept.year !== undefined)
      return kept.year === null || inInitial(kept.year) ? kept.year : null;
    return inInitial(ty) ? ty : null;
  });
  const [month, setMonth] = useState<number | null>(() =>
    keptCycle && kept.month !== undefined && kept.month !== null && kept.month >= 1 && kept.month <= 12
      ? kept.month
      : null,
  );

  /** Picks a 大运 / 流年 / 流月 and keeps the pick for when the reader comes back to the tab. */
  function pick(next: { cycleKey?: number; year?: number | null; month?: number | null }) {
    if (next.cycleKey !== undefined) setCycleKey(next.cycleKey);
    if (next.year !== undefined) setYear(next.year);
    if (next.month !== undefined) setMonth(next.month);
    patchViewState(viewKey, { cycleKey, year, month, ...next });
  }

  const needsFetch = year !== null && year !== chart.options.liuyueYear;
  const liuyueQuery = useBzdata(needsFetch ? { ...request, liuyueYear: year } : null);
  const months = year === null ? [] : needsFetch ? (liuyueQuery.data?.liuyue ?? []) : chart.liuyue;
  const todayKey = `${ty}-${String(tm).padStart(2, '0')}-${String(td).padStart(2, '0')}`;

  // The current 流月 (the last whose 节 has begun), to open on when the reader picks this year.
  const currentMonth = useMemo(() => {
    let found: number | null = null;
    for (const m of months) if (m.term.date.slice(0, 10) <= todayKey) found = m.month;
    return found;
  }, [months, todayKey]);
  const shownMonth = month ?? (year === ty ? currentMonth : null);

  const dayStem = STEMS.indexOf(chart.sizhu.day[0] as (typeof STEMS)[number]);
  const days = useMemo(
    () => (year !== null && shownMonth !== null && dayStem >= 0 ? liuri(year, shownMonth, dayStem) : []),
    [year, shownMonth, dayStem],
  );
  const q = chart.qiyun;

  // Keep each row's chosen cell in view: the current year sits far right in a row of ten. Only the
  // rows scroll sideways; the page itself must not jump.
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    for (const row of root.current?.querySelectorAll<HTMLElement>('ul[data-row]') ?? []) {
      const on = row.querySelector<HTMLElement>('[aria-pressed="true"]');
      if (!on) continue;
      const cell = on.parentElement ?? on;
      row.scrollLeft = cell.offsetLeft - row.clientWidth / 2 + cell.offsetWidth / 2;
    }
  }, [cycleKey, year, shownMonth, months.length]);

  return (
    <div ref={root}>
      <dl className={styles.qiyun}>
        <div>
          <dt>起运</dt>
          <dd>{qiyunText(q)}</dd>
        </div>
        <div>
          <dt>交运</dt>
          <dd>
            {q.date}（{q.forward ? '顺排' : '逆排'}，{q.forward ? '至下一节' : '至上一节'}
            {q.jie.name}）
          </dd>
        </div>
        <div>
          <dt>换运</dt>
          <dd>{changeYearsText(q.date)}</dd>
        </div>
      </dl>

      <h3 className={styles.rowTitle}>大运</h3>
      <ul className={styles.scroller} aria-label="大运" data-row>
        {cycles.map((c) => (
          <LuckCell
            key={c.key}
            on={c.key === cycle?.key}
            label={`${c.ganzhi ? `大运${c.ganzhi}` : '童限'} ${c.start}–${c.end}年 ${c.age}岁起`}
            top={c.start}
            sub={`${c.age}岁`}
            ganzhi={
              c.ganzhi ? (
                <Ganzhi value={c.ganzhi} />
              ) : (
                // Stacked like a 干支, one character per line by design (not a word wrapped).
                <span className={styles.ganzhiPlain}>
                  <span>童</span>
                  <span>限</span>
                </span>
              )
            }
            god={c.shishen ? shortGod(c.shishen) : '小运'}
            onPick={() => pick({ cycleKey: c.key, year: null, month: null })}
          />
        ))}
      </ul>

      <h3 className={styles.rowTitle}>
        流年 <span className={styles.rowHint}>点选年份看流月</span>
      </h3>
      <ul className={styles.scroller} aria-label="流年" data-row>
        {years.map((y) => (
          <LuckCell
            key={y.year}
            on={y.year === year}
            now={y.year === ty}
            label={`流年${y.year}年 ${y.ganzhi} ${y.shishen}`}
            top={y.year}
            sub={`${y.age}岁`}
            ganzhi={<Ganzhi value={y.ganzhi} />}
            god={shortGod(y.shishen)}
            onPick={() => pick({ year: y.year, month: null })}
          />
        ))}
      </ul>

      {year !== null ? (
        <>
          <h3 className={styles.rowTitle}>
            {year}年流月 <span className={styles.rowHint}>以节气交接为月界</span>
          </h3>
          {needsFetch && liuyueQuery.isPending ? (
            <Skeleton label={`正在排${year}年流月`}>
              <div className={styles.skeletonRow}>
                {Array.from({ length: 6 }, (_, i) => (
                  <SkeletonBlock key={i} width={58} height={104} radius={10} />
                ))}
              </div>
            </Skeleton>
          ) : needsFetch && liuyueQuery.isError ? (
            <LoadProblem
              what={`${year}年流月暂时排不出`}
              error={liuyueQuery.error}
              onRetry={() => liuyueQuery.refetch()}
            />
          ) : (
            <ul className={styles.scroller} aria-label="流月" data-row>
              {months.map((m) => (
                <LuckCell
                  key={m.month}
                  on={m.month === shownMonth}
                  label={`流月${m.term.name} ${m.ganzhi} ${m.shishen}`}
                  top={m.term.name}
                  sub={`${Number(m.term.date.slice(5, 7))}/${Number(m.term.date.slice(8, 10))}`}
                  ganzhi={<Ganzhi value={m.ganzhi} />}
                  god={shortGod(m.shishen)}
                  onPick={() => pick({ month: m.month })}
                />
              ))}
            </ul>
          )}
        </>
      ) : null}

      {days.length > 0 ? (
        <>
          <h3 className={styles.rowTitle}>
            流日{' '}
            <span className={styles.rowHint}>{months.find((m) => m.month === shownMonth)?.ganzhi}月</span>
          </h3>
          <ul className={styles.days} aria-label="流日">
            {days.map((d) => (
              <li key={d.date} className={d.date === todayKey ? styles.today : undefined}>
                <span className={styles.dayDate}>
                  {Number(d.date.slice(5, 7))}/{Number(d.date.slice(8, 10))}
                </span>
                <span className={styles.dayGz}>
                  {[...d.ganzhi].map((c, i) => (
                    <span key={`${c}${i}`} style={{ color: textColorOf(c) }}>
                      {c}
                    </span>
                  ))}
                </span>
                <span className={styles.dayGod}>{shortGod(d.shishen)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
