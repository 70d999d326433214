import type { MonthCell as Cell, MonthView } from '@xuanli/almanac/monthView';
import { slideClass } from '@/components/slide';
import { useSwipe } from '@/hooks/useSwipe';
import { WEEKDAY_NAMES } from '@/lib/dates';
import styles from './MonthGrid.module.css';

interface MonthGridProps {
  view: MonthView;
  selected: string;
  /** 'week' shows only the week of the selected day (the folded grid). */
  mode?: 'month' | 'week';
  /** The list's id, for the fold button's aria-controls. */
  id?: string;
  onSelect: (date: string) => void;
  /** -1 = previous page, 1 = next page (month, or week when folded), from a horizontal swipe. */
  onSwipe: (direction: -1 | 1) => void;
  /** Which side the month slid in from, for the transition; 0 = no animation (first paint, jumps). */
  slide: -1 | 0 | 1;
}

/**
 * The salary mark a cell shows, chosen to keep the grid quiet: ×3 on every statutory holiday (the
 * days people ask about), ×2 only on the extra rest days of a holiday break — an ordinary weekend is
 * ×2 as well, but marking every Saturday and Sunday would be noise; the day card still says it.
 */
function salaryMark(cell: Cell): string | null {
  if (cell.salaryMultiplier === 3) return '×3';
  if (cell.salaryMultiplier === 2 && cell.rest === '休') return '×2';
  return null;
}

/**
 * Festival names too long for a cell (12 px type, about three characters on a 320 px phone), shortened
 * the way people say them; the cell's accessible name and the day card keep the full name.
 */
const SHORT_LABELS: Readonly<Record<string, string>> = {
  万圣节前夜: '万圣夜',
  消费者权益日: '3·15',
};

/** The text a cell prints under its number; anything still too long ends in an ellipsis in CSS. */
export function cellLabel(label: string): string {
  return SHORT_LABELS[label] ?? label;
}

/**
 * The label's short form for 长辈模式 on a narrow phone, where three of its 15 px characters do not fit
 * a cell; null when the label is short enough already. A festival drops its 节 or 夜 and a leap month
 * its 月, as people say them (国庆, 平安, 闰六), 3·15 its dot, which CJK fonts draw full width; a name
 * without such a form (龙抬头) gives way to the lunar day. The day card and the cell's accessible name
 * keep the full name.
 */
export function narrowLabel(label: string, lunarDay: string): string | null {
  if (label.includes('·')) return label.replace('·', '');
  if (label.length < 3 || !/^\p{Script=Han}+$/u.test(label)) return null;
  return /^..[节夜月]$/.test(label) ? label.slice(0, 2) : lunarDay;
}

function describe(cell: Cell, mark: string | null): string {
  const [, month, day] = cell.date.split('-').map(Number);
  const parts = [
    `${month}月${day}日`,
    cell.label !== cell.lunarDay ? `${cell.label} ${cell.lunarDay}` : cell.label,
  ];
  if (cell.rest) parts.push(cell.rest === '休' ? '休息' : '上班');
  if (mark) parts.push(mark === '×3' ? '三倍工资' : '双倍工资');
  if (cell.today) parts.push('今天');
  return parts.join(' ');
}

/**
 * The month as a 7-column grid of day buttons (35 or 42 cells from `monthView`), or folded to the
 * week of the selected day. Each cell shows the day, its lunar label (节日 > 节气 > 农历日), the 休/班
 * badge and a ×3/×2 mark; a horizontal swipe turns the page.
 */
export function MonthGrid({ view, selected, mode = 'month', id, onSelect, onSwipe, slide }: MonthGridProps) {
  const swipe = useSwipe(onSwipe);
  const weekdays = Array.from({ length: 7 }, (_, i) => (view.weekStart + i) % 7);
  const slideIn = slideClass(slide);
  const selectedIndex = Math.max(
    0,
    view.cells.findIndex((cell) => cell.date === selected),
  );
  const week = Math.floor(selectedIndex / 7);
  const cells = mode === 'week' ? view.cells.slice(week * 7, week * 7 + 7) : view.cells;
  return (
    <div className={styles.wrap} {...swipe}>
      <div className={styles.weekdays} aria-hidden="true">
        {weekdays.map((weekday) => (
          <span key={weekday} className={weekday === 0 || weekday === 6 ? styles.weekendHead : undefined}>
            {WEEKDAY_NAMES[weekday]}
          </span>
        ))}
      </div>
      <ul
        id={id}
        key={mode === 'week' ? `${view.year}-${view.month}-${week}` : `${view.year}-${view.month}`}
        className={`${styles.grid} ${slideIn}`}
        aria-label={`${view.year}年${view.month}月`}
      >
        {cells.map((cell) => {
          const mark = salaryMark(cell);
          const label = cellLabel(cell.label);
          const narrow = narrowLabel(label, cell.lunarDay);
          const isSelected = cell.date === selected;
          const classes = [
            styles.cell,
            cell.inMonth ? '' : styles.outside,
            // A make-up workday is a workday: no weekend red, whatever day of the week it falls on.
            cell.weekend && cell.rest !== '班' ? styles.weekend : '',
            cell.rest === '休' ? styles.restDay : '',
            cell.today ? styles.today : '',
            isSelected ? styles.selected : '',
          ];
          return (
            <li key={cell.date} className={styles.slot}>
              <button
                type="button"
                className={classes.join(' ')}
                aria-label={describe(cell, mark)}
                aria-pressed={isSelected}
                aria-current={cell.today ? 'date' : undefined}
                onClick={() => onSelect(cell.date)}
              >
                {mark && <span className={styles.salary}>{mark}</span>}
                {cell.rest && (
                  <span className={`${styles.badge} ${cell.rest === '休' ? styles.rest : styles.work}`}>
                    {cell.rest}
                  </span>
                )}
                <span className={styles.day}>{cell.day}</span>
                <span
                  className={`${styles.label} ${cell.labelKind !== 'lunar' ? styles.special : ''} ${narrow ? styles.hasNarrow : ''}`}
                >
                  {narrow ? (
                    <>
                      <span className={styles.wide}>{label}</span>
                      <span className={styles.narrow}>{narrow}</span>
                    </>
                  ) : (
                    label
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
