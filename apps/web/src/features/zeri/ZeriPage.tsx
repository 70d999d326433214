/**
 * 择日 (#/pages/index/zeri): the days of a range for one matter, best first, kept out of the days that
 * clash the chosen family members, each day with its reasons, 吉时, 休/班 and 加入日历. Reached from the
 * calendar's day card and the 老黄历 day (`?from=` that day). Every choice lives in the address
 * (`activity`, `range`, `from`, `to`, `who`), so 返回 and a reload come back to the same answer.
 *
 * The server answers from the engine with the operators' holiday days; without a network the same engine
 * computes the days on the phone (api/get-zeri.ts) and the page says 离线计算.
 */

import { formatSolarDate } from '@xuanli/almanac/solarDate';
import { isZeriActivity } from '@xuanli/almanac/zeriActivities';
import { ZERI_MAX_PEOPLE, zeriActivityLabel } from '@xuanli/contracts/zeri-labels';
import { type ReactNode, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { paths } from '@/config/paths';
import { beijingToday, parseDateParam } from '@/lib/dates';
import { profileZone, type SavedProfile, useSavedProfiles } from '@/stores/profiles';
import { ActivityPicker } from './ActivityPicker';
import { useZeri, type ZeriRequest } from './api/get-zeri';
import { PeoplePicker } from './PeoplePicker';
import { RangePicker } from './RangePicker';
import { type DayRange, isRangeChoice, presetRange, type RangeChoice, rangeProblem } from './range';
import styles from './ZeriPage.module.css';
import { ZeriResults, zeriProblem } from './ZeriResults';

/** The matter a visit starts on. */
const DEFAULT_ACTIVITY = '嫁娶';
/** The range a visit starts on. */
const DEFAULT_RANGE: RangeChoice = 'quarter';

/** The page's choices as the address holds them, read with defaults for anything missing or wrong. */
function useChoices(today: string) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('activity');
  const activity = isZeriActivity(asked) ? asked : DEFAULT_ACTIVITY;
  const rangeParam = params.get('range');
  const choice: RangeChoice = isRangeChoice(rangeParam) ? rangeParam : DEFAULT_RANGE;
  const from = formatSolarDate(parseDateParam(params.get('from'), today));
  const range: DayRange =
    choice === 'custom'
      ? { from, to: formatSolarDate(parseDateParam(params.get('to'), presetRange('month', from).to)) }
      : presetRange(choice, from);
  const who = (params.get('who') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isFinite(n) && n > 0);
  const update = (next: Record<string, string | null>) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value === null) out.delete(key);
          else out.set(key, value);
        }
        return out;
      },
      { replace: true },
    );
  return { activity, choice, range, who, update };
}

/** The request of the page's choices, or null while the custom range would be refused. */
function requestOf(activity: string, range: DayRange, people: readonly SavedProfile[]): ZeriRequest | null {
  if (rangeProblem(range)) return null;
  return {
    activity,
    from: range.from,
    to: range.to,
    people: people.map((p) => ({ label: p.name, born: p.born, timeZone: profileZone(p) })),
  };
}

/** The 择日 page. */
export default function ZeriPage() {
  // The day the visit started on: ranges run from it (the calendar's hook would tie this page's code to
  // the calendar tab's chunks).
  const [today] = useState(() => beijingToday());
  const { activity, choice, range, who, update } = useChoices(today);
  const profiles = useSavedProfiles();
  const people = useMemo(
    () => profiles.filter((p) => who.includes(p.add_time)).slice(0, ZERI_MAX_PEOPLE),
    [profiles, who],
  );
  const request = useMemo(() => requestOf(activity, range, people), [activity, range, people]);
  const query = useZeri(request);
  const label = zeriActivityLabel(activity);
  // A refused birth names its person: said beside the family list rather than in place of the days.
  const peopleProblem =
    query.isError && /^[^：]+：/.test(zeriProblem(query.error)) ? zeriProblem(query.error) : null;

  function toggle(addTime: number) {
    const ids = people.map((p) => p.add_time);
    const next = ids.includes(addTime) ? ids.filter((id) => id !== addTime) : [...ids, addTime];
    update({ who: next.length > 0 ? next.join(',') : null });
  }

  return (
    <div className={styles.page}>
      <PageHeader back title={paths.zeri.title} />
      <div className={styles.body}>
        <Section title="事项">
          <ActivityPicker value={activity} onChange={(next) => update({ activity: next })} />
        </Section>
        <Section title="时间">
          <RangePicker
            choice={choice}
            range={range}
            onChoice={(next) =>
              update({ range: next, to: next === 'custom' ? presetRange('month', range.from).to : null })
            }
            onDay={(end, date) => update({ [end]: date })}
          />
        </Section>
        <Section title="为谁择日">
          <PeoplePicker
            profiles={profiles}
            chosen={people.map((p) => p.add_time)}
            onToggle={toggle}
            problem={peopleProblem}
          />
        </Section>
        <section className={styles.results} aria-label="择日结果">
          {request ? (
            peopleProblem ? null : (
              <ZeriResults
                query={query}
                activity={activity}
                activityLabel={label}
                people={people.map((p) => p.name)}
              />
            )
          ) : (
            <p className={styles.note}>请先选好时间范围。</p>
          )}
        </section>
        <p className={styles.caveat}>
          按老黄历当日宜忌、建除、黄道与吉神择取，避开月破（破屋、坏垣、求医、治病以破日为宜，不在此列）、四离、四绝、杨公忌、三娘煞及与家人相冲之日，仅供参考。
        </p>
      </div>
    </div>
  );
}

/** A titled card of the page's choices. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.card} aria-label={title}>
      <h2 className={styles.cardTitle}>{title}</h2>
      {children}
    </section>
  );
}
