import { describe, expect, it } from 'vitest';
import { beijingSeconds, formatBeijing } from './beijingTime.ts';
import { jieAround, termsOfYear, termTime } from './solarTermTime.ts';
import { code } from './testing/errorCode.ts';

describe('solarTermTime (seconds)', () => {
  // Term instants are truncated to the second (the second during which the Sun reaches the longitude);
  // civil time is UTC+8, and the table runs on UT1 (|UT1 − UTC| < 0.9 s). See README "Astronomy data".
  const at = (text: string) => beijingSeconds(...parse(text));
  const utc8 = (text: string, seconds = 0) => at(text) + 8 * 3600 + seconds;

  it('is within 2 s of instants computed from the JPL ephemerides (DE422/DE441, IAU 2006/2000A)', () => {
    const cases: [number, number, number, string][] = [
      // P. Hirose, NavList "Winter solstice this weekend", 2014-12-20 (JPL DE422 + IAU 2006/2000A,
      // checked against JPL Horizons): 2014 秋分 Sep 23 02:30:12 TT, 冬至 Dec 21 23:04:09 TT
      // (= 23:03:02 UTC). TT − UTC = 32.184 s + 35 s in 2014.
      [
        2014,
        17,
        utc8('2014-09-23 02:30:12', -67.184),
        'http://fer3.com/arc/m2.aspx/Winter-solstice-this-weekend-BillB-dec-2014-g29706',
      ],
      [2014, 23, utc8('2014-12-21 23:03:02'), 'same thread'],
      // R. H. van Gent and P. Hirose, NavList "Equinox time?", 2024-09-22: 2024 秋分 at 12:43:40.82 UTC
      // (apparent geocentric longitude 180°; "The JPL Horizons web calculator agrees"), and 2025 春分 at
      // 09:01:29 UTC from Hirose's long-term table.
      [
        2024,
        17,
        utc8('2024-09-22 12:43:40', 0.82),
        'https://navlist.net/Equinox-time-Hirose-sep-2024-g56254',
      ],
      [2025, 5, utc8('2025-03-20 09:01:29'), 'same thread'],
    ];
    for (const [year, index, published, source] of cases) {
      expect(Math.abs(termTime(year, index) - published), `${year}/${index} ${source}`).toBeLessThanOrEqual(
        2,
      );
    }
  });

  // Official tables give the minute, rounded to the nearest minute (the HKO 2013 table below matches our
  // instants rounded on 24 of 24 terms within the 2 s model margin; 2020 秋分 21:30:39 → "21时31分"), so
  // |ours − published| ≤ 30 s + 2 s.
  const withinMinute = (ours: number, published: number) => Math.abs(ours - published) <= 32;

  it('agrees with the Hong Kong Observatory 2013 table (HMNAO/USNO data) on all 24 terms', () => {
    // https://www.hko.gov.hk/sc/gts/astron2013/Solar_Term_2013.htm (Hong Kong time = UTC+8).
    const hko2013 = [
      '01-05 12:34',
      '01-20 05:52',
      '02-04 00:13',
      '02-18 20:02',
      '03-05 18:15',
      '03-20 19:02',
      '04-04 23:02',
      '04-20 06:03',
      '05-05 16:18',
      '05-21 05:09',
      '06-05 20:23',
      '06-21 13:04',
      '07-07 06:35',
      '07-22 23:56',
      '08-07 16:20',
      '08-23 07:02',
      '09-07 19:16',
      '09-23 04:44',
      '10-08 10:58',
      '10-23 14:10',
      '11-07 14:14',
      '11-22 11:48',
      '12-07 07:09',
      '12-22 01:11',
    ];
    hko2013.forEach((text, index) => {
      expect(withinMinute(termTime(2013, index), at(`2013-${text}:00`)), text).toBe(true);
    });
  });

  it('agrees with 《中国天文年历》 (Purple Mountain Observatory) times quoted by Xinhua and others', () => {
    const cases: [number, number, string, string][] = [
      // Xinhua 2013-02-03 (赵之珩, "按照《中国天文年历》"), via anjuhouse.cn / shancun.net.
      [2013, 2, '2013-02-04 00:13:00', 'Xinhua 2013-02-03'],
      // 2017: "按照紫金山天文台出版的《中国天文年历》显示,今年立春的准确时间为2月3日23时34分".
      [2017, 2, '2017-02-03 23:34:00', 'california-injury-lawyer-blog.com/xwzx/dl/shh/201702'],
      // "中国天文年历显示,北京时间2020年2月4日17时3分迎来立春" (mip.rexun.cn 2023-03-10).
      [2020, 2, '2020-02-04 17:03:00', 'mip.rexun.cn/itquan/2023/0310'],
      // Xinhua 2020-09-21 (周润健): 秋分 9月22日21时31分.
      [2020, 17, '2020-09-22 21:31:00', 'news.cn 2020-09-21'],
      // news.cn 2021-12-21: "《2021年中国天文年历》显示,北京时间12月21日23时59分将迎来冬至".
      [2021, 23, '2021-12-21 23:59:00', 'http://ha.news.cn/video/videonews/2021-12/21/c_1128182084.htm'],
      // 紫金山天文台 王科超, 2024: "2月4日16时27分迎来二十四节气之首:立春".
      [2024, 2, '2024-02-04 16:27:00', 'ynysmx.com/v/20240507'],
      // 上海天文馆 2024: "2024年9月22号20时44分,太阳到达黄经180°".
      [2024, 17, '2024-09-22 20:44:00', 'wxredian.com (上海天文馆)'],
    ];
    for (const [year, index, text, source] of cases) {
      expect(withinMinute(termTime(year, index), at(text)), `${year}/${index} ${source}`).toBe(true);
    }
  });

  it('agrees with the US Naval Observatory equinoxes and solstices (UTC, to the minute)', () => {
    const cases: [number, number, string, string][] = [
      // https://aa.usno.navy.mil/calculated/seasons?year=2023 (Eastern time, converted to UTC).
      [2023, 5, '2023-03-20 21:24:00', 'USNO 2023'],
      [2023, 11, '2023-06-21 14:58:00', 'USNO 2023'],
      [2023, 17, '2023-09-23 06:50:00', 'USNO 2023'],
      [2023, 23, '2023-12-22 03:27:00', 'USNO 2023'],
      // USNO "Earth Seasons 2023-2026" via earth-and-space-news / EarthSky: 2024-12-21 09:21 UTC. (The
      // "17时20分20秒" circulating on Chinese almanac sites would round to 09:20.)
      [2024, 23, '2024-12-21 09:21:00', 'USNO via EarthSky'],
    ];
    for (const [year, index, text, source] of cases) {
      expect(withinMinute(termTime(year, index), utc8(text)), `${year}/${index} ${source}`).toBe(true);
    }
  });

  it('lists a year in order, strictly increasing', () => {
    const terms = termsOfYear(2026);
    expect(terms.map((t) => t.name).slice(0, 3)).toEqual(['小寒', '大寒', '立春']);
    for (let i = 1; i < 24; i++) expect(terms[i].time).toBeGreaterThan(terms[i - 1].time);
    expect(formatBeijing(terms[0].time).slice(0, 10)).toBe('2026-01-05');
  });

  it('finds the 节 around a moment; the instant itself belongs to the new 节', () => {
    const lichun = termTime(2024, 2);
    expect(jieAround(lichun - 1).prev.name).toBe('小寒');
    expect(jieAround(lichun - 1).next).toEqual({ index: 2, name: '立春', time: lichun });
    expect(jieAround(lichun).prev).toEqual({ index: 2, name: '立春', time: lichun });
    expect(jieAround(lichun).next.name).toBe('惊蛰');
    const daxue = jieAround(beijingSeconds(2024, 12, 31, 12)).prev;
    expect(daxue.name).toBe('大雪');
    expect(jieAround(beijingSeconds(2025, 1, 1)).next.name).toBe('小寒');
  });

  it('rejects moments and years outside the table', () => {
    expect(code(() => termTime(1898, 0))).toBe('OUT_OF_RANGE');
    expect(code(() => termsOfYear(2102))).toBe('OUT_OF_RANGE');
    expect(code(() => jieAround(beijingSeconds(1899, 1, 1)))).toBe('OUT_OF_RANGE');
    expect(code(() => termTime(2024, 24))).toBe('WRONG_OPTION');
  });
});

function parse(text: string): [number, number, number, number, number, number] {
  const [d, t] = text.split(' ');
  return [...d.split('-').map(Number), ...t.split(':').map(Number)] as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
}
