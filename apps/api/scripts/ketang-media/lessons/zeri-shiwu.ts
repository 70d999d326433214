/**
 * 择日实务：嫁娶、搬家与开业 (张师傅): ruling out the great taboos, fitting the people concerned, the
 * three kinds of occasion, the hour, and a worked example — every date, its pillars, clash and
 * officer computed by the engine, as the app's 老黄历 shows them.
 */
import type { LessonText } from '../lessons.ts';
import { dayOf, monthDay, termText } from './facts.ts';

/** A date of the worked example and what the almanac says about it. */
function candidate(date: string) {
  const day = dayOf(date);
  return { date, md: monthDay(date), day, lunar: `${day.lunar.monthName}${day.lunar.dayName}` };
}

// The worked example: a couple born in a 午 (马) year and a 卯 (兔) year, marrying early in October 2027.
const EXAMPLE = ['2027-10-01', '2027-10-05', '2027-10-06', '2027-10-08', '2027-10-09'].map(candidate);
const [SUIPO, CHENG, CLASH_MA, BEST, CLASH_TU] = EXAMPLE as [
  ReturnType<typeof candidate>,
  ReturnType<typeof candidate>,
  ReturnType<typeof candidate>,
  ReturnType<typeof candidate>,
  ReturnType<typeof candidate>,
];
// The lecture's reasoning rests on these facts of the engine; a change must be caught, not narrated.
for (const c of EXAMPLE) if (!c.day.yi.includes('嫁娶')) throw new Error(`${c.date} no longer 宜嫁娶`);
if (
  SUIPO.day.chong.animal !== '羊' ||
  CLASH_MA.day.chong.animal !== '鼠' ||
  CLASH_TU.day.chong.animal !== '兔'
)
  throw new Error('the example dates clash with other animals now');
if (BEST.day.dayGod.type !== '黄道' || BEST.day.officer !== '开') throw new Error(`${BEST.date} changed`);

const LICHUN_EVE = candidate('2027-02-03');

