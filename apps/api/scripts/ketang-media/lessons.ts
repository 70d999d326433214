/**
 * The demo lessons' texts: a title, an opening line, two to four key points (what the slide shows and
 * what the teacher says about it) and a closing line each. Written by us; where a lesson quotes a
 * computed fact (a ten god, a solar-term instant, a day's god) it asks the engine in
 * packages/almanac, so the video says what the app's own calendar says.
 */
import { dayGod } from '@xuanli/almanac/almanac/dayGod';
import { tenGodOfName } from '@xuanli/almanac/bazi/tenGods';
import { formatBeijing } from '@xuanli/almanac/beijingTime';
import { TERM_NAMES } from '@xuanli/almanac/solarTerm';
import { termTime } from '@xuanli/almanac/solarTermTime';

/** The fields of study — the classroom's categories — by the manifest's topic key. */
export const TOPIC_NAMES = { bazi: '八字', fengshui: '风水', liuyao: '六爻', zeri: '择日' } as const;

/** A manifest topic key. */
export type Topic = keyof typeof TOPIC_NAMES;

/** One key point: the line written on the slide and the sentence the teacher says about it. */
export interface KeyPoint {
  text: string;
  say: string;
  /** Heading in the closing summary when the text before '：' is not a good one. */
  short?: string;
}

/** A lesson video's script. */
export interface LessonScript {
  /** File name of the video in seed-media/ketang. */
  file: string;
  /** Field of study, as the manifest names it (see {@link TOPIC_NAMES}). */
  topic: Topic;
  title: string;
  /** One large character drawn faintly behind the slides. */
  mark: string;
  intro: string;
  points: KeyPoint[];
  outro: string;
}

const LICHUN = TERM_NAMES.indexOf('立春');
const lichun2027 = formatBeijing(termTime(2027, LICHUN));
/** '2月4日 10:46' style text of the 2027 立春 instant, from the engine's solar-term table. */
const lichun2027Text = `${Number(lichun2027.slice(5, 7))}月${Number(lichun2027.slice(8, 10))}日 ${lichun2027.slice(11, 16)}`;
const yinZiGod = dayGod(2, 0);
const yinChouGod = dayGod(2, 1);

