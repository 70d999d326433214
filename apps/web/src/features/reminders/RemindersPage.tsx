/**
 * pages/user/reminders (我的提醒): the user's own days — a 农历生日, an anniversary, a one-off appointment —
 * each with the next day it falls on (computed by the server with the engine's rules), added on a 公历
 * or 农历 date with the same native wheels as the birth picker, and deleted. They go into the calendar
 * the user subscribes to on 日历订阅, with an alarm the chosen number of days before.
 */
import { lunarDayName, lunarMonthName } from '@xuanli/almanac/lunar';
import type { CalendarEvent, CalendarEventBody } from '@xuanli/contracts/reminders';
import { EVENT_TITLE_MAX, REMIND_DAYS_MAX } from '@xuanli/contracts/reminders-labels';
import { type FormEvent, useId, useState } from 'react';
import { DateSelects, NativeSelect } from '@/components/BirthPicker';
import { PageHeader } from '@/components/PageHeader';
import { RequireLogin } from '@/components/RequireLogin';
import { Segmented } from '@/components/Segmented';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { daysInMonth, leapMonthOf } from '@/lib/birth';
import { beijingToday } from '@/lib/dates';
import { userMessage } from '@/lib/error-message';
import { confirm, toast } from '@/lib/feedback';
import { useNavigation } from '@/lib/navigation';
import { useAddCalendarEvent, useCalendarEvents, useDeleteCalendarEvent } from './api';
import styles from './reminders.module.css';

/** The reminder choices offered: on the day, or this many days before. */
const REMIND_CHOICES = [-1, 0, 1, 3, 7, 15, REMIND_DAYS_MAX] as const;

/**
 * What the form says beside the field when the server refuses: its own Chinese sentence for a
 * `ValidationError` (e.g. the 200-event limit), which names the problem better than the generic one.
 */
export function refusalMessage(error: unknown): string {
  if (error instanceof ApiError && error.code === 'ValidationError' && /[\u4e00-\u9fff]/.test(error.message))
    return error.message;
  return userMessage(error);
}

/** The text of a reminder choice. */
export function remindText(days: number | null): string {
  if (days === null || days < 0) return '不提醒';
  return days === 0 ? '当天提醒' : `提前 ${days} 天提醒`;
}

/** How an event's own date reads: '农历闰四月初八' or '2026年5月1日'. */
export function eventDateText(event: Pick<CalendarEvent, 'date' | 'lunar' | 'repeat'>): string {
  if (event.lunar) {
    const year = event.repeat === 'none' && event.lunar.year ? `${event.lunar.year}年` : '';
    return `农历${year}${lunarMonthName(event.lunar.month, event.lunar.leap)}${lunarDayName(event.lunar.day)}`;
  }
  const [y, m, d] = (event.date ?? '').split('-').map(Number);
  return event.repeat === 'yearly' ? `公历${m}月${d}日` : `${y}年${m}月${d}日`;
}

export default function RemindersPage() {
  const navigation = useNavigation();
  return (
    <div className={styles.page}>
      <PageHeader back />
      <RequireLogin what="设置我的提醒">
        <EventList />
        <AddEventForm />
        <p className={styles.help}>
          提醒会写进订阅的日历，到时由手机日历提醒您。
          <button
            type="button"
            className={styles.link}
            onClick={() => navigation.navigate(paths.subscribe.path)}
          >
            去订阅日历
          </button>
        </p>
      </RequireLogin>
    </div>
  );
}

