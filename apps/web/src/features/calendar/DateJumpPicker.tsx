import { lunarDayName, lunarFromDayNumber, lunarMonthName } from '@xuanli/almanac/lunar';
import { dayNumber, type SolarDate, weekday } from '@xuanli/almanac/solarDate';
import { useMemo, useState } from 'react';
import { BottomSheet, SheetToolbar } from '@/components/BottomSheet';
import { chineseDate, weekdayName } from '@/lib/dates';
import styles from './DateJumpPicker.module.css';
import {
  lunarColumns,
  normalizeWheel,
  solarColumns,
  solarFromWheel,
  type WheelValue,
  wheelFromSolar,
} from './picker-columns';
import { Wheels, withColumn } from './Wheels';

type Kind = 'solar' | 'lunar';

const KINDS: readonly [Kind, string][] = [
  ['solar', '公历'],
  ['lunar', '农历'],
];
const SOLAR_LABELS = ['公历年', '月', '日'] as const;
const LUNAR_LABELS = ['农历年', '农历月', '农历日'] as const;

interface DateJumpPickerProps {
  visible: boolean;
  /** The date the wheels start on when the picker opens. */
  initial: SolarDate;
  onClose: () => void;
  onConfirm: (date: SolarDate) => void;
}

/** The chosen date on both calendars, e.g. '2023年4月1日 星期六 · 农历闰二月十一'. */
function preview(kind: Kind, value: WheelValue): { text: string; error: boolean } {
  let date: SolarDate;
  try {
    date = solarFromWheel(kind, value);
  } catch {
    return { text: '超出可查询的范围（1900–2100年）', error: true };
  }
  const n = dayNumber(date.year, date.month, date.day);
  const solar = `${chineseDate(date)} ${weekdayName(weekday(n))}`;
  try {
    const lunar = lunarFromDayNumber(n);
    return {
      text: `${solar} · 农历${lunarMonthName(lunar.month, lunar.leap)}${lunarDayName(lunar.day)}`,
      error: false,
    };
  } catch {
    // Before 1900-01-31 there is no lunar date, but the solar date is still a valid jump.
    return { text: solar, error: false };
  }
}

/**
 * Bottom sheet for jumping to any date, chosen on 公历 or 农历 wheels (years 1900–2100; the lunar
 * months include the year's 闰月, the day wheel follows the month's length). Switching the calendar
 * keeps the same day, and a line under the switch shows the date on both calendars.
 */
export function DateJumpPicker({ visible, initial, onClose, onConfirm }: DateJumpPickerProps) {
  const [kind, setKind] = useState<Kind>('solar');
  const [value, setValue] = useState<WheelValue>(() => wheelFromSolar('solar', initial));
  const [wasVisible, setWasVisible] = useState(false);

  // Each time the sheet opens, the wheels start again on the current date (state adjusted during
  // render, which React prefers to an effect for resets like this).
  if (visible !== wasVisible) {
    setWasVisible(visible);
    if (visible) setValue(wheelFromSolar(kind, initial));
  }

  const columns = useMemo(
    () => (kind === 'solar' ? solarColumns(value) : lunarColumns(value)),
    [kind, value],
  );
  const shown = preview(kind, value);

  function switchKind(next: Kind) {
    if (next === kind) return;
    let date: SolarDate;
    try {
      date = solarFromWheel(kind, value);
    } catch {
      date = initial;
    }
    setKind(next);
    setValue(wheelFromSolar(next, date));
  }

  function confirm() {
    try {
      onConfirm(solarFromWheel(kind, value));
    } catch {
      // preview() already says the date is out of range; keep the sheet open.
    }
  }

  return (
    <BottomSheet open={visible} label="选择日期" onClose={onClose}>
      <SheetToolbar title="选择日期" onCancel={onClose} onConfirm={confirm} confirmDisabled={shown.error} />
      <fieldset className={styles.switch}>
        <legend className={styles.legend}>历法</legend>
        {KINDS.map(([option, label]) => (
          <label key={option} className={`${styles.segment} ${kind === option ? styles.chosen : ''}`}>
            <input
              type="radio"
              name="date-picker-kind"
              value={option}
              checked={kind === option}
              onChange={() => switchKind(option)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <p className={`${styles.preview} ${shown.error ? styles.previewError : ''}`} role="status">
        {shown.text}
      </p>
      <Wheels
        // Fresh wheels per calendar, so each starts on its own value without a scroll between them.
        key={kind}
        columns={columns}
        value={value}
        labels={kind === 'solar' ? SOLAR_LABELS : LUNAR_LABELS}
        onChange={(column, next) => setValue((prev) => normalizeWheel(kind, withColumn(prev, column, next)))}
      />
    </BottomSheet>
  );
}
