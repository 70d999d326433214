import type { AlmanacDay } from '../day.ts';
import type { MonthView } from '../monthView.ts';

/** Human-readable views of the CLI: the same facts as the JSON, laid out for a terminal. */

const WEEKDAYS = '日一二三四五六';

/** The 老黄历 day as a few labelled lines. */
export function formatDay(day: AlmanacDay): string {
  const lines = [
    `${day.date} 星期${WEEKDAYS[day.weekday]}  ${day.constellation}`,
    `农历${day.lunar.yearName}年${day.lunar.monthName}${day.lunar.dayName}  ${day.ganzhi.year}年 ${day.ganzhi.month}月 ${day.ganzhi.day}日 【${day.zodiac}年】`,
  ];
  if (day.term) lines.push(`节气 ${day.term.name} ${day.term.time}`);
  const festivals = [...day.festivals, ...day.otherFestivals];
  if (festivals.length) lines.push(`节日 ${festivals.join(' ')}`);
  if (day.holiday) lines.push(`${day.holiday.offDay ? '休' : '班'} ${day.holiday.name}`);
  if (day.salaryMultiplier !== null) lines.push(`加班工资 ×${day.salaryMultiplier}`);
  lines.push(`宜 ${day.yi.join(' ') || '无'}`, `忌 ${day.ji.join(' ') || '无'}`);
  lines.push(
    `值星 ${day.officer}  ${day.dayGod.name}(${day.dayGod.type})  ${day.mansion.fullName}(${day.mansion.luck})`,
    `冲煞 ${day.chong.desc} ${day.sha}  胎神 ${day.fetusGod}`,
    `彭祖 ${day.pengzu.join(' ')}`,
    `喜神${day.directions.xi} 福神${day.directions.fu} 财神${day.directions.cai} 阳贵${day.directions.yangGui} 阴贵${day.directions.yinGui}`,
    `吉神 ${day.jiShen.join(' ') || '无'}`,
    `凶煞 ${day.xiongSha.join(' ') || '无'}`,
    `时辰 ${day.hours.map((h) => `${h.branch}${h.luck}`).join(' ')}`,
  );
  if (day.seasonal.length) lines.push(`${day.seasonal.join(' ')}`);
  lines.push(`佛历${day.buddhist.year}年 道历${day.taoist.year}年`);
  return `${lines.join('\n')}\n`;
}

/** The month grid, one week per line: day number, 休/班 mark and label. */
export function formatMonth(view: MonthView): string {
  const head = Array.from({ length: 7 }, (_, i) => `   ${WEEKDAYS[(i + view.weekStart) % 7]}     `).join('');
  const rows = [`${view.year}年${view.month}月`, head];
  for (let w = 0; w < view.weeks; w++) {
    const week = view.cells.slice(w * 7, w * 7 + 7);
    rows.push(
      week
        .map((c) => {
          const mark = c.rest ?? (c.today ? '*' : ' ');
          const day = c.inMonth ? String(c.day).padStart(2) : '  ';
          const label = c.inMonth ? c.label.slice(0, 3) : '';
          return `${day}${mark}${label}${'　'.repeat(Math.max(0, 3 - label.length))} `;
        })
        .join(''),
    );
  }
  return `${rows.join('\n')}\n`;
}
