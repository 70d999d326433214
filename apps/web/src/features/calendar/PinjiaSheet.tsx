/**
 * The 拼假 sheet: a festival's plan day by day — which days to ask off, which are the holiday's, which
 * the weekend's — for 1 to 5 days of leave. Loaded when the reader taps the day card's hint
 * (PinjiaHint.tsx); its own chunk, outside what the calendar route downloads.
 */
import { dayNumber, parseSolarDate, solarFromDayNumber, weekday } from '@xuanli/almanac/solarDate';
import type { PinjiaPlan } from '@xuanli/contracts/calendar';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BottomSheet } from '@/components/BottomSheet';
import { env } from '@/config/env';
import { motion } from '@/config/theme';
import { WEEKDAY_NAMES } from '@/lib/dates';
import styles from './PinjiaSheet.module.css';

/** The days of leave the sheet offers. */
const LEAVE_CHOICES = [1, 2, 3, 4, 5];

/** Days of leave the day card's hint reckons with. */
const HINT_LEAVE = 3;

const asked = new Map<string, Promise<PinjiaPlan[] | null>>();

/**
 * The 拼假 plans of `year` for `leave` days, asked once per page load; null without a network (asked
 * again at the next choice).
 */
function pinjiaPlans(year: number, leave: number): Promise<PinjiaPlan[] | null> {
  const key = `${year}-${leave}`;
  let plans = asked.get(key);
  if (!plans) {
    plans = fetch(`${env.apiBaseUrl}/calendar/pinjia?year=${year}&leave=${leave}`)
      .then((r) => (r.ok ? r.json() : null))
      .then((body) => body?.resData?.list ?? null)
      .catch(() => null);
    asked.set(key, plans);
    void plans.then((list) => list || asked.delete(key));
  }
  return plans;
}

/** The plan holding `date` that takes in a festival's days off, or undefined. */
export function festivalPlan(plans: readonly PinjiaPlan[], date: string): PinjiaPlan | undefined {
  return plans.find((p) => p.holidays.length > 0 && p.from <= date && date <= p.to);
}

const dayOf = (text: string) => {
  const d = parseSolarDate(text);
  return dayNumber(d.year, d.month, d.day);
};

const short = (n: number) => {
  const d = solarFromDayNumber(n);
  return `${d.month}月${d.day}日`;
};

/** One day of a plan as the sheet lists it. */
export interface PlanDay {
  date: string;
  /** '10月1日 周四'. */
  text: string;
  kind: 'leave' | 'rest';
  /** '请假', '请假（调休上班）' or '休'. */
  words: string;
}

/**
 * The days of `plan` in order, each said as a day to ask off or a day of rest. A day to ask off that
 * falls on a weekend can only be a 调休 workday (班), and says so; the rest days are the holiday's and
 * the weekends', as the API counted them with the operators' entered days.
 */
export function planDays(plan: PinjiaPlan): PlanDay[] {
  const leave = new Set(plan.leave);
  const out: PlanDay[] = [];
  for (let n = dayOf(plan.from); n <= dayOf(plan.to); n++) {
    const d = solarFromDayNumber(n);
    const date = `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
    const w = weekday(n);
    const text = `${short(n)} 周${WEEKDAY_NAMES[w]}`;
    if (!leave.has(date)) out.push({ date, text, kind: 'rest', words: '休' });
    else out.push({ date, text, kind: 'leave', words: w === 0 || w === 6 ? '请假（调休上班）' : '请假' });
  }
  return out;
}

/** What the sheet is given: the hint's plan, the day card's date, and what to do once it has closed. */
interface PinjiaSheetProps {
  plan: PinjiaPlan;
  date: string;
  onClosed: () => void;
}

/**
 * Opens the sheet for the day card's plan and date, in a React root of its own that goes when the sheet
 * has slid away: the hint that calls it stays one line of the calendar route's code.
 */
export function showPinjia(plan: PinjiaPlan, date: string): void {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const onClosed = () => {
    root.unmount();
    host.remove();
  };
  root.render(<PinjiaSheet plan={plan} date={date} onClosed={onClosed} />);
}

/** The sheet: open from its mounting until closed. */
export function PinjiaSheet({ plan: hinted, date, onClosed }: PinjiaSheetProps) {
  const [open, setOpen] = useState(true);
  const onClose = () => {
    setOpen(false);
    setTimeout(onClosed, motion.transition);
  };
  const [leave, setLeave] = useState(HINT_LEAVE);
  // The plan for the chosen leave: undefined while asked for, 'offline' without an answer, null when
  // no plan of that many days holds this day.
  const [plan, setPlan] = useState<PinjiaPlan | null | 'offline' | undefined>(hinted);
  useEffect(() => {
    if (leave === HINT_LEAVE) {
      setPlan(hinted);
      return;
    }
    let live = true;
    setPlan(undefined);
    void pinjiaPlans(+date.slice(0, 4), leave).then((plans) => {
      if (live) setPlan(plans ? (festivalPlan(plans, date) ?? null) : 'offline');
    });
    return () => {
      live = false;
    };
  }, [leave, hinted, date]);
  return (
    <BottomSheet open={open} label="拼假方案" onClose={onClose} maxHeight="85vh">
      <h2 className={styles.title}>{hinted.holidays.join('、')}拼假</h2>
      <div className={styles.choice} role="radiogroup" aria-label="请假天数">
        <span aria-hidden="true">请假</span>
        {LEAVE_CHOICES.map((n) => (
          <label key={n} className={`${styles.leaveChoice} ${leave === n ? styles.leaveChoiceOn : ''}`}>
            <input
              type="radio"
              name="pinjia-leave"
              checked={leave === n}
              onChange={() => setLeave(n)}
              className={styles.srOnly}
            />
            {n}天
          </label>
        ))}
      </div>
      {plan === undefined ? (
        <p className={styles.note}>正在计算…</p>
      ) : plan === 'offline' ? (
        <p className={styles.note}>需要联网才能计算，请稍后再试。</p>
      ) : plan === null ? (
        <p className={styles.note}>请假 {leave} 天拼不出包含这一天的连休。</p>
      ) : (
        <PlanView plan={plan} />
      )}
      <button type="button" className={styles.close} onClick={onClose}>
        关闭
      </button>
    </BottomSheet>
  );
}

/** A plan: what it buys, then the days. */
function PlanView({ plan }: { plan: PinjiaPlan }) {
  return (
    <>
      <p className={styles.summary}>
        请假 <strong>{plan.leave.length}</strong> 天，连休 <strong>{plan.days}</strong> 天：
        {short(dayOf(plan.from))}至{short(dayOf(plan.to))}
      </p>
      <ol className={styles.days} aria-label="拼假日程">
        {planDays(plan).map((day) => (
          <li key={day.date} className={`${styles.day} ${styles[day.kind]}`}>
            <span className={styles.date}>{day.text}</span>
            <span className={styles.kind}>{day.words}</span>
          </li>
        ))}
      </ol>
    </>
  );
}
