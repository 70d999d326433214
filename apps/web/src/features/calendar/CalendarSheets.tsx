import type { SolarDate } from '@xuanli/almanac/solarDate';
import { useState } from 'react';
import { BottomSheet, SheetToolbar } from '@/components/BottomSheet';
import { MAX_YEAR, MIN_YEAR } from '@/lib/dates';
import styles from './CalendarSheets.module.css';
import { DateJumpPicker } from './DateJumpPicker';
import { Wheels, withColumn } from './Wheels';
import type { WeekStart } from './week-start';

/** Which bottom sheet is open on the calendar page. */
export type Sheet = 'yearMonth' | 'date' | 'settings' | null;

interface CalendarSheetsProps {
  sheet: Sheet;
  /** The selected date: the wheels start on it. */
  selected: SolarDate;
  weekStart: WeekStart;
  onClose: () => void;
  onPickMonth: (year: number, month: number) => void;
  onPickDate: (date: SolarDate) => void;
  onWeekStart: (value: WeekStart) => void;
}

const YEAR_MONTH_COLUMNS = [
  Array.from({ length: MAX_YEAR - MIN_YEAR + 1 }, (_, i) => ({
    label: `${MIN_YEAR + i}年`,
    value: String(MIN_YEAR + i),
  })),
  Array.from({ length: 12 }, (_, i) => ({ label: `${i + 1}月`, value: String(i + 1) })),
];
const YEAR_MONTH_LABELS = ['年', '月'] as const;

/**
 * The calendar page's bottom sheets: the year-month picker, the 公历/农历 date picker and the
 * week-start setting. Their own small chunk (sheet, wheels and lunar-wheel logic), which the page
 * fetches when the browser is first idle so the pickers also open offline.
 */
export default function CalendarSheets({
  sheet,
  selected,
  weekStart,
  onClose,
  onPickMonth,
  onPickDate,
  onWeekStart,
}: CalendarSheetsProps) {
  return (
    <>
      <YearMonthPicker
        visible={sheet === 'yearMonth'}
        selected={selected}
        onClose={onClose}
        onPick={onPickMonth}
      />

      <DateJumpPicker
        visible={sheet === 'date'}
        initial={selected}
        onClose={onClose}
        onConfirm={onPickDate}
      />

      <BottomSheet open={sheet === 'settings'} label="日历设置" onClose={onClose}>
        <p className={styles.extra}>每周从哪一天开始</p>
        {([1, 0] as const).map((value) => (
          <button
            key={value}
            type="button"
            className={`${styles.action} ${weekStart === value ? styles.chosen : ''}`}
            aria-pressed={weekStart === value}
            onClick={() => onWeekStart(value)}
          >
            {weekStart === value && '✓ '}
            {value === 1 ? '周一开始' : '周日开始'}
          </button>
        ))}
        <div className={styles.cancelGap} />
        <button type="button" className={styles.action} onClick={onClose}>
          取消
        </button>
      </BottomSheet>
    </>
  );
}

interface YearMonthPickerProps {
  visible: boolean;
  selected: SolarDate;
  onClose: () => void;
  onPick: (year: number, month: number) => void;
}

/** 选择年月: a year wheel (1900–2100) and a month wheel; 确定 shows that month. */
function YearMonthPicker({ visible, selected, onClose, onPick }: YearMonthPickerProps) {
  const [value, setValue] = useState<[string, string]>(['', '']);
  const [wasVisible, setWasVisible] = useState(false);
  // Each time the sheet opens, the wheels start on the month shown (state adjusted during render).
  if (visible !== wasVisible) {
    setWasVisible(visible);
    if (visible) setValue([String(selected.year), String(selected.month)]);
  }
  return (
    <BottomSheet open={visible} label="选择年月" onClose={onClose}>
      <SheetToolbar
        title="选择年月"
        onCancel={onClose}
        onConfirm={() => {
          onPick(Number(value[0]), Number(value[1]));
          onClose();
        }}
      />
      <Wheels
        columns={YEAR_MONTH_COLUMNS}
        value={value}
        labels={YEAR_MONTH_LABELS}
        onChange={(column, next) => setValue((prev) => withColumn(prev, column, next))}
      />
    </BottomSheet>
  );
}
