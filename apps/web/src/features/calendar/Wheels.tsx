import { type KeyboardEvent, useId, useLayoutEffect, useRef } from 'react';
import { picker } from '@/config/theme';
import type { WheelItem } from './picker-columns';
import styles from './Wheels.module.css';

const ROW = picker.itemHeight;
/** Rows above (and below) the middle one: 5 visible rows → 2 (PRODUCT.md#constants). */
const PAD = Math.floor(picker.visibleRows / 2);
/** Quiet time after the last scroll event before the wheel settles on a row (ms). */
const SETTLE = 120;

interface WheelProps {
  items: readonly WheelItem[];
  value: string;
  label: string;
  onChange: (value: string) => void;
}

/**
 * One picker wheel: a native scroller snapping to 40 px rows, so a flick has the phone's own momentum
 * and costs no animation library. It reports the row under the middle band once scrolling has
 * stopped and the finger is up, and scrolls itself when `value` changes from outside (a leap month
 * that vanished, a shorter month). A listbox for assistive technology; arrow keys, Page Up/Down,
 * Home and End move it, and tapping a row picks it.
 */
function Wheel({ items, value, label, onChange }: WheelProps) {
  const ref = useRef<HTMLDivElement>(null);
  const touching = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const id = useId();
  const index = Math.max(
    0,
    items.findIndex((item) => item.value === value),
  );

  // Follow `value` unless the scroll position already shows it (e.g. it came from this wheel).
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || touching.current || Math.round(el.scrollTop / ROW) === index) return;
    el.scrollTop = index * ROW;
  }, [index]);

  useLayoutEffect(() => () => clearTimeout(timer.current), []);

  // The settle timer runs after later renders: it reads the latest props from here.
  const latest = useRef({ items, value, onChange });
  useLayoutEffect(() => {
    latest.current = { items, value, onChange };
  });

  function pick(next: number) {
    const { items, value, onChange } = latest.current;
    const item = items[Math.min(Math.max(next, 0), items.length - 1)];
    if (item && item.value !== value) onChange(item.value);
  }

  function settleLater() {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const el = ref.current;
      if (!el || touching.current) return;
      const row = Math.round(el.scrollTop / ROW);
      // Where scroll snapping is missing or was cut short, finish the move onto the row.
      if (Math.abs(el.scrollTop - row * ROW) > 1) el.scrollTo({ top: row * ROW, behavior: 'smooth' });
      pick(row);
    }, SETTLE);
  }

  function onKeyDown(event: KeyboardEvent) {
    const steps: Record<string, number> = {
      ArrowUp: -1,
      ArrowDown: 1,
      PageUp: -picker.visibleRows,
      PageDown: picker.visibleRows,
      Home: -items.length,
      End: items.length,
    };
    const step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    pick(index + step);
  }

  return (
    <div
      ref={ref}
      className={styles.wheel}
      style={{ paddingBlock: PAD * ROW }}
      role="listbox"
      aria-label={label}
      aria-activedescendant={`${id}-${index}`}
      tabIndex={0}
      onScroll={settleLater}
      onTouchStart={() => {
        touching.current = true;
        clearTimeout(timer.current);
      }}
      onTouchEnd={() => {
        touching.current = false;
        settleLater();
      }}
      onTouchCancel={() => {
        touching.current = false;
        settleLater();
      }}
      onKeyDown={onKeyDown}
    >
      {items.map((item, i) => (
        // An option of an aria-activedescendant listbox: the listbox has the focus and the keys.
        // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox handles the keyboard
        // biome-ignore lint/a11y/useFocusableInteractive: focus stays on the listbox
        <div
          key={item.value}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === index}
          className={styles.item}
          style={{ height: ROW }}
          onClick={() => {
            ref.current?.scrollTo({ top: i * ROW, behavior: 'smooth' });
            pick(i);
          }}
        >
          {item.label}
        </div>
      ))}
    </div>
  );
}

interface WheelsProps<V extends string[]> {
  columns: readonly (readonly WheelItem[])[];
  value: V;
  /** One accessible name per wheel, e.g. ['年', '月', '日']. */
  labels: readonly string[];
  /**
   * Wheel `column` settled on `next`. Apply it to the latest value (a state updater), not to `value`:
   * two wheels flicked one after the other can settle in the same tick.
   */
  onChange: (column: number, next: string) => void;
}

/** `value` with wheel `column` set to `next`, for {@link Wheels}' `onChange`. */
export function withColumn<V extends string[]>(value: V, column: number, next: string): V {
  return value.map((v, i) => (i === column ? next : v)) as V;
}

/**
 * Picker wheels side by side (PRODUCT.md#constants: 5 rows × 40 px) with the middle row framed and the outer
 * rows fading out, in the look of the platform pickers.
 */
export function Wheels<V extends string[]>({ columns, value, labels, onChange }: WheelsProps<V>) {
  return (
    <div className={styles.wheels} style={{ height: picker.visibleRows * ROW }}>
      {columns.map((items, i) => (
        <Wheel
          key={labels[i]}
          items={items}
          value={value[i]}
          label={labels[i]}
          onChange={(next) => onChange(i, next)}
        />
      ))}
      <div className={styles.band} style={{ top: PAD * ROW, height: ROW }} aria-hidden="true" />
    </div>
  );
}
