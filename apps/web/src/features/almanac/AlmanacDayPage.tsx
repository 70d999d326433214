import { formatBeijingDateTime } from '@xuanli/almanac/beijingTime';
import { dayNumber, parseSolarDate, type SolarDate, solarFromDayNumber } from '@xuanli/almanac/solarDate';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { ChevronIcon } from '@/components/line-icons';
import { Notice } from '@/components/Notice';
import { HeaderButton, PageHeader } from '@/components/PageHeader';
import { slideClass } from '@/components/slide';
import { FestivalHolidayTags, Tag, Tags } from '@/components/Tags';
import { YiJiRow } from '@/components/YiJi';
import { paths } from '@/config/paths';
import { useBeijingToday } from '@/hooks/useBeijingToday';
import { useDateQuery } from '@/hooks/useDateQuery';
import { useHolidays } from '@/hooks/useHolidays';
import { useSwipe } from '@/hooks/useSwipe';
import { chineseDate, MAX_YEAR, weekdayName } from '@/lib/dates';
import { useShareCard } from '@/lib/share';
import styles from './AlmanacDayPage.module.css';
import { almanacDayOrNull } from './almanac-day-or-null';
import { HourGrid } from './HourGrid';
import { LuckBadge } from './LuckBadge';

/** Index of the double-hour (0 = 子, 23:00–00:59) at a Beijing clock hour. */
function hourIndex(hour: number): number {
  return Math.floor((hour + 1) / 2) % 12;
}

function beijingHour(nowMs: number): number {
  return Number(formatBeijingDateTime(nowMs).slice(11, 13));
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <h3 className={styles.sectionTitle}>{title}</h3>
      {children}
    </section>
  );
}

function Item({ term, children, wide = false }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`${styles.item} ${wide ? styles.wide : ''}`}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Luck({ value }: { value: '吉' | '凶' }) {
  return <LuckBadge value={value} className={styles.inlineLuck} />;
}

/** Names (神煞, festivals) separated by spaces, each kept whole on its line. */
function Words({ names, separator = ' ' }: { names: readonly string[]; separator?: string }) {
  return names.map((name, index) => (
    <span key={name}>
      {index > 0 && separator}
      <span className={styles.word}>{name}</span>
    </span>
  ));
}

/** One line of 神煞: its luck, its heading and the day's names of that kind (无 when there are none). */
function ShenshaLine({ luck, title, names }: { luck: '吉' | '凶'; title: string; names: readonly string[] }) {
  return (
    <p>
      <Luck value={luck} />
      <strong>{title}</strong>
      <span className={styles.shenshaList}>{names.length > 0 ? <Words names={names} /> : '无'}</span>
    </p>
  );
}

/**
 * 老黄历 (#/pages/index/day?date=YYYY-MM-DD, default today in Beijing): the whole almanac of one day
 * from the engine's `almanacDay`, with previous/next day buttons and swipes. A date it cannot show
 * (malformed, outside 1900–2100, before the lunar tables) opens today and says so.
 */
