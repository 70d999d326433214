import type { AlmanacDayBasics } from '@xuanli/almanac/dayBasics';
import { type ComponentType, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { FestivalHolidayTags, Tag, Tags } from '@/components/Tags';
import { YiJiRow } from '@/components/YiJi';
import { paths } from '@/config/paths';
import { chineseDate, weekdayName } from '@/lib/dates';
import styles from './DayCard.module.css';

type Hint = ComponentType<{ date: string }>;

/**
 * The 拼假 hint (./PinjiaHint.tsx), loaded on the first festival 休 or 班 day shown: on every other
 * day of the year the calendar route, with its byte budget, does without it. Until it has arrived
 * nothing shows, as before its plan has (the hint waits for the network either way), so the card the
 * server rendered and the first one in the browser are the same. Offline with the chunk not cached,
 * there is no hint, as there would be no plan.
 */
function usePinjiaHint(wanted: boolean): Hint | undefined {
  const [hint, setHint] = useState<Hint>();
  useEffect(() => {
    if (wanted && !hint)
      import('./PinjiaHint').then(
        (m) => setHint(() => m.PinjiaHint),
        () => {},
      );
  }, [wanted, hint]);
  return hint;
}

/** The plain sentence for a pay multiplier; null when the day is an ordinary workday or has no data. */
function salarySentence(day: Pick<AlmanacDayBasics, 'salaryMultiplier' | 'holiday'>): string | null {
  if (day.salaryMultiplier === 3) return '法定节假日 三倍工资';
  if (day.salaryMultiplier === 2) return day.holiday?.offDay ? '节假日休息日 双倍工资' : '休息日 双倍工资';
  return null;
}

/**
 * The selected day under the month grid. First what a reader opens the app for, in as little height
 * as fits a 375×812 screen under the month: date, lunar date, 干支, 宜/忌 and the way into the full
 * 老黄历 and to 择日; then term, festivals (full names), holiday and pay — on a festival's 休 or 班 day
 * with its 拼假 hint —, Buddhist and Taoist years.
 */
export function DayCard({ day }: { day: AlmanacDayBasics }) {
  const [year, month, date] = day.date.split('-').map(Number);
  const salary = salarySentence(day);
  const festivals = [...day.festivals, ...day.otherFestivals];
  const religious = [...day.buddhist.festivals, ...day.taoist.festivals];
  const hasTags = Boolean(day.term || festivals.length > 0 || day.holiday || salary);
  const PinjiaHint = usePinjiaHint(Boolean(day.holiday));
  return (
    <section className={styles.day} aria-label="当日信息">
      <div className={styles.card}>
        <div className={styles.head}>
          <div className={styles.dayNumber} aria-hidden="true">
            {date}
          </div>
          <div className={styles.headText}>
            {/* Whole strings, not pieces: the server's HTML carries each line as one text. */}
            <h2 className={styles.solar}>
              {`${chineseDate({ year, month, day: date })} ${weekdayName(day.weekday)}`}
            </h2>
            <p className={styles.lunar}>
              {`农历${day.lunar.monthName}${day.lunar.dayName} `}
              <span className={styles.zodiac}>{`【${day.zodiac}年】`}</span>
            </p>
            <p className={styles.ganzhi}>
              <span>{`${day.ganzhi.year}年 ${day.ganzhi.month}月 ${day.ganzhi.day}日`}</span>{' '}
              <span className={styles.constellation}>{day.constellation}</span>
            </p>
          </div>
        </div>

        <div className={styles.yiji}>
          <YiJiRow kind="宜" items={day.yi} />
          <YiJiRow kind="忌" items={day.ji} />
        </div>

        {/* Side by side on one line (their widths in the CSS), with no wrapper to carry. */}
        <Link className={styles.more} to={paths.almanacDay.getHref({ date: day.date })}>
          查看老黄历
        </Link>
        <Link className={styles.zeri} to={paths.zeri.getHref({ from: day.date })}>
          择日
        </Link>
      </div>

      <div className={styles.card}>
        {hasTags && (
          <Tags className={styles.tags}>
            {day.term && (
              <Tag kind="term">
                节气 {day.term.name} <time dateTime={day.term.time}>{day.term.time.slice(11, 16)}</time> 交节
              </Tag>
            )}
            <FestivalHolidayTags festivals={festivals} holiday={day.holiday} />
            {salary && <Tag kind="salary">{salary}</Tag>}
          </Tags>
        )}
        {day.holiday && PinjiaHint && <PinjiaHint key={day.date} date={day.date} />}

        <p className={`${styles.religious} ${hasTags ? '' : styles.first}`}>
          佛历 {day.buddhist.year}年 · 道历 {day.taoist.year}年
          {religious.map((name, index) => (
            <span key={name} className={styles.religiousFestival}>
              {index === 0 ? ' ' : ' · '}
              <span className={styles.word}>{name}</span>
            </span>
          ))}
        </p>
      </div>
    </section>
  );
}
