/**
 * 看懂老黄历 (王老师, free): a page of the almanac item by item — the example page is the 丁未 year's
 * 春节 as the engine (and so the app's 老黄历 page) computes it.
 */
import { DAY_OFFICERS } from '@xuanli/almanac/almanac/dayOfficer';
import type { LessonText } from '../lessons.ts';
import { dayOf, monthDay } from './facts.ts';

const DATE = '2027-02-06';
const PAGE = dayOf(DATE);
const GOOD_HOURS = PAGE.hours.filter((hour) => hour.luck === '吉');
const hourName = (hour: (typeof PAGE.hours)[number]) => `${hour.branch}时`;
const hourRange = (hour: (typeof PAGE.hours)[number]) => `${Number(hour.range.slice(0, 2))}点`;

/** The lectures, in lesson order. */
export const HUANGLI_YONGFA: readonly LessonText[] = [
  {
    title: '一页黄历上都有什么',
    mark: '历',
    intro: `翻开一页老黄历，密密麻麻全是字。这门课以二〇二七年${monthDay(DATE)}春节这一页为例，从上往下逐项讲。`,
    points: [
      {
        text: '日期：公历、农历、干支',
        say: `最上面是日期：公历${monthDay(DATE)}，农历${PAGE.lunar.monthName}${PAGE.lunar.dayName}，干支是${PAGE.ganzhi.year}年、${PAGE.ganzhi.month}月、${PAGE.ganzhi.day}日，生肖属${PAGE.zodiac}。`,
      },
      {
        text: '宜与忌：这天适合做什么',
        say: '最醒目的是宜和忌两栏，列出这一天适合和不适合做的事，比如嫁娶、出行、动土、入宅。这是大多数人翻黄历最想看的内容。',
      },
      {
        text: '冲煞、值神、建除',
        say: `中间是冲煞、值神和建除：这一天${PAGE.chong.desc}，${PAGE.sha}，值神是${PAGE.dayGod.name}，属${PAGE.dayGod.type}，建除值${PAGE.officer}日。`,
      },
      {
        text: '吉时、胎神、方位',
        say: `下面还有每个时辰的吉凶，胎神的位置，以及喜神、财神的方位。比如这一天财神在${PAGE.directions.cai}，胎神占${PAGE.fetusGod}。`,
      },
    ],
    outro: '一页黄历大致分四块：日期、宜忌、冲煞值神、时辰方位，后面几讲逐一细说。',
  },
  {
    title: '宜与忌：常见词语解释',
    mark: '宜',
    intro: '黄历上的宜忌用的是古代的说法，很多词今天不常用了，这一讲解释最常见的几个。',
    points: [
      {
        text: '嫁娶、纳采、订盟',
        say: '嫁娶就是结婚；纳采是男方向女方提亲、送聘礼；订盟是订婚。办喜事前后的几个环节，各有各的词。',
      },
      {
        text: '入宅、移徙、安床',
        say: '入宅是搬进新房；移徙是搬家、迁移；安床是安放新床。搬家一般要同时看入宅和移徙。',
      },
      {
        text: '动土、修造、开市',
        say: '动土是开始挖地基、破土施工；修造是修建和装修房屋；开市是商店开张或新年第一天营业，也叫开业。',
      },
      {
        text: `例：这天宜${PAGE.yi.slice(0, 3).join('、')}，忌${PAGE.ji.slice(0, 2).join('、')}`,
        short: '读一读例子',
        say: `春节这一天，宜${PAGE.yi.slice(0, 6).join('、')}等，忌${PAGE.ji.join('、')}。可见同一天，有的事适合，有的事不适合。`,
      },
    ],
    outro: '看宜忌先读懂词，再对照自己要办的事，不必每一项都在意。',
  },
  {
    title: '冲煞与生肖',
    mark: '冲',
    intro: '黄历上常写冲某某、煞某方，这一讲讲它们是怎么来的、和自己有什么关系。',
    points: [
      {
        text: '冲：日支冲哪个生肖',
        say: '每天的地支，会和相隔六位的地支相冲：子午冲、丑未冲、寅申冲、卯酉冲、辰戌冲、巳亥冲。日支冲哪个地支，就写冲哪个生肖。',
      },
      {
        text: `例：${PAGE.ganzhi.day}日${PAGE.chong.desc}`,
        short: '例：辰日冲狗',
        say: `春节这天是${PAGE.ganzhi.day}日，辰和戌相冲，所以黄历写${PAGE.chong.desc}。属狗的朋友，这一天办大事就要避开。`,
      },
      {
        text: '煞：申子辰煞南',
        say: '煞说的是方位：申子辰日煞南，亥卯未日煞西，寅午戌日煞北，巳酉丑日煞东。这天辰日，所以写煞南，意思是不宜向南方动土、出行。',
      },
      {
        text: '冲与自己：只在意大事',
        say: '每天都会冲一个生肖，一年里十二分之一的日子冲自己。平常生活不必在意，只有结婚、搬家、开业这样的大事，才避开冲自己的日子。',
      },
    ],
    outro: '记住六冲，冲煞一看就懂，大事避开冲自己的日子即可。',
  },
  {
    title: '建除十二值星',
    mark: '建',
    intro: '黄历上每天都写着建、除、满、平这样的字，这是建除十二值星。',
    points: [
      {
        text: `十二值星：${DAY_OFFICERS.join('')}`,
        short: '十二值星',
        say: '十二值星依次是建、除、满、平、定、执、破、危、成、收、开、闭，每天值一星，十二天一个循环。',
      },
      {
        text: '月建之日为建',
        say: '寅月里逢寅日就是建日，卯日是除日，依次往后排。每到交节换月的那一天，会重复前一天的值星，这样下一个月的建日就正好落在月建上。',
      },
      {
        text: '口诀：建满平收黑，除危定执黄',
        short: '值星的吉凶',
        say: '口诀是：建满平收黑，除危定执黄，成开皆可用，闭破不相当。除、危、定、执、成、开多用于办事，破日和月建相冲，大事多忌。其中成日和开日最受欢迎，开业、嫁娶常常选在这两种日子。',
      },
      {
        text: `例：春节这天值${PAGE.officer}`,
        short: '例：满日',
        say: `春节这天值${PAGE.officer}日。值星只是黄历里的一层，最后还要和宜忌、神煞一起看，不能单凭一个字定吉凶。`,
      },
    ],
    outro: '先会查值星，知道破日要避开，就掌握了最常用的部分。',
  },
  {
    title: '黄道吉时',
    mark: '时',
    intro: '日子挑好了，还可以再挑时辰。黄历上标着每个时辰的吉凶，这就是黄道吉时。',
    points: [
      {
        text: '十二神轮值，六黄道六黑道',
        short: '十二神轮值',
        say: '和日子一样，每个时辰也有一位值神：青龙、明堂、金匮、天德、玉堂、司命是黄道，为吉；天刑、朱雀、白虎、天牢、玄武、勾陈是黑道，为凶。',
      },
      {
        text: '口诀：子午临申地',
        say: '青龙从哪个时辰开始，由日支决定，口诀是：寅申需加子，卯酉却在寅，辰戌龙位上，巳亥午中寻，子午临申地，丑未戌上行。',
      },
      {
        text: `例：辰日吉时有${GOOD_HOURS.slice(0, 3).map(hourName).join('、')}`,
        short: '例：辰日的吉时',
        say: `春节这天是辰日，青龙在辰时。这一天的吉时有${GOOD_HOURS.map(hourName).join('、')}，比如辰时是早上${hourRange(GOOD_HOURS.find((h) => h.branch === '辰')!)}到九点。`,
      },
      {
        text: '吉时是锦上添花',
        say: '吉时是在好日子的基础上再锦上添花。日子不好，时辰再好也补不回来；实在赶不上吉时，也不必勉强。',
      },
    ],
    outro: '先选日，再选时，时辰从黄道里挑，最方便也最常用。',
  },
  {
    title: '用玄历查一天的宜忌',
    mark: '查',
    intro: '最后一讲，讲讲怎么用玄历的老黄历页面，查任何一天的宜忌。',
    points: [
      {
        text: '日历页：点日期，进老黄历',
        short: '从日历进入',
        say: '在日历页点选要查的日子，再进入老黄历页面，就能看到这一天的宜忌、冲煞、值神、建除和每个时辰的吉凶。',
      },
      {
        text: '点宜忌里的词，看解释',
        say: '宜忌里的词看不懂，点一下就能看到解释，比如纳采、安床是什么意思，不用再去翻书。',
      },
      {
        text: '前后翻页，对比几天',
        say: '挑日子时，可以在老黄历页面前后翻几天，把几个候选日子的宜忌、冲煞放在一起比较，再结合自己的生肖做决定。',
      },
      {
        text: '离线可用，随时查看',
        say: '老黄历是在手机上直接计算的，打开过一次，没有网络也能查。年节前后、出门在外，都能随时翻一翻。',
      },
    ],
    outro: '学完这门课，每一栏你都能读懂。想学怎么挑日子，可以继续学习择日实务。',
  },
];
