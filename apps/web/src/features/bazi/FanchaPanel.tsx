import type { FanchaDate } from '@xuanli/contracts/bazi';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '@/lib/api';
import { userMessage } from '@/lib/error-message';
import { getFancha } from './api/get-fancha';
import styles from './FanchaPanel.module.css';
import { hourPillarsOf, monthPillarsOf, typedPillars, withPillar } from './fancha-pillars';

interface FanchaPanelProps {
  /** The form's 子时 school: the same pillars fall on other days under the other school. */
  zi: 'late' | 'early';
  /** Called with the moment the reader chose; the form charts it. */
  onChoose: (date: FanchaDate) => void;
}

/**
 * 四柱反查 inside the birth form: the reader types the four pillars as written on an old chart (the month
 * and hour pillars that fit the typed year and day are offered to tap), the
 * server lists every 时辰 1801–2099 with them (公历 and 农历, with the engine's notes), and choosing one
 * charts it. Moments before 1900-01-31 are listed but cannot be charted (the calendar tables start there).
 */
export function FanchaPanel({ zi, onChoose }: FanchaPanelProps) {
  const id = useId();
  const [pillars, setPillars] = useState('');
  const [list, setList] = useState<FanchaDate[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Once the year (or day) pillar is typed, only twelve month (or hour) pillars can follow it: offer
  // them until one of them is in its place.
  const typed = typedPillars(pillars);
  const offers = (
    [
      [1, '月柱', monthPillarsOf(typed[0]?.length === 2 ? typed[0][0] : '')],
      [3, '时柱', hourPillarsOf(typed[2]?.length === 2 ? typed[2][0] : '')],
    ] as const
  ).filter(([index, , fit]) => fit.length > 0 && !fit.includes(typed[index] ?? ''));

  async function search(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    setBusy(true);
    setProblem(null);
    try {
      setList((await getFancha({ pillars, zi })).list);
    } catch (error) {
      setList(null);
      // The server's own sentence names the pillar and what it should be; keep it over the generic one.
      const own = error instanceof ApiError && error.code === 'WrongPillars';
      setProblem(own ? error.message : userMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.panel}>
      <label className={styles.label} htmlFor={`${id}-pillars`}>
        四柱（年 月 日 时）
      </label>
      <div className={styles.searchRow}>
        <input
          id={`${id}-pillars`}
          className={styles.input}
          value={pillars}
          placeholder="如：庚午 辛巳 乙亥 庚辰"
          autoComplete="off"
          maxLength={40}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => setPillars(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') search(e);
          }}
        />
        <button
          type="button"
          className={styles.button}
          onClick={search}
          disabled={busy || pillars.trim() === ''}
        >
          {busy ? '查找中…' : '反查'}
        </button>
      </div>
      {offers.map(([index, label, fit]) => (
        <fieldset key={label} className={styles.offer} aria-label={`可选${label}`}>
          <legend className={styles.offerLabel}>{label}可选</legend>
          {fit.map((pillar) => (
            <button
              key={pillar}
              type="button"
              className={styles.chip}
              onClick={() => setPillars(withPillar(pillars, index, pillar))}
            >
              {pillar}
            </button>
          ))}
        </fieldset>
      ))}
      {problem ? (
        <p className={styles.problem} id={`${id}-problem`} role="alert">
          {problem}
        </p>
      ) : null}
      {list ? (
        list.length === 0 ? (
          <p className={styles.note}>1801–2099 年间没有这组四柱。</p>
        ) : (
          <ul className={styles.list} aria-label="反查结果">
            {list.map((date) => (
              <li key={date.start} className={styles.item}>
                <div className={styles.when}>
                  <span className={styles.gongli}>{date.gongli}</span>
                  <span className={styles.nongli}>农历 {date.nongli}</span>
                  {date.notes.map((note) => (
                    <span key={note} className={styles.note}>
                      {note}
                    </span>
                  ))}
                </div>
                {date.chartable ? (
                  <button type="button" className={styles.choose} onClick={() => onChoose(date)}>
                    排盘
                  </button>
                ) : (
                  <span className={styles.note}>早于1900年，无法排盘</span>
                )}
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
