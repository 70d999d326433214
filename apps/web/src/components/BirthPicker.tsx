/**
 * The birth date-and-time picker (PRODUCT.md#input-rules): a 公历/农历 toggle that recomputes the
 * date (PRODUCT.md#screens), then year, month (with the lunar leap month, 闰), day, hour and minute. Years
 * 1900–2100 can be reached; 1930–2100 are offered until the reader asks for earlier ones. Native
 * selects: on a phone they open the system's own wheel, large and familiar to older readers.
 *
 * Used by the 排盘 birth form and the VIP customisation form.
 */
import { lunarDayName, lunarMonthName } from '@xuanli/almanac/lunar';
import { useId, useState } from 'react';
import {
  type BirthValue,
  type CalendarKind,
  convertCalendar,
  DEFAULT_YEAR_RANGE,
  daysInMonth,
  leapMonthOf,
  normalize,
  YEAR_LIMITS,
} from '@/lib/birth';
import styles from './BirthPicker.module.css';
import { Segmented } from './Segmented';

const two = (n: number) => String(n).padStart(2, '0');

/** The 时辰 name of a clock hour (子 23–1, 丑 1–3 …), for the preview line only. */
function shichen(hour: number): string {
  return `${'子丑寅卯辰巳午未申酉戌亥'[Math.floor((hour + 1) / 2) % 12]}时`;
}

/** A one-line reading of the picked date on the other calendar, e.g. '农历 1990年四月十六 辰时'. */
export function otherCalendarText(value: BirthValue): string {
  const other = convertCalendar(value, value.calendar === 'solar' ? 'lunar' : 'solar');
  if (!other) return '';
  if (other.calendar === 'lunar') {
    return `农历 ${other.year}年${lunarMonthName(other.month, other.leap)}${lunarDayName(other.day)} ${shichen(value.hour)}`;
  }
  return `公历 ${other.year}年${other.month}月${other.day}日`;
}

/** Props of {@link BirthPicker}. */
export interface BirthPickerProps {
  value: BirthValue;
  onChange: (value: BirthValue) => void;
  /** Marks the date selects wrong (the message itself is shown by the form). */
  invalid?: boolean;
}

/**
 * The 公历/农历 toggle and the five selects of a birth date and time. A toggle to a date the other
 * calendar cannot hold (before lunar 1900 正月初一) keeps the date and says why underneath.
 */
export function BirthPicker({ value, onChange, invalid }: BirthPickerProps) {
  const id = useId();
  const [minYear, setMinYear] = useState<number>(Math.min(DEFAULT_YEAR_RANGE.min, value.year));
  const [problem, setProblem] = useState<string | null>(null);

  function update(next: Partial<BirthValue>) {
    setProblem(null);
    onChange(normalize({ ...value, ...next }));
  }

  function switchCalendar(to: CalendarKind) {
    const converted = convertCalendar(value, to);
    if (converted) {
      setProblem(null);
      onChange(converted);
    } else setProblem('这一天无法换算到另一种历法，请先改动日期');
  }

  const years: number[] = [];
  for (let y = Math.max(YEAR_LIMITS.min, minYear); y <= DEFAULT_YEAR_RANGE.max; y++) years.push(y);

  return (
    <div className={styles.picker}>
      <div className={styles.seg}>
        <Segmented
          label="历法"
          name={`${id}-calendar`}
          choices={[
            ['solar', '公历'],
            ['lunar', '农历'],
          ]}
          value={value.calendar}
          onChange={switchCalendar}
        />
      </div>
      <div className={styles.dateGrid}>
        <DateSelects value={value} years={years} onChange={update} invalid={invalid} />
        <NativeSelect
          label="时"
          value={String(value.hour)}
          onChange={(v) => update({ hour: Number(v) })}
          options={Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: `${two(h)}时` }))}
        />
        <NativeSelect
          label="分"
          value={String(value.minute)}
          onChange={(v) => update({ minute: Number(v) })}
          options={Array.from({ length: 60 }, (_, m) => ({ value: String(m), label: `${two(m)}分` }))}
        />
      </div>
      <p className={styles.hint}>
        {otherCalendarText(value)}
        {minYear > YEAR_LIMITS.min ? (
          <button type="button" className={styles.linkButton} onClick={() => setMinYear(YEAR_LIMITS.min)}>
            显示1930年以前
          </button>
        ) : null}
      </p>
      {problem ? (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** The date part of a pick: the calendar it is on, and the year, month (leap marked) and day. */
export type DatePick = Pick<BirthValue, 'calendar' | 'year' | 'month' | 'day' | 'leap'>;

/** Props of {@link DateSelects}. */
export interface DateSelectsProps {
  value: DatePick;
  /** The years offered, in order. */
  years: readonly number[];
  /** Receives the part that changed; the caller keeps the date possible (leap month, last day). */
  onChange: (next: Partial<DatePick>) => void;
  invalid?: boolean;
}

/**
 * The 年, 月 (with the lunar leap month, 闰) and 日 native wheels of a 公历 or 农历 date, so the birth
 * picker and the reminder form offer a date the same way. Rendered bare: the caller's grid lays them out.
 */
export function DateSelects({ value, years, onChange, invalid }: DateSelectsProps) {
  const leap = value.calendar === 'lunar' ? leapMonthOf(value.year) : 0;
  const monthOptions: { value: string; label: string }[] = [];
  for (let m = 1; m <= 12; m++) {
    monthOptions.push({ value: String(m), label: value.calendar === 'solar' ? `${m}月` : lunarMonthName(m) });
    if (m === leap) monthOptions.push({ value: `${m}L`, label: lunarMonthName(m, true) });
  }
  const days = daysInMonth(value.calendar, value.year, value.month, value.leap);
  return (
    <>
      <NativeSelect
        label="年"
        value={String(value.year)}
        onChange={(v) => onChange({ year: Number(v) })}
        options={years.map((y) => ({ value: String(y), label: `${y}年` }))}
        wide
        invalid={invalid}
      />
      <NativeSelect
        label="月"
        value={`${value.month}${value.leap ? 'L' : ''}`}
        onChange={(v) => onChange({ month: Number.parseInt(v, 10), leap: v.endsWith('L') })}
        options={monthOptions}
        invalid={invalid}
      />
      <NativeSelect
        label="日"
        value={String(value.day)}
        onChange={(v) => onChange({ day: Number(v) })}
        options={Array.from({ length: days }, (_, i) => ({
          value: String(i + 1),
          label: value.calendar === 'solar' ? `${i + 1}日` : lunarDayName(i + 1),
        }))}
        invalid={invalid}
      />
    </>
  );
}

/** Props of {@link NativeSelect}. */
export interface NativeSelectProps {
  /** Read by screen readers (the select's accessible name). */
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  /** More inner padding, for longer option texts (years, provinces). */
  wide?: boolean;
  disabled?: boolean;
  invalid?: boolean;
}

/** A labelled native select, 44 px tall, in the look of the birth forms. */
export function NativeSelect({
  label,
  value,
  options,
  onChange,
  wide,
  disabled,
  invalid,
}: NativeSelectProps) {
  return (
    <label className={`${styles.select} ${wide ? styles.selectWide : ''}`}>
      <span className={styles.srOnly}>{label}</span>
      <select
        value={value}
        disabled={disabled}
        aria-invalid={invalid ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