function EventList() {
  const events = useCalendarEvents();
  const remove = useDeleteCalendarEvent();
  if (events.isPending) return <p className={styles.help}>正在读取…</p>;
  if (events.isError) return <p className={styles.error}>{userMessage(events.error)}</p>;
  const list = events.data.list;
  if (list.length === 0)
    return <p className={styles.help}>还没有提醒。加上家人的农历生日、纪念日，每年自动算好公历日期。</p>;
  async function del(event: CalendarEvent) {
    if (!(await confirm({ content: `删除“${event.title}”？` }))) return;
    try {
      await remove.mutateAsync(event.id);
      toast('已删除', 'success');
    } catch (error) {
      toast(userMessage(error), 'fail');
    }
  }
  return (
    <section className={styles.section} aria-labelledby="reminder-count">
      <h2 id="reminder-count" className={styles.sectionTitle}>
        我的提醒（{list.length}）
      </h2>
      <ul className={styles.events}>
        {list.map((event) => (
          <li key={event.id} className={styles.event}>
            <div className={styles.eventText}>
              <strong>{event.title}</strong>
              <span>
                {eventDateText(event)} · {event.repeat === 'yearly' ? '每年' : '仅一次'} ·{' '}
                {remindText(event.remindDays)}
              </span>
              <span className={styles.next}>
                {event.next
                  ? `下次：${event.next.date}${event.next.lunarText ? `（${event.next.lunarText}）` : ''}`
                  : '已过'}
                {event.next?.moved ? `，${event.next.moved}` : ''}
              </span>
            </div>
            <button
              type="button"
              className={styles.delete}
              aria-label={`删除：${event.title}`}
              onClick={() => void del(event)}
            >
              删除
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The add form's date: a calendar and its year, month (leap for 闰), day. */
interface DateValue {
  calendar: 'solar' | 'lunar';
  year: number;
  month: number;
  day: number;
  leap: boolean;
}

/** The form's date as the wire's `date` or `lunar`. */
export function eventBody(
  title: string,
  value: DateValue,
  repeat: 'none' | 'yearly',
  remind: number,
): CalendarEventBody {
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    title: title.trim(),
    repeat,
    ...(value.calendar === 'solar'
      ? { date: `${value.year}-${two(value.month)}-${two(value.day)}` }
      : { lunar: { month: value.month, day: value.day, leap: value.leap, year: value.year } }),
    ...(remind >= 0 ? { remindDays: remind } : {}),
  };
}

function AddEventForm() {
  const id = useId();
  const add = useAddCalendarEvent();
  const [y, m, d] = beijingToday().split('-').map(Number) as [number, number, number];
  const [title, setTitle] = useState('');
  const [value, setValue] = useState<DateValue>({
    calendar: 'lunar',
    year: y,
    month: m,
    day: d,
    leap: false,
  });
  const [repeat, setRepeat] = useState<'none' | 'yearly'>('yearly');
  const [remind, setRemind] = useState<number>(1);
  const [problem, setProblem] = useState<string | null>(null);

  const update = (next: Partial<DateValue>) => {
    const merged = { ...value, ...next };
    if (merged.calendar === 'lunar' && merged.leap && leapMonthOf(merged.year) !== merged.month)
      merged.leap = false;
    merged.day = Math.min(merged.day, daysInMonth(merged.calendar, merged.year, merged.month, merged.leap));
    setValue(merged);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = title.trim();
    if (trimmed === '') return setProblem('请填写提醒内容，如“妈妈生日”');
    if ([...trimmed].length > EVENT_TITLE_MAX) return setProblem(`不超过 ${EVENT_TITLE_MAX} 个字`);
    setProblem(null);
    try {
      await add.mutateAsync(eventBody(trimmed, value, repeat, remind));
      setTitle('');
      toast('已添加', 'success');
    } catch (error) {
      setProblem(refusalMessage(error));
    }
  }

  const years = Array.from({ length: 201 }, (_, i) => 1900 + i);

  return (
    <form className={styles.section} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        添加提醒
      </h2>
      <label className={styles.field}>
        <span>提醒内容</span>
        <input
          value={title}
          placeholder="如：妈妈生日"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => setTitle(e.target.value)}
        />
      </label>
      {problem ? (
        <p id={`${id}-problem`} className={styles.error} role="alert">
          {problem}
        </p>
      ) : null}
      <Segmented
        label="历法"
        name={`${id}-calendar`}
        choices={[
          ['lunar', '农历'],
          ['solar', '公历'],
        ]}
        value={value.calendar}
        onChange={(calendar) => update({ calendar, leap: false })}
      />
      <div className={styles.dateGrid}>
        <DateSelects value={value} years={years} onChange={update} />
      </div>
      <Segmented
        label="重复"
        name={`${id}-repeat`}
        choices={[
          ['yearly', '每年'],
          ['none', '仅一次'],
        ]}
        value={repeat}
        onChange={setRepeat}
      />
      <NativeSelect
        label="提醒时间"
        value={String(remind)}
        onChange={(v) => setRemind(Number(v))}
        options={REMIND_CHOICES.map((days) => ({ value: String(days), label: remindText(days) }))}
      />
      <p className={styles.help}>
        农历每年的提醒按农历日期换算成当年的公历日期。闰月生日：当年没有这个闰月时，按同一个月的平月过；大月三十的生日，遇小月按廿九过。
      </p>
      <button type="submit" className={styles.primary} disabled={add.isPending}>
        添加
      </button>
    </form>
  );
}
