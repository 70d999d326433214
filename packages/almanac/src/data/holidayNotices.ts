import type { HolidayNotice } from './holidays.ts';

/**
 * The State Council notices each year's plan in holidays.ts was compiled from, kept apart from the
 * dates so that a calendar page, which needs only the dates, does not ship the citations.
 */

const GOV = 'https://www.gov.cn';
const WIKISOURCE = 'https://zh.wikisource.org/wiki/';

/** Notices by year, 2001–2026; a later notice that changed a year's plan follows the first. */
export const HOLIDAY_NOTICES: Readonly<Record<number, readonly HolidayNotice[]>> = {
  2001: [
    {
      // Text: china.findlaw.cn/fagui/p_1/353344.html (发文字号 国办发明电〔2001〕1号, 2001-01-02).
      title: '国务院办公厅关于2001年春节、“五一”、“十一”放假安排的通知',
      document: '国办发明电〔2001〕1号',
      issued: '2001-01-02',
      url: `${WIKISOURCE}国务院办公厅关于2001年春节、“五一”、“十一”放假安排的通知`,
    },
  ],
  2002: [
    {
      // Shenzhen's 2002-04-05 follow-up notice cites it as 国办发明电[2002]45号; not confirmed elsewhere.
      title: '国务院办公厅关于2002年部分节假日休息安排的通知',
      document: null,
      issued: null,
      url: `${WIKISOURCE}国务院办公厅关于2002年部分节假日休息安排的通知`,
    },
  ],
  2003: [
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
  2004: [
    {
      title: '国务院办公厅关于2004年部分节假日安排的通知',
      document: null,
      issued: null,
      url: `${WIKISOURCE}国务院办公厅关于2004年部分节假日安排的通知`,
    },
  ],
  2005: [
    {
      title: '国务院办公厅关于2005年部分节假日安排的通知',
      document: null,
      issued: null,
      url: `${WIKISOURCE}国务院办公厅关于2005年部分节假日安排的通知`,
    },
  ],
  2006: [
    {
      title: '国务院办公厅关于2006年部分节假日安排的通知',
      document: '国办发明电〔2005〕35号',
      issued: '2005-12-16',
      url: `${GOV}/jrzg/2005-12/22/content_133837.htm`,
    },
  ],
  2007: [
    {
      title: '国务院办公厅关于2007年部分节假日安排的通知',
      document: '国办发明电〔2006〕49号',
      issued: '2006-12-14',
      url: `${GOV}/gongbao/content/2007/content_503397.htm`,
    },
  ],
  2008: [
    {
      title: '国务院办公厅关于2008年部分节假日安排的通知',
      document: null,
      issued: null,
      url: `${GOV}/zwgk/2007-12/18/content_837184.htm`,
    },
  ],
  2009: [
    {
      title: '国务院办公厅关于2009年部分节假日安排的通知',
      document: null,
      issued: null,
      url: `${GOV}/zwgk/2008-12/10/content_1174014.htm`,
    },
  ],
  2010: [
    {
      title: '国务院办公厅关于2010年部分节假日安排的通知',
      document: '国办发明电〔2009〕27号',
      issued: '2009-12-07',
      url: `${GOV}/zwgk/2009-12/08/content_1482691.htm`,
    },
  ],
  2011: [
    {
      title: '国务院办公厅关于2011年部分节假日安排的通知',
      document: '国办发明电〔2010〕40号',
      issued: '2010-12-09',
      url: `${GOV}/zwgk/2010-12/10/content_1762643.htm`,
    },
  ],
  2012: [
    {
      title: '国务院办公厅关于2012年部分节假日安排的通知',
      document: null,
      issued: null,
      url: `${GOV}/zwgk/2011-12/06/content_2012097.htm`,
    },
  ],
  2013: [
    {
      title: '国务院办公厅关于2013年部分节假日安排的通知',
      document: '国办发明电〔2012〕33号',
      issued: '2012-12-08',
      url: `${GOV}/zwgk/2012-12/10/content_2286598.htm`,
    },
  ],
  2014: [
    {
      title: '国务院办公厅关于2014年部分节假日安排的通知',
      document: '国办发明电〔2013〕28号',
      issued: '2013-12-11',
      url: `${GOV}/zwgk/2013-12/11/content_2546204.htm`,
    },
  ],
  2015: [
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
  2016: [
    {
      title: '国务院办公厅关于2016年部分节假日安排的通知',
      document: '国办发明电〔2015〕18号',
      issued: '2015-12-10',
      url: `${GOV}/zhengce/content/2015-12/10/content_10394.htm`,
    },
  ],
  2017: [
    {
      title: '国务院办公厅关于2017年部分节假日安排的通知',
      document: null,
      issued: '2016-12-01',
      url: `${GOV}/zhengce/content/2016-12/01/content_5141603.htm`,
    },
  ],
  2018: [
    {
      title: '国务院办公厅关于2018年部分节假日安排的通知',
      document: null,
      issued: '2017-11-30',
      url: `${GOV}/zhengce/content/2017-11/30/content_5243579.htm`,
    },
  ],
  2019: [
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
  2020: [
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
  2021: [
    {
      title: '国务院办公厅关于2021年部分节假日安排的通知',
      document: null,
      issued: '2020-11-25',
      url: `${GOV}/zhengce/content/2020-11/25/content_5564127.htm`,
    },
  ],
  2022: [
    {
      title: '国务院办公厅关于2022年部分节假日安排的通知',
      document: null,
      issued: '2021-10-25',
      url: `${GOV}/zhengce/content/2021-10/25/content_5644835.htm`,
    },
  ],
  2023: [
    {
      title: '国务院办公厅关于2023年部分节假日安排的通知',
      document: null,
      issued: '2022-12-08',
      url: `${GOV}/zhengce/content/2022-12/08/content_5730844.htm`,
    },
  ],
  2024: [
    {
      title: '国务院办公厅关于2024年部分节假日安排的通知',
      document: '国办发明电〔2023〕7号',
      issued: '2023-10-25',
      url: `${GOV}/zhengce/content/202310/content_6911527.htm`,
    },
  ],
  2025: [
    {
      title: '国务院办公厅关于2025年部分节假日安排的通知',
      document: '国办发明电〔2024〕12号',
      issued: '2024-11-12',
      url: `${GOV}/zhengce/content/202411/content_6986382.htm`,
    },
  ],
  2026: [
    {
      // Text: 新华社 2025-11-04 (politics.gmw.cn/2025-11/04/content_38391083.htm).
      title: '国务院办公厅关于2026年部分节假日安排的通知',
      document: null,
      issued: '2025-11-04',
      url: `${GOV}/zhengce/content/202511/content_7047090.htm`,
    },
  ],
};
