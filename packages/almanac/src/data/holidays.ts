/**
 * China's public holidays (放假) and make-up workdays (调休上班), 2001–2026, as the State Council
 * General Office (国务院办公厅) published them year by year. Facts only: each year names the notice(s)
 * it was compiled from, and a later notice that changed a year's plan is listed after the first one
 * and its changes are already applied to the dates.
 *
 * Shape of one holiday: `off` lists the days of the break (ranges 'YYYY-MM-DD..YYYY-MM-DD'), `work` the
 * weekend days the notice turns into workdays. A break "与周末连休" (joined to the weekend) or closed by a
 * 补休 day includes the weekend days it joins, as the notices describe the break. Dates may fall in the
 * previous December (e.g. 2008's 元旦 break starts 2007-12-30); they belong to the plan of the notice
 * that set them.
 *
 * Texts were read from: the notices mirrored on gov.cn / zh.wikisource.org and in newspapers (人民日报,
 * 新华社 reprints); cross-checked against NateScarlet/holiday-cn (per-year JSON scraped from gov.cn,
 * 2007+), LKI/chinese-calendar (notice texts quoted per year, 2004+), vacanza/holidays `china.py`
 * (substitution table, 2001+), and lunar-typescript's HolidayUtil (2002+). Every disagreement is in
 * packages/almanac/test-data/holiday-differences.md.
 */

/** One State Council notice a year's plan was compiled from. */
export interface HolidayNotice {
  /** Title as issued. */
  title: string;
  /** Document number (文号), or null where no copy we could read shows it. */
  document: string | null;
  /**
   * Date of issue 'YYYY-MM-DD' as signed; for 2016–2019, 2022 and 2023 the signed date was not in the
   * copies read and this is the gov.cn publication date (the date in its URL). Null where not found.
   */
  issued: string | null;
  /** Where the text was read (gov.cn where it survives, else a faithful mirror). */
  url: string;
}

/** One holiday of a year's plan. */
export interface HolidayPlanEntry {
  /** Name as the notice gives it (combined breaks keep the combined name, e.g. 国庆节、中秋节). */
  name: string;
  /** Days off: single dates or inclusive ranges 'YYYY-MM-DD..YYYY-MM-DD'. */
  off: readonly string[];
  /** 调休 workdays (weekend days worked), if any. */
  work?: readonly string[];
}

/** A year's plan: the notices and the holidays. */
export interface HolidayYear {
  year: number;
  notices: readonly HolidayNotice[];
  holidays: readonly HolidayPlanEntry[];
}

const GOV = 'https://www.gov.cn';
const WIKISOURCE = 'https://zh.wikisource.org/wiki/';