/** The lessons, in the order the classroom's courses list them. */
export const LESSONS: readonly LessonScript[] = [
  {
    file: 'bazi-ganzhi.mp4',
    topic: 'bazi',
    title: '天干地支入门',
    mark: '干',
    intro: '干支是中国历法的骨架，也是学八字的第一步。',
    points: [
      {
        text: '十天干：甲乙丙丁戊己庚辛壬癸',
        say: '天干共十个，甲、丙、戊、庚、壬为阳，乙、丁、己、辛、癸为阴。',
      },
      {
        text: '十二地支：子丑寅卯辰巳午未申酉戌亥',
        say: '地支十二个，对应十二生肖，也对应一天的十二个时辰。',
      },
      {
        text: '干支相配，六十一轮回，称六十甲子',
        say: '阳干配阳支，阴干配阴支，从甲子排到癸亥，正好六十组。',
      },
      {
        text: '年、月、日、时各一柱，合为八字',
        say: '出生的年月日时各取一组干支，四柱共八个字，就是常说的八字。',
      },
    ],
    outro: '记住十干、十二支的次序，后面的内容都从这里展开。',
  },
  {
    file: 'bazi-wuxing.mp4',
    topic: 'bazi',
    title: '五行生克',
    mark: '行',
    intro: '五行不是五种物质，而是五种气的运行方式。',
    points: [
      { text: '五行：木、火、土、金、水', say: '木主生发，火主炎上，土主承载，金主收敛，水主润下。' },
      {
        text: '相生：木生火，火生土，土生金，金生水，水生木',
        short: '相生：木火土金水依次相生',
        say: '相生是依次滋养：木燃成火，火尽成土，土中藏金，金凝生水，水润木长。',
      },
      {
        text: '相克：木克土，土克水，水克火，火克金，金克木',
        short: '相克：隔一位相制',
        say: '相克是隔一位相制，有生有克，五行才能平衡，克并不都是坏事。',
      },
      {
        text: '天干五行：甲乙木，丙丁火，戊己土，庚辛金，壬癸水',
        short: '天干地支各有五行',
        say: '地支也分五行：寅卯属木，巳午属火，申酉属金，亥子属水，辰戌丑未属土。',
      },
    ],
    outro: '生克是看八字旺衰喜忌的基本功，要能随口说出。',
  },
  {
    file: 'bazi-shishen.mp4',
    topic: 'bazi',
    title: '十神概说',
    mark: '神',
    intro: '十神以日干为“我”，看其余干支与我是什么关系。',
    points: [
      { text: '同我者：比肩、劫财', say: '与日干五行相同的，阴阳相同为比肩，阴阳不同为劫财。' },
      { text: '我生者：食神、伤官', say: '日干所生的五行，同性为食神，异性为伤官。' },
      {
        text: '我克者为财，克我者为官杀',
        say: '我克者：同性偏财、异性正财；克我者：同性七杀、异性正官。',
      },
      {
        text: '生我者：偏印、正印',
        say: `生我者为印，同性偏印，异性正印。例如甲日见丙为${tenGodOfName('甲', '丙')}，见辛为${tenGodOfName('甲', '辛')}。`,
      },
    ],
    outro: '十神是读八字的语言，先把五组关系记熟。',
  },
  {
    file: 'fengshui-damen.mp4',
    topic: 'fengshui',
    title: '住宅风水：门',
    mark: '门',
    intro: '门是住宅的气口，人与气都从这里进出。',
    points: [
      { text: '大门宜明亮整洁', say: '门前不堆杂物，照明充足，进出顺畅，气才纳得进来。' },
      { text: '忌正对电梯或下行楼梯', say: '开门直对电梯口或下行楼梯，气流直冲或外泄，可设玄关缓冲。' },
      { text: '忌前后门一线穿堂', say: '大门与阳台门、窗户连成一线，气直进直出，难以聚集。' },
      { text: '入门宜有遮挡与过渡', say: '进门先见屏风、玄关柜或绿植，不宜一眼望穿整个客厅。' },
    ],
    outro: '看门的三件事：明亮、不冲、能聚气。',
  },
  {
    file: 'fengshui-chuang.mp4',
    topic: 'fengshui',
    title: '住宅风水：床',
    mark: '床',
    intro: '人一生约有三分之一时间在床上，床位最需要讲究。',
    points: [
      { text: '床头宜靠实墙', say: '床头靠墙如背有靠山，睡得安稳，不宜悬空或紧贴窗下。' },
      { text: '床上方不宜压横梁', say: '横梁压顶让人有压迫感，可用吊顶包住，或挪开床位。' },
      { text: '床不宜正对房门', say: '房门一开直冲床铺，既少私密也难安神，可侧放或用屏风遮挡。' },
      { text: '镜子不宜正照床', say: '夜里起身看见镜中人影容易受惊，镜子宜装在衣柜内侧。' },
    ],
    outro: '卧室以安静、方正、光线柔和为好。',
  },
  {
    file: 'fengshui-bangong.mp4',
    topic: 'fengshui',
    title: '办公与店铺风水',
    mark: '店',
    intro: '办公室和店铺讲究的是聚气与安稳。',
    points: [
      { text: '座位宜背后有靠', say: '工位背后是实墙或高柜，人坐得安心；背后是走道或门，容易分神。' },
      { text: '不宜背门而坐，也不宜正对门', say: '座位宜斜对门口，既能看见来人，又不被门直冲。' },
      { text: '店铺门头宜醒目整洁', say: '招牌清楚、灯光明亮、门前通道通畅，客人才愿意进门。' },
      { text: '收银台宜靠墙，设在进门一侧', say: '收银台背后宜有实墙，不宜正对大门，也不宜挡在通道中间。' },
    ],
    outro: '办公求稳，店铺求旺，核心都是让人与气流动顺畅。',
  },
  {
    file: 'liuyao-bagua.mp4',
    topic: 'liuyao',
    title: '八卦与卦象',
    mark: '八',
    intro: '六爻的每一卦，都由上下两个八卦组成。',
    points: [
      {
        text: '八卦：乾、兑、离、震、巽、坎、艮、坤',
        short: '先天八卦的次序',
        say: '先天八卦的次序是乾一、兑二、离三、震四、巽五、坎六、艮七、坤八。',
      },
      {
        text: '取象：乾天坤地，震雷巽风，坎水离火，艮山兑泽',
        short: '八卦取象与卦形',
        say: '卦形口诀：乾三连，坤六断，震仰盂，艮覆碗，离中虚，坎中满，兑上缺，巽下断。',
      },
      {
        text: '两卦相重，得六十四卦',
        say: '下面三爻为内卦，上面三爻为外卦，八卦两两相重，共六十四卦。',
      },
      {
        text: '八卦五行：乾兑金，震巽木，坎水，离火，坤艮土',
        short: '八卦五行',
        say: '六爻断卦以五行生克为基础，卦宫的五行就从这里来。',
      },
    ],
    outro: '先熟记八卦的卦形与五行，装卦时才不会出错。',
  },
  {
    file: 'liuyao-qigua.mp4',
    topic: 'liuyao',
    title: '六爻起卦：铜钱法',
    mark: '卦',
    intro: '铜钱起卦简便易学，是六爻最常用的方法。',
    points: [
      { text: '三枚铜钱，摇六次', say: '心中默念所问之事，合掌摇动铜钱后掷下，一共掷六次。' },
      { text: '自下而上记爻', say: '第一次得初爻，写在最下面，依次向上，第六次为上爻。' },
      {
        text: '一背为少阳，两背为少阴',
        say: '字为阴记二，背为阳记三：一背两字得七为少阳，两背一字得八为少阴。',
      },
      {
        text: '三背老阳，三字老阴，为动爻',
        say: '三背得九为老阳，三字得六为老阴；动爻阳变阴、阴变阳，得出变卦。',
      },
    ],
    outro: '起卦要诚心专一，一事一占，不可反复摇卦。',
  },
  {
    file: 'liuyao-yongshen.mp4',
    topic: 'liuyao',
    title: '六亲与用神',
    mark: '用',
    intro: '摇出卦来，先要找到代表所问之事的那一爻。',
    points: [
      {
        text: '六亲以卦宫五行为“我”',
        say: '生我者父母，我生者子孙，克我者官鬼，我克者妻财，同我者兄弟。',
      },
      {
        text: '问财看妻财，问工作看官鬼',
        say: '求财、买卖以妻财为用神；求职、功名、官司以官鬼为用神。',
      },
      {
        text: '问文书看父母，问子女看子孙',
        say: '考试、房屋、合同以父母为用神；子女、医药、平安以子孙为用神。',
      },
      {
        text: '世爻代表问卦的人',
        say: '世爻是自己，应爻是对方或所问之事；问自身运势，以世爻为用神。',
      },
    ],
    outro: '用神找对，断卦就成功了一半。',
  },
  {
    file: 'zeri-jieqi.mp4',
    topic: 'zeri',
    title: '节气与月令',
    mark: '节',
    intro: '二十四节气记录的是太阳的位置，与农历月份不同。',
    points: [
      {
        text: '太阳每行十五度为一个节气',
        say: '一周天三百六十度分为二十四节气，春分在零度，立春在三百一十五度。',
      },
      {
        text: '十二节与十二中气相间',
        say: '立春、惊蛰、清明直到小寒这十二个叫节，雨水、春分、谷雨直到大寒叫中气。',
      },
      { text: '每个节开启一个干支月', say: '立春起寅月，惊蛰起卯月，清明起辰月，依次到小寒起丑月。' },
      { text: `2027年立春：${lichun2027Text}`, say: '交节时刻精确到分，生在交节前后，月柱就会不同。' },
    ],
    outro: '查节气看交节时刻，是排盘和择日共同的起点。',
  },
  {
    file: 'zeri-huangdao.mp4',
    topic: 'zeri',
    title: '黄道吉日怎么看',
    mark: '吉',
    intro: '黄历上的“黄道日”，来自十二位值日神的轮转。',
    points: [
      {
        text: '十二神依次值日',
        say: '青龙、明堂、天刑、朱雀、金匮、天德、白虎、玉堂、天牢、玄武、司命、勾陈。',
      },
      { text: '六黄道，六黑道', say: '青龙、明堂、金匮、天德、玉堂、司命为黄道，其余六神为黑道。' },
      {
        text: '口诀定青龙所在',
        say: '寅申需加子，卯酉却在寅，辰戌龙位上，巳亥午中寻，子午临申地，丑未戌上行。',
      },
      {
        text: `例：寅月子日逢${yinZiGod.name}，为${yinZiGod.type}日`,
        say: `月份以节为准：正月寅月，子日起青龙，丑日为${yinChouGod.name}，其余依次顺排。`,
      },
    ],
    outro: '黄道日只是一层参考，大事还要结合用事与本人八字。',
  },
  {
    file: 'zeri-jianchu.mp4',
    topic: 'zeri',
    title: '建除十二值星',
    mark: '建',
    intro: '建除十二值星是择日最常用的基础。',
    points: [
      { text: '建除满平定执破危成收开闭', say: '十二值星随日支轮转，每天值一星，十二天一个循环。' },
      { text: '月建之日为建', say: '寅月逢寅日为建，卯日为除，依次顺排；交节那天会重复一星。' },
      { text: '口诀：建满平收黑，除危定执黄', say: '成开皆可用，闭破不相当；破日与月建相冲，大事多忌。' },
      { text: '值星只是其中一层', say: '实际择日还要看黄道黑道、神煞，以及当事人的八字。' },
    ],
    outro: '先会查值星，再学神煞，择日就有了骨架。',
  },
];