export default function AlmanacDayPage() {
  const { query, setDate } = useDateQuery();
  const today = useBeijingToday();
  const holidays = useHolidays();
  const { date, day, problem } = useMemo(() => {
    const asked = query.kind === 'date' ? query.date : parseSolarDate(today);
    const found = almanacDayOrNull(asked, holidays);
    if (found) return { date: asked, day: found, problem: query.kind === 'invalid' ? query.message : null };
    // A real date the engine has no almanac for: the first days of January 1900.
    const fallback = parseSolarDate(today);
    const problem = `${chineseDate(asked)}早于农历表的起点（1900年1月31日），没有黄历，已显示今天`;
    return { date: fallback, day: almanacDayOrNull(fallback, holidays)!, problem };
  }, [query, today, holidays]);
  useShareCard({
    title: `老黄历 · ${chineseDate(date)} ${day.lunar.monthName}${day.lunar.dayName}`,
    desc: `宜 ${day.yi.slice(0, 6).join(' ') || '诸事不宜'}　忌 ${day.ji.slice(0, 6).join(' ') || '无'}`,
  });
  const slide = useRef<-1 | 0 | 1>(0);
  const dateHeading = useRef<HTMLHeadingElement>(null);
  const focusDate = useRef(false);

  // After a step from the bottom of the page, the new day's date gets the focus (for screen readers
  // and keyboards) once it is on screen.
  useEffect(() => {
    if (!focusDate.current) return;
    focusDate.current = false;
    dateHeading.current?.focus({ preventScroll: true });
  });

  function show(next: SolarDate, direction: -1 | 0 | 1) {
    slide.current = direction;
    setDate(next);
    // A new day starts at its top, with its date in view, wherever the reader stepped from.
    if (window.scrollY > 0) window.scrollTo({ top: 0 });
  }

  function step(delta: -1 | 1, fromBottom = false) {
    const next = solarFromDayNumber(dayNumber(date.year, date.month, date.day) + delta);
    if (next.year > MAX_YEAR || !almanacDayOrNull(next)) return;
    focusDate.current = fromBottom;
    show(next, delta);
  }

  const swipe = useSwipe((delta) => step(delta));
  const isToday = day.date === today;
  const currentHour = isToday ? hourIndex(beijingHour(Date.now())) : -1;
  const slideIn = slideClass(slide.current);
  const festivals = [...day.festivals, ...day.otherFestivals];

  return (
    <div className={styles.page}>
      <PageHeader
        back
        title={paths.almanacDay.title}
        right={
          isToday ? undefined : (
            <HeaderButton onClick={() => show(parseSolarDate(today), 0)}>今天</HeaderButton>
          )
        }
      />

      {problem && <Notice>{problem}</Notice>}

      <div className={styles.body} {...swipe}>
        <section key={day.date} className={`${styles.hero} ${slideIn}`} aria-label="日期">
          <button type="button" className={styles.stepButton} aria-label="前一天" onClick={() => step(-1)}>
            <ChevronIcon direction="left" />
            <span>前一天</span>
          </button>
          <div className={styles.heroText}>
            <h2 className={styles.solarLine} ref={dateHeading} tabIndex={-1}>
              {chineseDate(date)} {weekdayName(day.weekday)}
            </h2>
            {/* Month and day are two words: a narrow screen may put 初一 under 正月 (at the <wbr>), never split them. */}
            <p className={styles.lunarBig}>
              {day.lunar.monthName}
              <wbr />
              {day.lunar.dayName}
            </p>
            <p className={styles.ganzhiLine}>
              {day.ganzhi.year}年 {day.ganzhi.month}月 {day.ganzhi.day}日
            </p>
            <p className={styles.zodiacLine}>
              【{day.zodiac}年】 {day.constellation}
            </p>
          </div>
          <button type="button" className={styles.stepButton} aria-label="后一天" onClick={() => step(1)}>
            <ChevronIcon direction="right" />
            <span>后一天</span>
          </button>
        </section>

        <section className={styles.yiji} aria-label="宜忌">
          <YiJiRow kind="宜" items={day.yi} size="large" />
          <YiJiRow kind="忌" items={day.ji} size="large" />
          {/* The days around this one, for a matter and the family: 择日 from this day on. */}
          <Link className={styles.zeri} to={paths.zeri.getHref({ from: day.date })}>
            按事项择吉日<span aria-hidden="true"> ›</span>
          </Link>
        </section>

        {(day.term || festivals.length > 0 || day.holiday || day.seasonal.length > 0) && (
          <Tags label="节气节日" size="large">
            {day.term && (
              <Tag kind="term">
                {day.term.name} 交节 <time dateTime={day.term.time}>{day.term.time.slice(0, 16)}</time>
              </Tag>
            )}
            <FestivalHolidayTags festivals={festivals} holiday={day.holiday} />
            {day.seasonal.map((name) => (
              <Tag key={name} kind="season">
                {name}
              </Tag>
            ))}
          </Tags>
        )}

        <Section title="今日要素">
          <dl className={styles.items}>
            <Item term="值神">
              {day.dayGod.name} · {day.dayGod.type} <Luck value={day.dayGod.luck} />
            </Item>
            <Item term="建除十二神">{day.officer}日</Item>
            <Item term="二十八宿">
              {day.mansion.fullName} <Luck value={day.mansion.luck} />
            </Item>
            <Item term="冲煞">
              <span className={styles.word}>{day.chong.desc}</span>{' '}
              <span className={styles.word}>{day.sha}</span>
            </Item>
            <Item term="胎神占方" wide>
              {day.fetusGod}
            </Item>
            <Item term="彭祖百忌" wide>
              {day.pengzu[0]}
              <br />
              {day.pengzu[1]}
            </Item>
            <Item term="纳音" wide>
              <Words
                names={[`年 ${day.nayin.year}`, `月 ${day.nayin.month}`, `日 ${day.nayin.day}`]}
                separator=" · "
              />
            </Item>
            <Item term="旬空" wide>
              <Words
                names={[`年 ${day.xunkong.year}`, `月 ${day.xunkong.month}`, `日 ${day.xunkong.day}`]}
                separator=" · "
              />
            </Item>
          </dl>
        </Section>

        <Section title="吉神方位">
          <ul className={styles.directions}>
            {(
              [
                ['喜神', day.directions.xi],
                ['福神', day.directions.fu],
                ['财神', day.directions.cai],
                ['阳贵', day.directions.yangGui],
                ['阴贵', day.directions.yinGui],
              ] as const
            ).map(([god, direction]) => (
              <li key={god}>
                <span className={styles.directionGod}>{god}</span>
                <span className={styles.directionValue}>{direction}</span>
              </li>
            ))}
          </ul>
        </Section>

        <Section title="神煞">
          <div className={styles.shensha}>
            <ShenshaLine luck="吉" title="吉神宜趋" names={day.jiShen} />
            <ShenshaLine luck="凶" title="凶煞宜忌" names={day.xiongSha} />
          </div>
        </Section>

        <Section title="时辰吉凶">
          <HourGrid hours={day.hours} current={currentHour} />
        </Section>

        <Section title="佛历 · 道历">
          <dl className={styles.items}>
            <Item term="佛历" wide>
              {day.buddhist.year}年{day.buddhist.festivals.length > 0 && ' · '}
              <Words names={day.buddhist.festivals} />
            </Item>
            <Item term="道历" wide>
              {day.taoist.year}年{day.taoist.festivals.length > 0 && ' · '}
              <Words names={day.taoist.festivals} />
            </Item>
          </dl>
        </Section>

        <nav className={styles.footerNav} aria-label="翻日">
          <button type="button" onClick={() => step(-1, true)}>
            ‹ 前一天
          </button>
          <button type="button" onClick={() => step(1, true)}>
            后一天 ›
          </button>
        </nav>
      </div>
    </div>
  );
}
