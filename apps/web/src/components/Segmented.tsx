import styles from './Segmented.module.css';

interface SegmentedProps<T extends string | number> {
  name: string;
  /** [value, text] of each segment, in order. */
  choices: readonly (readonly [T, string])[];
  value: T;
  onChange: (value: T) => void;
  /** The radiogroup's name, when the segments are the group themselves (no labelled row around them). */
  label?: string;
}

/** Radio buttons as a segmented control: one segment on at a time (the bazi form and 合盘 tabs). */
export function Segmented<T extends string | number>({
  name,
  choices,
  value,
  onChange,
  label,
}: SegmentedProps<T>) {
  const group = label ? { role: 'radiogroup', 'aria-label': label } : {};
  return (
    <div className={styles.segmented} {...group}>
      {choices.map(([v, text]) => (
        <label key={v} className={`${styles.segment} ${value === v ? styles.segmentOn : ''}`}>
          <input
            type="radio"
            name={name}
            value={v}
            checked={value === v}
            onChange={() => onChange(v)}
            className={styles.srOnly}
          />
          {text}
        </label>
      ))}
    </div>
  );
}
