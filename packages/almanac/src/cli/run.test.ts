import { describe, expect, it } from 'vitest';
import { runCli } from './run.ts';

const NOW = 1_795_334_400; // 2026-11-22 08:00 Beijing

function run(...argv: string[]) {
  const result = runCli(argv, NOW);
  return { ...result, out: [...result.stdout].join('') };
}

describe('xuanli CLI', () => {
  it('prints a day as text or stable JSON', () => {
    const text = run('day', '2024-02-10');
    expect(text.exitCode).toBe(0);
    expect(text.out).toContain('农历二〇二四年正月初一');
    expect(text.out).toContain('宜 ');
    const json = JSON.parse(run('day', '2024-02-10', '--json').out);
    expect(Object.keys(json).slice(0, 13)).toEqual([
      'date',
      'weekday',
      'lunar',
      'ganzhi',
      'zodiac',
      'constellation',
      'term',
      'festivals',
      'otherFestivals',
      'holiday',
      'salaryMultiplier',
      'yi',
      'ji',
    ]);
    expect(json.lunar).toMatchObject({
      year: 2024,
      month: 1,
      day: 1,
      leap: false,
      monthName: '正月',
      dayName: '初一',
    });
  });

  it('answers today in Beijing time, whatever the machine zone', () => {
    expect(JSON.parse(run('today', '--json').out).date).toBe('2026-11-22');
    // 2026-11-21 23:30 UTC is already the 22nd in Beijing.
    const late = runCli(['today', '--json'], Date.UTC(2026, 10, 21, 23, 30) / 1000);
    expect(JSON.parse([...late.stdout].join('')).date).toBe('2026-11-22');
  });

  it('streams days as JSON lines, one per day', () => {
    const lines = run('days', '2024-02-28', '2024-03-01', '--jsonl').out.trim().split('\n');
    expect(lines.map((l) => JSON.parse(l).date)).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
  });

  it('prints months, terms and lunar dates', () => {
    const month = JSON.parse(run('month', '2024-02', '--json').out);
    expect(month.cells).toHaveLength(35);
    expect(run('month', '2024-02').out).toContain('休春节');
    const terms = JSON.parse(run('terms', '2026', '--json').out);
    expect(terms).toHaveLength(24);
    expect(terms[2].name).toBe('立春');
    expect(terms[2].time).toMatch(/^2026-02-04 04:0\d:\d\d$/);
    expect(JSON.parse(run('lunar', '2023-02-01', '--leap', '--json').out).date).toBe('2023-03-22');
    expect(JSON.parse(run('lunar', '2023-02-01', '--json').out).date).toBe('2023-02-20');
  });

  it('writes an iCalendar file', () => {
    const ics = run('ics', '--from', '2026', '--to', '2026').out;
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('SUMMARY:休 春节');
  });

  it('finds the moments of four pillars', () => {
    const found = run('pillars', '庚午', '辛巳', '乙亥', '庚辰', '--json');
    expect(found.exitCode).toBe(0);
    expect(JSON.parse(found.out).map((d: { born: string }) => d.born)).toContain('公 1990-05-10 07:00');
    expect(run('pillars', '庚午').exitCode).toBe(2);
  });

  it('draws a chart', () => {
    const chart = run('chart', '--born', '公 1990-05-10 08:00', '--sex', '男', '--json');
    expect(chart.exitCode).toBe(0);
    expect(JSON.parse(chart.out).sizhu).toEqual({ year: '庚午', month: '辛巳', day: '乙亥', hour: '庚辰' });
  });

  it('rejects bad arguments on stderr with exit code 2', () => {
    for (const argv of [
      ['day', '2024-13-40'],
      ['day'],
      ['days', '2024-02-02', '2024-02-01', '--jsonl'],
      ['month', 'abc'],
      ['terms', '1800'],
      ['lunar', '2024-02-01', '--leap'],
      ['lunar', '2024-02-31'],
      ['ics', '--from'],
      ['chart', '--born', 'x', '--sex', '男'],
      ['frobnicate'],
    ]) {
      const result = run(...argv);
      expect(result.exitCode, argv.join(' ')).toBe(2);
      expect(result.stderr, argv.join(' ')).toMatch(/\S/);
      expect(result.out).toBe('');
    }
    expect(run('day', '2024-13-40').stderr).toBe('xuanli: wrong solar month\n');
    expect(run('lunar', '2024-02-01', '--leap').stderr).toBe('xuanli: wrong lunar month\n');
  });
});