/** The plans, oldest first; one entry per year 2001–2026, no gaps. */
export const HOLIDAY_YEARS: readonly HolidayYear[] = [
  {
    year: 2001,
    notices: [
      {
        // Text: china.findlaw.cn/fagui/p_1/353344.html (发文字号 国办发明电〔2001〕1号, 2001-01-02).
        title: '国务院办公厅关于2001年春节、“五一”、“十一”放假安排的通知',
        document: '国办发明电〔2001〕1号',
        issued: '2001-01-02',
        url: `${WIKISOURCE}国务院办公厅关于2001年春节、“五一”、“十一”放假安排的通知`,
      },
    ],
    holidays: [
      // Not in the notice (issued after it): 1 day by the 1999 放假办法, 2001-01-01 was a Monday.
      { name: '元旦', off: ['2001-01-01'] },
      { name: '春节', off: ['2001-01-24..2001-01-30'], work: ['2001-01-20', '2001-01-21'] },
      { name: '劳动节', off: ['2001-05-01..2001-05-07'], work: ['2001-04-28', '2001-04-29'] },
      { name: '国庆节', off: ['2001-10-01..2001-10-07'], work: ['2001-09-29', '2001-09-30'] },
    ],
  },
  {
    year: 2002,
    notices: [
      {
        // Shenzhen's 2002-04-05 follow-up notice cites it as 国办发明电[2002]45号; not confirmed elsewhere.
        title: '国务院办公厅关于2002年部分节假日休息安排的通知',
        document: null,
        issued: null,
        url: `${WIKISOURCE}国务院办公厅关于2002年部分节假日休息安排的通知`,
      },
    ],
    holidays: [
      { name: '元旦', off: ['2002-01-01..2002-01-03'], work: ['2001-12-29', '2001-12-30'] },
      { name: '春节', off: ['2002-02-12..2002-02-18'], work: ['2002-02-09', '2002-02-10'] },
      { name: '劳动节', off: ['2002-05-01..2002-05-07'], work: ['2002-04-27', '2002-04-28'] },
      { name: '国庆节', off: ['2002-10-01..2002-10-07'], work: ['2002-09-28', '2002-09-29'] },
    ],
  },
  {
    year: 2003,
    notices: [
      {
        title: '国务院办公厅关于2003年部分节假日休息安排的通知',
        document: null,
        issued: null,
        url: `${WIKISOURCE}国务院办公厅关于2003年部分节假日休息安排的通知`,
      },
      {
        // SARS (非典): "今年“五一”按法定假日休假，暂不实行长假制度" — 5/1–3 statutory, the 5/3 Saturday rest
        // moved to 5/5, 5/4 a normal Sunday. The original 5/1–7 break and its 4/26–27 workdays lapsed.
        title: '国务院办公厅关于2003年“五一”放假调休安排的通知',
        document: null,
        issued: '2003-04-21',
        url: 'http://www.tctz.com/cn/news/tiancheng/50.html',
      },
    ],
    holidays: [
      { name: '元旦', off: ['2003-01-01'] },
      { name: '春节', off: ['2003-02-01..2003-02-07'], work: ['2003-02-08', '2003-02-09'] },
      { name: '劳动节', off: ['2003-05-01..2003-05-05'] },
      { name: '国庆节', off: ['2003-10-01..2003-10-07'], work: ['2003-09-27', '2003-09-28'] },
    ],
  },
  {
    year: 2004,
    notices: [
      {
        title: '国务院办公厅关于2004年部分节假日安排的通知',
        document: null,
        issued: null,
        url: `${WIKISOURCE}国务院办公厅关于2004年部分节假日安排的通知`,
      },
    ],
    holidays: [
      { name: '元旦', off: ['2004-01-01'] },
      { name: '春节', off: ['2004-01-22..2004-01-28'], work: ['2004-01-17', '2004-01-18'] },
      { name: '劳动节', off: ['2004-05-01..2004-05-07'], work: ['2004-05-08', '2004-05-09'] },
      { name: '国庆节', off: ['2004-10-01..2004-10-07'], work: ['2004-10-09', '2004-10-10'] },
    ],
  },
  {
    year: 2005,
    notices: [
      {
        title: '国务院办公厅关于2005年部分节假日安排的通知',
        document: null,
        issued: null,
        url: `${WIKISOURCE}国务院办公厅关于2005年部分节假日安排的通知`,
      },
    ],
    holidays: [
      { name: '元旦', off: ['2005-01-01..2005-01-03'] },
      { name: '春节', off: ['2005-02-09..2005-02-15'], work: ['2005-02-05', '2005-02-06'] },
      { name: '劳动节', off: ['2005-05-01..2005-05-07'], work: ['2005-04-30', '2005-05-08'] },
      { name: '国庆节', off: ['2005-10-01..2005-10-07'], work: ['2005-10-08', '2005-10-09'] },
    ],
  },
  {
    year: 2006,
    notices: [
      {
        title: '国务院办公厅关于2006年部分节假日安排的通知',
        document: '国办发明电〔2005〕35号',
        issued: '2005-12-16',
        url: `${GOV}/jrzg/2005-12/22/content_133837.htm`,
      },
    ],
    holidays: [
      { name: '元旦', off: ['2006-01-01..2006-01-03'], work: ['2005-12-31'] },
      { name: '春节', off: ['2006-01-29..2006-02-04'], work: ['2006-01-28', '2006-02-05'] },
      { name: '劳动节', off: ['2006-05-01..2006-05-07'], work: ['2006-04-29', '2006-04-30'] },
      { name: '国庆节', off: ['2006-10-01..2006-10-07'], work: ['2006-09-30', '2006-10-08'] },
    ],
  },
  {
    year: 2007,
    notices: [
      {
        title: '国务院办公厅关于2007年部分节假日安排的通知',
        document: '国办发明电〔2006〕49号',
        issued: '2006-12-14',
        url: `${GOV}/gongbao/content/2007/content_503397.htm`,
      },
    ],
    holidays: [
      { name: '元旦', off: ['2007-01-01..2007-01-03'], work: ['2006-12-30', '2006-12-31'] },
      { name: '春节', off: ['2007-02-18..2007-02-24'], work: ['2007-02-17', '2007-02-25'] },
      { name: '劳动节', off: ['2007-05-01..2007-05-07'], work: ['2007-04-28', '2007-04-29'] },
      { name: '国庆节', off: ['2007-10-01..2007-10-07'], work: ['2007-09-29', '2007-09-30'] },
    ],
  },
  {
    year: 2008,
    notices: [
      {
        title: '国务院办公厅关于2008年部分节假日安排的通知',
        document: null,
        issued: null,
        url: `${GOV}/zwgk/2007-12/18/content_837184.htm`,
      },
    ],
    holidays: [
      { name: '元旦', off: ['2007-12-30..2008-01-01'], work: ['2007-12-29'] },
      { name: '春节', off: ['2008-02-06..2008-02-12'], work: ['2008-02-02', '2008-02-03'] },
      { name: '清明节', off: ['2008-04-04..2008-04-06'] },
      { name: '劳动节', off: ['2008-05-01..2008-05-03'], work: ['2008-05-04'] },
      { name: '端午节', off: ['2008-06-07..2008-06-09'] },
      { name: '中秋节', off: ['2008-09-13..2008-09-15'] },
      { name: '国庆节', off: ['2008-09-29..2008-10-05'], work: ['2008-09-27', '2008-09-28'] },
    ],
  },
  {
    year: 2009,
    notices: [
      {
        title: '国务院办公厅关于2009年部分节假日安排的通知',
        document: null,
        issued: null,
        url: `${GOV}/zwgk/2008-12/10/content_1174014.htm`,
      },
    ],
    holidays: [
      { name: '元旦', off: ['2009-01-01..2009-01-03'], work: ['2009-01-04'] },
      { name: '春节', off: ['2009-01-25..2009-01-31'], work: ['2009-01-24', '2009-02-01'] },
      { name: '清明节', off: ['2009-04-04..2009-04-06'] },
      { name: '劳动节', off: ['2009-05-01..2009-05-03'] },
      { name: '端午节', off: ['2009-05-28..2009-05-30'], work: ['2009-05-31'] },
      { name: '国庆节、中秋节', off: ['2009-10-01..2009-10-08'], work: ['2009-09-27', '2009-10-10'] },
    ],
  },
  {
    year: 2010,
    notices: [
      {
        title: '国务院办公厅关于2010年部分节假日安排的通知',
        document: '国办发明电〔2009〕27号',
        issued: '2009-12-07',
        url: `${GOV}/zwgk/2009-12/08/content_1482691.htm`,
      },
    ],
    holidays: [
      { name: '元旦', off: ['2010-01-01..2010-01-03'] },
      { name: '春节', off: ['2010-02-13..2010-02-19'], work: ['2010-02-20', '2010-02-21'] },
      { name: '清明节', off: ['2010-04-03..2010-04-05'] },
      { name: '劳动节', off: ['2010-05-01..2010-05-03'] },
      { name: '端午节', off: ['2010-06-14..2010-06-16'], work: ['2010-06-12', '2010-06-13'] },
      { name: '中秋节', off: ['2010-09-22..2010-09-24'], work: ['2010-09-19', '2010-09-25'] },
      { name: '国庆节', off: ['2010-10-01..2010-10-07'], work: ['2010-09-26', '2010-10-09'] },
    ],
  },
  {
    year: 2011,
    notices: [
      {
        title: '国务院办公厅关于2011年部分节假日安排的通知',
        document: '国办发明电〔2010〕40号',
        issued: '2010-12-09',
        url: `${GOV}/zwgk/2010-12/10/content_1762643.htm`,
      },
    ],
    holidays: [
      { name: '元旦', off: ['2011-01-01..2011-01-03'] },
      { name: '春节', off: ['2011-02-02..2011-02-08'], work: ['2011-01-30', '2011-02-12'] },
      { name: '清明节', off: ['2011-04-03..2011-04-05'], work: ['2011-04-02'] },
      { name: '劳动节', off: ['2011-04-30..2011-05-02'] },
      { name: '端午节', off: ['2011-06-04..2011-06-06'] },
      { name: '中秋节', off: ['2011-09-10..2011-09-12'] },
      { name: '国庆节', off: ['2011-10-01..2011-10-07'], work: ['2011-10-08', '2011-10-09'] },
    ],
  },
  {
    year: 2012,
    notices: [
      {
        title: '国务院办公厅关于2012年部分节假日安排的通知',
        document: null,
        issued: null,
        url: `${GOV}/zwgk/2011-12/06/content_2012097.htm`,
      },
    ],
    holidays: [
      { name: '元旦', off: ['2012-01-01..2012-01-03'], work: ['2011-12-31'] },
      { name: '春节', off: ['2012-01-22..2012-01-28'], work: ['2012-01-21', '2012-01-29'] },
      { name: '清明节', off: ['2012-04-02..2012-04-04'], work: ['2012-03-31', '2012-04-01'] },
      { name: '劳动节', off: ['2012-04-29..2012-05-01'], work: ['2012-04-28'] },
      { name: '端午节', off: ['2012-06-22..2012-06-24'] },
      { name: '中秋节、国庆节', off: ['2012-09-30..2012-10-07'], work: ['2012-09-29'] },
    ],
  },
  {
    year: 2013,
    notices: [
      {
        title: '国务院办公厅关于2013年部分节假日安排的通知',
        document: '国办发明电〔2012〕33号',
        issued: '2012-12-08',
        url: `${GOV}/zwgk/2012-12/10/content_2286598.htm`,
      },
    ],
    holidays: [
      { name: '元旦', off: ['2013-01-01..2013-01-03'], work: ['2013-01-05', '2013-01-06'] },
      { name: '春节', off: ['2013-02-09..2013-02-15'], work: ['2013-02-16', '2013-02-17'] },
      { name: '清明节', off: ['2013-04-04..2013-04-06'], work: ['2013-04-07'] },
      { name: '劳动节', off: ['2013-04-29..2013-05-01'], work: ['2013-04-27', '2013-04-28'] },
      { name: '端午节', off: ['2013-06-10..2013-06-12'], work: ['2013-06-08', '2013-06-09'] },
      { name: '中秋节', off: ['2013-09-19..2013-09-21'], work: ['2013-09-22'] },
      { name: '国庆节', off: ['2013-10-01..2013-10-07'], work: ['2013-09-29', '2013-10-12'] },
    ],
  },
  {
    year: 2014,
    notices: [
      {
        title: '国务院办公厅关于2014年部分节假日安排的通知',
        document: '国办发明电〔2013〕28号',
        issued: '2013-12-11',
        url: `${GOV}/zwgk/2013-12/11/content_2546204.htm`,
      },
    ],
    holidays: [
      { name: '元旦', off: ['2014-01-01'] },
      { name: '春节', off: ['2014-01-31..2014-02-06'], work: ['2014-01-26', '2014-02-08'] },
      // "4月5日放假，4月7日（星期一）补休" — the break is Sat 4/5 to Mon 4/7.
      { name: '清明节', off: ['2014-04-05..2014-04-07'] },
      { name: '劳动节', off: ['2014-05-01..2014-05-03'], work: ['2014-05-04'] },
      { name: '端午节', off: ['2014-05-31..2014-06-02'] },
      { name: '中秋节', off: ['2014-09-06..2014-09-08'] },
      { name: '国庆节', off: ['2014-10-01..2014-10-07'], work: ['2014-09-28', '2014-10-11'] },
    ],
  },
  {
    year: 2015,
    notices: [
      {
        title: '国务院办公厅关于2015年部分节假日安排的通知',
        document: '国办发明电〔2014〕28号',
        issued: '2014-12-16',
        url: `${GOV}/zhengce/content/2014-12/16/content_9302.htm`,
      },
      {
        // Issued by the State Council itself: "2015年9月3日全国放假1天", 9/4 调休, 9/6 (Sunday) worked.
        title: '国务院关于中国人民抗日战争暨世界反法西斯战争胜利70周年纪念日调休放假的通知',
        document: null,
        issued: '2015-05-13',
        url: `${GOV}/zhengce/content/2015-05/13/content_9742.htm`,
      },
    ],
    holidays: [
      { name: '元旦', off: ['2015-01-01..2015-01-03'], work: ['2015-01-04'] },
      { name: '春节', off: ['2015-02-18..2015-02-24'], work: ['2015-02-15', '2015-02-28'] },
      { name: '清明节', off: ['2015-04-04..2015-04-06'] },
      { name: '劳动节', off: ['2015-05-01..2015-05-03'] },
      { name: '端午节', off: ['2015-06-20..2015-06-22'] },
      { name: '抗战胜利纪念日', off: ['2015-09-03..2015-09-05'], work: ['2015-09-06'] },
      { name: '中秋节', off: ['2015-09-26..2015-09-27'] },
      { name: '国庆节', off: ['2015-10-01..2015-10-07'], work: ['2015-10-10'] },
    ],
  },
  {
    year: 2016,
    notices: [
      {
        title: '国务院办公厅关于2016年部分节假日安排的通知',
        document: '国办发明电〔2015〕18号',
        issued: '2015-12-10',
        url: `${GOV}/zhengce/content/2015-12/10/content_10394.htm`,
      },
    ],
    holidays: [
      { name: '元旦', off: ['2016-01-01..2016-01-03'] },
      { name: '春节', off: ['2016-02-07..2016-02-13'], work: ['2016-02-06', '2016-02-14'] },
      { name: '清明节', off: ['2016-04-02..2016-04-04'] },
      { name: '劳动节', off: ['2016-04-30..2016-05-02'] },
      { name: '端午节', off: ['2016-06-09..2016-06-11'], work: ['2016-06-12'] },
      { name: '中秋节', off: ['2016-09-15..2016-09-17'], work: ['2016-09-18'] },
      { name: '国庆节', off: ['2016-10-01..2016-10-07'], work: ['2016-10-08', '2016-10-09'] },
    ],
  },
  {
    year: 2017,
    notices: [
      {
        title: '国务院办公厅关于2017年部分节假日安排的通知',
        document: null,
        issued: '2016-12-01',
        url: `${GOV}/zhengce/content/2016-12/01/content_5141603.htm`,
      },
    ],
    holidays: [
      { name: '元旦', off: ['2016-12-31..2017-01-02'] },
      { name: '春节', off: ['2017-01-27..2017-02-02'], work: ['2017-01-22', '2017-02-04'] },
      { name: '清明节', off: ['2017-04-02..2017-04-04'], work: ['2017-04-01'] },
      { name: '劳动节', off: ['2017-04-29..2017-05-01'] },
      { name: '端午节', off: ['2017-05-28..2017-05-30'], work: ['2017-05-27'] },
      { name: '中秋节、国庆节', off: ['2017-10-01..2017-10-08'], work: ['2017-09-30'] },
    ],
  },
  {
    year: 2018,
    notices: [
      {
        title: '国务院办公厅关于2018年部分节假日安排的通知',
        document: null,
        issued: '2017-11-30',
        url: `${GOV}/zhengce/content/2017-11/30/content_5243579.htm`,
      },
    ],
    holidays: [
      { name: '元旦', off: ['2017-12-30..2018-01-01'] },
      { name: '春节', off: ['2018-02-15..2018-02-21'], work: ['2018-02-11', '2018-02-24'] },
      { name: '清明节', off: ['2018-04-05..2018-04-07'], work: ['2018-04-08'] },
      { name: '劳动节', off: ['2018-04-29..2018-05-01'], work: ['2018-04-28'] },
      { name: '端午节', off: ['2018-06-16..2018-06-18'] },
      { name: '中秋节', off: ['2018-09-22..2018-09-24'] },
      { name: '国庆节', off: ['2018-10-01..2018-10-07'], work: ['2018-09-29', '2018-09-30'] },
    ],
  },
  {
    year: 2019,
    notices: [
      {
        title: '国务院办公厅关于2019年部分节假日安排的通知',
        document: null,
        issued: '2018-12-06',
        url: `${GOV}/xinwen/2018-12/06/content_5346287.htm`,
      },
      {
        // Replaced the original one-day 劳动节 (5/1 only, a Wednesday) by 5/1–4 with 4/28 and 5/5 worked.
        title: '国务院办公厅关于调整2019年劳动节假期安排的通知',
        document: '国办发明电〔2019〕3号',
        issued: '2019-03-22',
        url: `${GOV}/zhengce/content/2019-03/22/content_5375877.htm`,
      },
    ],
    holidays: [
      { name: '元旦', off: ['2018-12-30..2019-01-01'], work: ['2018-12-29'] },
      { name: '春节', off: ['2019-02-04..2019-02-10'], work: ['2019-02-02', '2019-02-03'] },
      { name: '清明节', off: ['2019-04-05..2019-04-07'] },
      { name: '劳动节', off: ['2019-05-01..2019-05-04'], work: ['2019-04-28', '2019-05-05'] },
      { name: '端午节', off: ['2019-06-07..2019-06-09'] },
      { name: '中秋节', off: ['2019-09-13..2019-09-15'] },
      { name: '国庆节', off: ['2019-10-01..2019-10-07'], work: ['2019-09-29', '2019-10-12'] },
    ],
  },
  {
    year: 2020,
    notices: [
      {
        title: '国务院办公厅关于2020年部分节假日安排的通知',
        document: '国办发明电〔2019〕16号',
        issued: '2019-11-21',
        url: `${GOV}/zhengce/content/2019-11/21/content_5454164.htm`,
      },
      {
        // COVID-19: 春节 extended to 2/2 (正月初九); the 2/1 (Saturday) make-up workday lapsed.
        title: '国务院办公厅关于延长2020年春节假期的通知',
        document: '国办发明电〔2020〕1号',
        issued: '2020-01-26',
        url: `${GOV}/zhengce/content/2020-01/27/content_5472352.htm`,
      },
    ],
    holidays: [
      { name: '元旦', off: ['2020-01-01'] },
      { name: '春节', off: ['2020-01-24..2020-02-02'], work: ['2020-01-19'] },
      { name: '清明节', off: ['2020-04-04..2020-04-06'] },
      { name: '劳动节', off: ['2020-05-01..2020-05-05'], work: ['2020-04-26', '2020-05-09'] },
      { name: '端午节', off: ['2020-06-25..2020-06-27'], work: ['2020-06-28'] },
      { name: '国庆节、中秋节', off: ['2020-10-01..2020-10-08'], work: ['2020-09-27', '2020-10-10'] },
    ],
  },
  {
    year: 2021,
    notices: [
      {
        title: '国务院办公厅关于2021年部分节假日安排的通知',
        document: null,
        issued: '2020-11-25',
        url: `${GOV}/zhengce/content/2020-11/25/content_5564127.htm`,
      },
    ],
    holidays: [
      { name: '元旦', off: ['2021-01-01..2021-01-03'] },
      { name: '春节', off: ['2021-02-11..2021-02-17'], work: ['2021-02-07', '2021-02-20'] },
      { name: '清明节', off: ['2021-04-03..2021-04-05'] },
      { name: '劳动节', off: ['2021-05-01..2021-05-05'], work: ['2021-04-25', '2021-05-08'] },
      { name: '端午节', off: ['2021-06-12..2021-06-14'] },
      { name: '中秋节', off: ['2021-09-19..2021-09-21'], work: ['2021-09-18'] },
      { name: '国庆节', off: ['2021-10-01..2021-10-07'], work: ['2021-09-26', '2021-10-09'] },
    ],
  },
  {
    year: 2022,
    notices: [
      {
        title: '国务院办公厅关于2022年部分节假日安排的通知',
        document: null,
        issued: '2021-10-25',
        url: `${GOV}/zhengce/content/2021-10/25/content_5644835.htm`,
      },
    ],
    holidays: [
      { name: '元旦', off: ['2022-01-01..2022-01-03'] },
      { name: '春节', off: ['2022-01-31..2022-02-06'], work: ['2022-01-29', '2022-01-30'] },
      { name: '清明节', off: ['2022-04-03..2022-04-05'], work: ['2022-04-02'] },
      { name: '劳动节', off: ['2022-04-30..2022-05-04'], work: ['2022-04-24', '2022-05-07'] },
      { name: '端午节', off: ['2022-06-03..2022-06-05'] },
      { name: '中秋节', off: ['2022-09-10..2022-09-12'] },
      { name: '国庆节', off: ['2022-10-01..2022-10-07'], work: ['2022-10-08', '2022-10-09'] },
    ],
  },
  {
    year: 2023,
    notices: [
      {
        title: '国务院办公厅关于2023年部分节假日安排的通知',
        document: null,
        issued: '2022-12-08',
        url: `${GOV}/zhengce/content/2022-12/08/content_5730844.htm`,
      },
    ],
    holidays: [
      { name: '元旦', off: ['2022-12-31..2023-01-02'] },
      { name: '春节', off: ['2023-01-21..2023-01-27'], work: ['2023-01-28', '2023-01-29'] },
      { name: '清明节', off: ['2023-04-05'] },
      { name: '劳动节', off: ['2023-04-29..2023-05-03'], work: ['2023-04-23', '2023-05-06'] },
      { name: '端午节', off: ['2023-06-22..2023-06-24'], work: ['2023-06-25'] },
      { name: '中秋节、国庆节', off: ['2023-09-29..2023-10-06'], work: ['2023-10-07', '2023-10-08'] },
    ],
  },
  {
    year: 2024,
    notices: [
      {
        title: '国务院办公厅关于2024年部分节假日安排的通知',
        document: '国办发明电〔2023〕7号',
        issued: '2023-10-25',
        url: `${GOV}/zhengce/content/202310/content_6911527.htm`,
      },
    ],
    holidays: [
      { name: '元旦', off: ['2023-12-30..2024-01-01'] },
      // 除夕 (2/9) is not in the break; the notice only "鼓励" employers to let staff rest that day.
      { name: '春节', off: ['2024-02-10..2024-02-17'], work: ['2024-02-04', '2024-02-18'] },
      { name: '清明节', off: ['2024-04-04..2024-04-06'], work: ['2024-04-07'] },
      { name: '劳动节', off: ['2024-05-01..2024-05-05'], work: ['2024-04-28', '2024-05-11'] },
      { name: '端午节', off: ['2024-06-08..2024-06-10'] },
      { name: '中秋节', off: ['2024-09-15..2024-09-17'], work: ['2024-09-14'] },
      { name: '国庆节', off: ['2024-10-01..2024-10-07'], work: ['2024-09-29', '2024-10-12'] },
    ],
  },
  {
    year: 2025,
    notices: [
      {
        title: '国务院办公厅关于2025年部分节假日安排的通知',
        document: '国办发明电〔2024〕12号',
        issued: '2024-11-12',
        url: `${GOV}/zhengce/content/202411/content_6986382.htm`,
      },
    ],
    holidays: [
      { name: '元旦', off: ['2025-01-01'] },
      { name: '春节', off: ['2025-01-28..2025-02-04'], work: ['2025-01-26', '2025-02-08'] },
      { name: '清明节', off: ['2025-04-04..2025-04-06'] },
      { name: '劳动节', off: ['2025-05-01..2025-05-05'], work: ['2025-04-27'] },
      { name: '端午节', off: ['2025-05-31..2025-06-02'] },
      { name: '国庆节、中秋节', off: ['2025-10-01..2025-10-08'], work: ['2025-09-28', '2025-10-11'] },
    ],
  },
  {
    year: 2026,
    notices: [
      {
        // Text: 新华社 2025-11-04 (politics.gmw.cn/2025-11/04/content_38391083.htm).
        title: '国务院办公厅关于2026年部分节假日安排的通知',
        document: null,
        issued: '2025-11-04',
        url: `${GOV}/zhengce/content/202511/content_7047090.htm`,
      },
    ],
    holidays: [
      { name: '元旦', off: ['2026-01-01..2026-01-03'], work: ['2026-01-04'] },
      { name: '春节', off: ['2026-02-15..2026-02-23'], work: ['2026-02-14', '2026-02-28'] },
      { name: '清明节', off: ['2026-04-04..2026-04-06'] },
      { name: '劳动节', off: ['2026-05-01..2026-05-05'], work: ['2026-05-09'] },
      { name: '端午节', off: ['2026-06-19..2026-06-21'] },
      { name: '中秋节', off: ['2026-09-25..2026-09-27'] },
      { name: '国庆节', off: ['2026-10-01..2026-10-07'], work: ['2026-09-20', '2026-10-10'] },
    ],
  },
];
