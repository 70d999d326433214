import { parseSolarDate } from '@xuanli/almanac/solarDate';
import type { ZeriDay } from '@xuanli/contracts/calendar';
import { useState } from 'react';
import { WEEKDAY_NAMES } from '@/lib/dates';
import { goodDayCalendar, goodDayFileName, isWechatBrowser, saveCalendarFile } from './calendar-file';
import styles from './ZeriPage.module.css';

/** The tag of 休/班 and the weekend on a card (its class); an ordinary workday has none. */
const REST_TAGS: Partial<Record<ZeriDay['rest'], string>> = {
  休: styles.restOff,
  班: styles.restWork,
  周末: styles.restWeekend,
};

const LEVEL_STYLES: Record<ZeriDay['level'], string> = {
  上吉: styles.levelBest,
  吉: styles.levelGood,
  平: styles.levelPlain,
};

interface GoodDayCardProps {
  day: ZeriDay;
  activity: string;
  activityLabel: string;
  people: readonly string[];
}

/**
 * One chosen day: the date with its weekday and lunar date, the level and score, 休/班 or 周末, every
 * rule that made the score (the engine's reasons, with their points), the 黄道 hours, and 加入日历.
 */
export function GoodDayCard({ day, activity, activityLabel, people }: GoodDayCardProps) {
  const { year, month, day: date } = parseSolarDate(day.date);
  const rest = REST_TAGS[day.rest];
  const title = `${year}年${month}月${date}日`;
  return (
    <li className={styles.dayCard} aria-label={`${title} ${day.level}`}>
      <div className={styles.dayHead}>
        <h3 className={styles.dayDate}>
          <span className={styles.word}>{title}</span>{' '}
          <span className={styles.word}>周{WEEKDAY_NAMES[day.weekday]}</span>
        </h3>
        <span className={`${styles.level} ${LEVEL_STYLES[day.level]}`}>
          {day.level} <span className={styles.score}>{day.score}分</span>
        </span>
      </div>
      <p className={styles.dayFacts}>
        <span className={styles.word}>农历{day.lunar}</span>{' '}
        <span className={styles.word}>{day.ganzhi}日</span>{' '}
        <span className={styles.word}>{day.officer}日</span> <span className={styles.word}>{day.dayGod}</span>
        {rest && <span className={`${styles.rest} ${rest}`}>{day.rest}</span>}
      </p>
      <ul className={styles.reasons} aria-label="择日依据">
        {day.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      {day.goodHours.length > 0 && (
        <p className={styles.hours}>
          <span className={styles.hoursLabel}>吉时</span>
          {day.goodHours.map((h) => (
            <span key={h.name} className={styles.hour}>
              {h.name} <small>{h.range}</small>
            </span>
          ))}
        </p>
      )}
      <AddToCalendar day={day} activity={activity} activityLabel={activityLabel} people={people} />
    </li>
  );
}

/** 加入日历: the day as a calendar file; in WeChat, which cannot save one, how to open it elsewhere. */
function AddToCalendar(props: GoodDayCardProps) {
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'wechat' | 'failed'>('idle');
  async function add() {
    if (isWechatBrowser()) {
      setState('wechat');
      return;
    }
    setState('busy');
    try {
      saveCalendarFile(await goodDayCalendar(props), goodDayFileName(props));
      setState('done');
    } catch {
      setState('failed');
    }
  }
  const note = {
    idle: null,
    busy: null,
    done: '已生成日历文件，打开后即可加入手机日历（前一天 9 点提醒）',
    wechat: '微信内无法保存日历文件，请点击右上角「…」在浏览器中打开后再加入日历',
    failed: '日历文件生成失败，请稍后重试',
  }[state];
  return (
    <div className={styles.dayActions}>
      <button type="button" className={styles.addButton} onClick={add} disabled={state === 'busy'}>
        加入日历
      </button>
      {note && (
        <p className={styles.actionNote} role="status">
          {note}
        </p>
      )}
    </div>
  );
}
