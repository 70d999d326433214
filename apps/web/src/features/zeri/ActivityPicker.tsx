import { ZERI_ACTIVITIES } from '@xuanli/almanac/zeriActivities';
import { ZERI_COMMON } from '@xuanli/contracts/zeri-labels';
import { type ReactNode, useId, useState } from 'react';
import { BottomSheet } from '@/components/BottomSheet';
import styles from './ZeriPage.module.css';

const COMMON_WORDS: ReadonlySet<string> = new Set(ZERI_COMMON.map((c) => c.activity));

/** Every other matter the almanac can name, in its own order (the 更多 sheet). */
const OTHER_ACTIVITIES = ZERI_ACTIVITIES.filter((a) => !COMMON_WORDS.has(a));

interface ActivityPickerProps {
  /** The almanac's word of the chosen matter. */
  value: string;
  onChange: (activity: string) => void;
}

/**
 * 事项: the common matters as chips, the word people say first and the almanac's beside it (搬家 移徙),
 * and 更多 for the other ninety-odd the almanac can name. A matter chosen from 更多 shows as a chip of
 * its own after the common ones.
 */
export function ActivityPicker({ value, onChange }: ActivityPickerProps) {
  const id = useId();
  const [more, setMore] = useState(false);
  const chosenOther = COMMON_WORDS.has(value) ? null : value;
  return (
    <>
      <div className={styles.chips} role="radiogroup" aria-label="事项">
        {ZERI_COMMON.map(({ label, activity }) => (
          <Chip
            key={activity}
            name={`${id}-activity`}
            on={value === activity}
            onClick={() => onChange(activity)}
          >
            <span>
              {label}
              {label !== activity && <small className={styles.chipNote}> {activity}</small>}
            </span>
          </Chip>
        ))}
        {chosenOther && (
          <Chip name={`${id}-activity`} on onClick={() => setMore(true)}>
            {chosenOther}
          </Chip>
        )}
        <button type="button" className={styles.moreChip} onClick={() => setMore(true)}>
          更多…
        </button>
      </div>
      <BottomSheet open={more} label="更多事项" onClose={() => setMore(false)} maxHeight="80vh">
        <h2 className={styles.sheetTitle}>更多事项</h2>
        <div className={styles.sheetChips} role="radiogroup" aria-label="更多事项">
          {OTHER_ACTIVITIES.map((activity) => (
            <Chip
              key={activity}
              name={`${id}-more`}
              on={value === activity}
              onClick={() => {
                onChange(activity);
                setMore(false);
              }}
            >
              {activity}
            </Chip>
          ))}
        </div>
        <button type="button" className={styles.sheetClose} onClick={() => setMore(false)}>
          取消
        </button>
      </BottomSheet>
    </>
  );
}

/** One chip: a radio button of the group `name`, chosen by colour and by its checked state. */
function Chip({
  name,
  on,
  onClick,
  children,
}: {
  name: string;
  on: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <label className={`${styles.chip} ${on ? styles.chipOn : ''}`}>
      <input
        type="radio"
        name={name}
        checked={on}
        onChange={onClick}
        onClick={onClick}
        className={styles.srOnly}
      />
      {children}
    </label>
  );
}
