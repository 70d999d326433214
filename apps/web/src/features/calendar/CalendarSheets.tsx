import type { SolarDate } from '@xuanli/almanac/solarDate';
import { ActionSheet, Picker } from 'antd-mobile';
import { picker } from '@/config/theme';
import styles from './CalendarSheets.module.css';
import { DateJumpPicker } from './DateJumpPicker';
import { MAX_YEAR, MIN_YEAR } from './dates';
import type { WeekStart } from './weekStart';

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

/**
 * The calendar page's bottom sheets: the year-month picker, the 公历/农历 date picker and the
 * week-start setting. They live in their own chunk because antd-mobile's pickers and their animation
 * libraries weigh more than the whole month grid; the page loads it once the browser is idle.
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
      <Picker
        title="选择年月"
        cancelText="取消"
        confirmText="确定"
        popupClassName={styles.yearMonthSheet}
        visible={sheet === 'yearMonth'}
        columns={YEAR_MONTH_COLUMNS}
        value={[String(selected.year), String(selected.month)]}
        onClose={onClose}
        onConfirm={(value) => onPickMonth(Number(value[0]), Number(value[1]))}
        style={{
          '--item-height': `${picker.itemHeight}px`,
          '--item-font-size': '18px',
          '--title-font-size': '17px',
          '--header-button-font-size': '16px',
        }}
      />

      <DateJumpPicker
        visible={sheet === 'date'}
        initial={selected}
        onClose={onClose}
        onConfirm={onPickDate}
      />

      <ActionSheet
        visible={sheet === 'settings'}
        extra="每周从哪一天开始"
        cancelText="取消"
        onClose={onClose}
        actions={[
          { key: 1, text: weekStart === 1 ? '✓ 周一开始' : '周一开始', bold: weekStart === 1 },
          { key: 0, text: weekStart === 0 ? '✓ 周日开始' : '周日开始', bold: weekStart === 0 },
        ]}
        onAction={(action) => onWeekStart(action.key === 0 ? 0 : 1)}
      />
    </>
  );
}
