import type { PinjiaPlan } from '@xuanli/contracts/calendar';
import { useEffect, useState } from 'react';
import { env } from '@/config/env';
import styles from './DayCard.module.css';

/**
 * 拼假 in the day card of a festival's 休 or 班 day: 请 3 天连休 13 天 — the break that three days of
 * leave buy around the festival (`GET /api/calendar/pinjia`, the holiday table with the operators'
 * entered days) — and on a tap the plan day by day for 1–5 days of leave (./PinjiaSheet.tsx, loaded on
 * that tap only: the calendar route, with its byte budget, carries nothing more than this line). Asked
 * for only on a festival's days; without a network nothing shows. Plain fetch: the calendar route
 * carries no API client.
 */
export function PinjiaHint({ date }: { date: string }) {
  // The card mounts one hint per date (its key), so an answer for a day chosen before never shows here.
  const [plan, setPlan] = useState<PinjiaPlan>();
  useEffect(() => {
    fetch(`${env.apiBaseUrl}/calendar/pinjia?year=${date.slice(0, 4)}&leave=3`)
      .then((r) => r.json())
      .then(({ resData }: { resData: { list: PinjiaPlan[] } }) =>
        setPlan(resData.list.find((p) => p.holidays[0] && p.from <= date && date <= p.to)),
      )
      .catch(() => {});
  }, [date]);
  return plan ? (
    <button
      type="button"
      className={styles.pinjia}
      onClick={() =>
        void import('./PinjiaSheet').then(
          (m) => m.showPinjia(plan, date),
          () => {},
        )
      }
    >
      拼假：请 {plan.leave.length} 天连休 {plan.days} 天
    </button>
  ) : null;
}
