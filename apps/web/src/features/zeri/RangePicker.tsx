import { useId } from 'react';
import { Segmented } from '@/components/Segmented';
import { MAX_YEAR, MIN_YEAR } from '@/lib/dates';
import { type DayRange, RANGE_CHOICES, type RangeChoice, rangeProblem, rangeText } from './range';
import styles from './ZeriPage.module.css';

interface RangePickerProps {
  choice: RangeChoice;
  range: DayRange;
  onChoice: (choice: RangeChoice) => void;
  /** A day of the custom range changed ('from' or 'to', 'YYYY-MM-DD'). */
  onDay: (end: keyof DayRange, date: string) => void;
}

/**
 * 时间: 本月, 三个月, 一年 from the start day, or two days of the reader's own (the phone's date picker,
 * large and familiar), at most a year apart; a range the engine would refuse is said beside the fields.
 */
export function RangePicker({ choice, range, onChoice, onDay }: RangePickerProps) {
  const id = useId();
  const problem = choice === 'custom' ? rangeProblem(range) : null;
  return (
    <>
      <div className={styles.seg}>
        <Segmented
          label="时间范围"
          name={`${id}-range`}
          choices={RANGE_CHOICES}
          value={choice}
          onChange={onChoice}
        />
      </div>
      {choice === 'custom' && (
        <div className={styles.dates}>
          {(['from', 'to'] as const).map((end) => (
            <label key={end} className={styles.dateField}>
              <span>{end === 'from' ? '开始' : '结束'}</span>
              <input
                type="date"
                value={range[end]}
                min={`${MIN_YEAR}-02-01`}
                max={`${MAX_YEAR}-12-31`}
                required
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-problem` : undefined}
                onChange={(event) => event.target.value && onDay(end, event.target.value)}
              />
            </label>
          ))}
        </div>
      )}
      {problem ? (
        <p className={styles.fieldProblem} id={`${id}-problem`} role="alert">
          {problem}
        </p>
      ) : (
        <p className={styles.rangeText}>{rangeText(range)}</p>
      )}
    </>
  );
}