/** The lectures, in lesson order. */
export const ZERI_SHIWU: readonly LessonText[] = [
  {
    title: '择日的基本思路',
    mark: '择',
    intro: '挑日子不只是翻黄历找一个宜字。这一讲先把择日的整体思路讲清楚。',
    points: [
      {
        text: '第一步：定事项',
        say: '先确定要办的是什么事：结婚、搬家还是开业。不同的事，黄历上看的宜忌不同，讲究的重点也不同。',
      },
      {
        text: '第二步：排除大忌',
        say: '在可选的日子里，先把明显不好的排除掉：月破、岁破、四离四绝这些日子，无论什么事都不用。',
      },
      {
        text: '第三步：配合当事人',
        say: '剩下的日子里，再看和当事人的生肖、八字合不合：不冲当事人的生肖，最好还能帮到他的喜用神。',
      },
      {
        text: '月份以节气为准',
        say: `择日说的月，是节气月，不是农历月。比如二〇二七年的惊蛰在${termText(2027, '惊蛰')}，从这一刻起才进入卯月，月建、月破都跟着变。`,
      },
    ],
    outro: '择日的顺序是：定事项、排大忌、配本人、选时辰，一步一步缩小范围。',
  },
  {
    title: '先看黄历：避开大忌',
    mark: '忌',
    intro: '这一讲讲第一步里最重要的几个大忌，记住它们，就能避开大多数不好的日子。',
    points: [
      {
        text: '月破：日支冲月建',
        say: '这一天的地支和当月的月建相冲，叫月破，比如寅月逢申日。月破日在黄历上就是建除的破日，诸事不宜。',
      },
      {
        text: '岁破：日支冲年支',
        say: `这一天的地支和当年的年支相冲，叫岁破。二〇二七年是丁未年，逢丑日就是岁破，比如${SUIPO.md}是${SUIPO.day.ganzhi.day}日。有的日子黄历上列着宜嫁娶，遇到岁破，也要排除。`,
      },
      {
        text: '四离四绝：分至与四立的前一天',
        short: '四离四绝',
        say: `春分、秋分、夏至、冬至的前一天叫四离，立春、立夏、立秋、立冬的前一天叫四绝。比如二〇二七年立春前一天，${LICHUN_EVE.md}，黄历上就写着余事勿取。`,
      },
      {
        text: '与当事人生肖相冲',
        short: '冲当事人',
        say: '日子再好，冲了当事人的生肖也不用。这一条放到下一讲细说。',
      },
    ],
    outro: '月破、岁破、四离四绝，是择日时首先要划掉的日子。',
  },
  {
    title: '结合当事人的生肖与八字',
    mark: '人',
    intro: '同一天对不同的人，好坏不同。这一讲讲怎么把当事人放进来。',
    points: [
      {
        text: '不冲：避开六冲的日子',
        say: '属鼠的避开午日，属牛的避开未日，属虎的避开申日，依此类推。结婚看新郎新娘两个人，搬家看户主，开业看老板。',
      },
      {
        text: '相合更好：三合与六合',
        say: '日支和当事人的年支三合或六合，是加分项。比如属马的人，逢寅日、戌日是三合，逢未日是六合，这样的日子就更合适。',
      },
      {
        text: '八字：日子帮喜用',
        say: '懂八字的话，还可以看日子的五行是不是当事人的喜用神。喜水的人，选水旺的日子；喜火的人，选火旺的日子。',
      },
      {
        text: '人多时，顾主要的人',
        say: '一件事牵涉的人多，不可能每个人都照顾到。抓住主要的人：婚礼看新人，搬家看户主，其他家人只要不冲就好。',
      },
    ],
    outro: '不冲是底线，相合是加分，喜用是更进一步的讲究。',
  },
  {
    title: '嫁娶择日',
    mark: '喜',
    intro: '婚礼是择日里最常见、也最讲究的一类。这一讲讲嫁娶择日的要点。',
    points: [
      {
        text: '黄历宜嫁娶',
        say: '先在黄历上找宜嫁娶的日子，忌嫁娶的直接排除。注意，宜嫁娶只是第一道门槛，后面还要逐项核对。',
      },
      {
        text: '不冲新郎新娘',
        say: '日支不冲新郎，也不冲新娘。两个人的生肖都要看，这一点最容易漏掉。有的地方还讲究不冲双方父母的生肖，家里重视的话，也可以一并避开。',
      },
      {
        text: '避开月破、岁破和四离四绝',
        short: '避开大忌',
        say: '上一讲说的几个大忌，婚礼尤其要避开。另外，很多地方习惯避开农历七月，这是风俗，可以按家里的习惯来。',
      },
      {
        text: '兼顾现实：周末、节假日',
        short: '兼顾现实',
        say: '婚礼要请亲友，还要订酒店。实际做法是先圈出方便的周末和假期，再在里面挑好日子，两头兼顾，比只看黄历更实际。',
      },
    ],
    outro: '嫁娶择日：先看宜忌，再避大忌，再看两个人，最后兼顾现实。',
  },
  {
    title: '搬家入宅择日',
    mark: '迁',
    intro: '搬家入宅，是一家人生活的新开始。这一讲讲搬家择日的要点。',
    points: [
      {
        text: '看宜入宅、宜移徙',
        say: '搬进新房看入宅，从旧房搬出看移徙，两项都宜最好。黄历上忌入宅的日子，即使别的都好，也不选。',
      },
      {
        text: '不冲户主，兼顾家人',
        say: '日子不冲户主的生肖，家里其他人的生肖也尽量不冲，尤其是家里的老人。',
      },
      {
        text: '上午搬，天黑前安顿好',
        short: '上午搬家',
        say: '习惯上搬家选在上午，白天光线好，天黑前能把床铺、厨房安顿好，当晚就能在新家吃饭、睡觉。如果搬家公司只能下午来，也不必勉强，安全和顺利最要紧。',
      },
      {
        text: '入宅的习俗：米、水、灯',
        short: '入宅习俗',
        say: '很多地方入宅时先拿米、水和一盏灯进门，寓意有吃有喝、光明兴旺。这些习俗按家里的传统来，图的是一家人心里踏实。',
      },
    ],
    outro: '搬家择日，宜忌、户主、时辰三样看好，新家就有一个好的开始。',
  },
  {
    title: '开业开工择日',
    mark: '业',
    intro: '开店开业、公司开工，也常常要挑个好日子。这一讲讲开业择日的要点。',
    points: [
      {
        text: '开业看宜开市、交易',
        say: '开业看宜开市，签合同看宜立券、交易，挂招牌看宜挂匾。装修动工看宜动土、修造。不同的环节，看的字不一样。比如店铺装修完先挂匾，再择日开市，两个日子可以分开来选。',
      },
      {
        text: '不冲老板的生肖',
        say: '开业主要看老板的生肖，合伙的店，几位主要合伙人的生肖都要看，日子都不冲才好。',
      },
      {
        text: '避开破日和大忌',
        say: '建除的破日、闭日，以及月破、岁破、四离四绝，开业都要避开。成日、开日、满日是开业常选的日子。',
      },
      {
        text: '准备好比日子更重要',
        say: '日子是锦上添花，货品、人手、手续准备充分才是根本。宁可推迟几天，也不要为了赶日子仓促开业。',
      },
    ],
    outro: '开业择日看宜开市、不冲老板、避开破日，准备充分最重要。',
  },
  {
    title: '时辰的选择',
    mark: '辰',
    intro: '日子定下来以后，还可以选一个好时辰，这一讲讲选时辰的方法。',
    points: [
      {
        text: '从黄道时辰里挑',
        say: '每一天十二个时辰里，有六个是黄道时辰，值青龙、明堂、金匮、天德、玉堂、司命。先从这六个里面挑。黄道时辰每天都不一样，由当天的日支决定，口诀在看懂老黄历课程里讲过。',
      },
      {
        text: '时辰不冲当事人',
        say: '时辰的地支也会冲生肖，比如午时冲鼠。所选的时辰，同样不要冲当事人的生肖。时辰冲煞的方位也有讲究，比如午时煞北，接亲的路线可以避开往北走。',
      },
      {
        text: '兼顾实际安排',
        say: '结婚接亲一般在上午，开业剪彩也多在上午。夜里的吉时再好，大家都不方便，也没有意义。',
      },
      {
        text: '在玄历里看每个时辰',
        say: '玄历的老黄历页面，列出了当天每个时辰的值神和吉凶，还有每个时辰冲哪个生肖，选时辰时打开看一看就行。',
      },
    ],
    outro: '时辰是最后一步，黄道、不冲、方便，三者兼顾即可。',
  },
  {
    title: '实例讲评',
    mark: '例',
    intro:
      '最后一讲，用一个例子把全课串起来：一对新人，一位属马，一位属兔，想在二〇二七年十月初国庆前后结婚。',
    points: [
      {
        text: '第一步：圈出宜嫁娶的日子',
        short: '找宜嫁娶',
        say: `十月上旬，黄历宜嫁娶的日子有：${EXAMPLE.map((c) => c.md).join('、')}。`,
      },
      {
        text: `第二步：${SUIPO.md}岁破，排除`,
        short: '排除岁破',
        say: `${SUIPO.md}是${SUIPO.day.ganzhi.day}日，丑未相冲，正是丁未年的岁破日，虽然列着宜嫁娶，也要排除。`,
      },
      {
        text: '第三步：排除冲新人的日子',
        short: '排除相冲',
        say: `${CLASH_MA.md}是${CLASH_MA.day.ganzhi.day}日，${CLASH_MA.day.chong.desc}，子午相冲，冲了属马的新人；${CLASH_TU.md}${CLASH_TU.day.chong.desc}，冲了属兔的新人，都排除。`,
      },
      {
        text: `结论：${BEST.md}为首选，${CHENG.md}备选`,
        short: '选定日子',
        say: `剩下${CHENG.md}和${BEST.md}。${BEST.md}是${BEST.day.ganzhi.day}日，农历${BEST.lunar}，值${BEST.day.dayGod.name}黄道，又是${BEST.day.officer}日，定为首选；${CHENG.md}值${CHENG.day.dayGod.name}，属黑道，作为备选。`,
      },
    ],
    outro: '这就是择日的完整过程，大家可以用玄历，为自己家里的事试着挑一挑。',
  },
];
