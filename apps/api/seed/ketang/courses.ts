/**
 * The demo classroom every fresh install starts with: four categories and eight courses taught by the
 * content module's three seeded masters (sellid 1 张师傅: 八字 and 择日; 2 李师傅: 风水; 3 王老师:
 * the introductory courses). Three free courses; the five paid ones are sold by the shop's demo
 * catalogue under the same ids and titles (seed/shop/catalogue-data.ts), and the lessons of the three the
 * shop already described follow its 课程大纲 word for word. Texts are ours. Each lesson plays a video
 * of its own — a short narrated lecture on its title (scripts/ketang-media/lessons/, made at build
 * time into seed-media/ketang, the classroom module's media-manifest.ts) — and courseware comes from
 * the same folder. The classroom module's seed (seedKetang) writes it; index.ts hands it over.
 */
import type { CourseSeed, LessonSeed } from '../../src/modules/ketang/index.ts';
import type { CoverMotif } from './covers.ts';

/** The categories in display order. */
export const CATEGORY_SEEDS = [
  { name: '八字', sort: 1 },
  { name: '风水', sort: 2 },
  { name: '六爻', sort: 3 },
  { name: '择日', sort: 4 },
] as const;

/** A demo category's name. */
export type CategoryName = (typeof CATEGORY_SEEDS)[number]['name'];

/** The motif of a category's course covers (covers.ts). */
export const TOPIC_OF: Record<CategoryName, CoverMotif> = {
  八字: 'bazi',
  风水: 'fengshui',
  六爻: 'liuyao',
  择日: 'zeri',
};

/** A demo course: a seeded course of a demo category, with the look of its cover. */
export interface DemoCourse extends CourseSeed {
  category: CategoryName;
  /** Colours and motif variation of its cover (covers.ts; the motif is the category's). */
  cover: { from: string; to: string; variant: number };
}

/** Lessons by title, the first `free` of them previews, tagged by lesson number (1, 2, …). */
function lessonList(
  lessons: readonly string[],
  free = 0,
  tags: Readonly<Record<number, readonly string[]>> = {},
): LessonSeed[] {
  return lessons.map((title, i) => ({ title, free: i < free, tags: tags[i + 1] ?? [] }));
}

/** The terms the 八字 course's lessons teach, by lesson number: what the chart's term sheets link to. */
const BAZI_LESSON_TAGS: Record<number, readonly string[]> = {
  6: ['藏干'],
  7: ['十神', '比肩', '劫财', '食神', '伤官'],
  8: ['十神', '偏财', '正财', '七杀', '正官', '偏印', '正印'],
  9: ['十二长生'],
  10: ['旺衰', '日主'],
  11: ['格局', '月令'],
  14: ['纳音', '神煞', '天乙贵人', '桃花', '驿马'],
  15: ['大运'],
};

/** The paragraph every paid course ends with. */
const PAID_NOTE =
  '<h3>学习说明</h3><ul><li>标有“试看”的课时可以先免费观看，觉得合适再购买。</li>' +
  '<li>购买后在“我的课程”里随时学习，换手机、换电脑登录同一账号，进度自动同步。</li></ul>';

/** The paragraph every free course ends with. */
const FREE_NOTE =
  '<h3>学习说明</h3><ul><li>本课全部免费，无需购买；登录后会记住每一讲看到哪里，换设备也能接着看。</li></ul>';

/** The demo courses in display order. */
export const COURSE_SEEDS: readonly DemoCourse[] = [
  {
    id: 'bazi-rumen',
    title: '八字入门二十讲',
    subtitle: '从天干地支到读懂一张命盘',
    category: '八字',
    teacherSellid: 1,
    free: false,
    intro:
      '<h3>课程简介</h3>' +
      '<p>零基础也能跟上的八字入门课。先把天干地支、阴阳五行这些“字母表”学扎实，再学排盘、十神、旺衰和大运流年，最后用完整的实例把前面的知识串起来。</p>' +
      '<p>每一讲只解决一个问题，讲完配一两道小练习，跟着玄历的排盘页面边看边对照，学起来不枯燥。</p>' +
      '<h3>适合谁学</h3><ul><li>对传统文化感兴趣、想看懂自己命盘的朋友。</li><li>用过排盘工具、想知道每一栏是什么意思的用户。</li></ul>' +
      PAID_NOTE,
    lessons: lessonList(
      [
        '导学：八字是什么，能看什么、不能看什么',
        '十天干与十二地支',
        '阴阳五行与生克制化',
        '排年柱与月柱：为什么以节气换月',
        '排日柱与时柱，真太阳时要不要用',
        '地支藏干',
        '十神（上）：比劫、食伤',
        '十神（下）：财星、官杀、印星',
        '十二长生',
        '日主旺衰的判断',
        '月令与格局初识',
        '天干五合与地支六合、三合',
        '六冲、三刑、六害与破',
        '纳音与神煞：了解即可',
        '大运的排法与起运岁数',
        '流年与大运的配合',
        '调候与用神的基本思路',
        '实例（上）：一张命盘从头看到尾',
        '实例（下）：初学者常见的误区',
        '总结与进阶书单',
      ],
      2,
      BAZI_LESSON_TAGS,
    ),
    sort: 10,
    cover: { from: '#3a1208', to: '#8a2e12', variant: 0 },
  },
  {
    id: 'ganzhi-rumen',
    title: '天干地支一课通',
    subtitle: '十天干、十二地支与六十甲子，看懂日历上的干支',
    category: '八字',
    teacherSellid: 3,
    free: true,
    intro:
      '<h3>课程简介</h3>' +
      '<p>日历上常见“丙午年 庚寅月 甲子日”这样的写法，它们是怎么来的？本课用六讲把十天干、十二地支、六十甲子讲清楚，再教你自己推算任意一天的干支。</p>' +
      '<p>天干地支是学八字、择日、看黄历的共同基础，先把这一课学会，后面的课程会轻松很多。</p>' +
      '<h3>适合谁学</h3><ul><li>完全没有基础、想从头了解传统历法的朋友。</li><li>准备学习八字或择日课程的新同学。</li></ul>' +
      FREE_NOTE,
    lessons: lessonList([
      '十天干：甲乙丙丁戊己庚辛壬癸',
      '十二地支与十二生肖',
      '六十甲子是怎么排出来的',
      '年、月、日、时各自的干支',
      '干支与五行、方位、季节',
      '在玄历里查任意一天的干支',
    ]),
    sort: 20,
    cover: { from: '#2d1a3a', to: '#6a3e6e', variant: 2 },
  },
  {
    id: 'fengshui-jujia',
    title: '居家风水实用课',
    subtitle: '看户型、理格局，布置一个住得舒服的家',
    category: '风水',
    teacherSellid: 2,
    free: false,
    intro:
      '<h3>课程简介</h3>' +
      '<p>不讲玄虚，只讲居住。从量方位、看户型图开始，逐个空间讲采光、通风、动线和摆放的讲究，告诉你哪些说法有道理、哪些是以讹传讹。</p>' +
      '<p>买房、装修、搬家之前看一遍，心里有一本账，少花冤枉钱，也少走弯路。</p>' +
      '<h3>适合谁学</h3><ul><li>准备买房、装修或搬家的朋友。</li><li>想把现在的家调整得更舒适的朋友。</li></ul>' +
      PAID_NOTE,
    lessons: lessonList(
      [
        '居家风水的常识与误区',
        '看懂户型图：方位与朝向怎么量',
        '入户与玄关',
        '客厅：沙发、电视墙与采光',
        '卧室：床位、镜子与收纳',
        '厨房与卫生间',
        '书房与儿童房',
        '阳台、绿植与水景',
        '颜色与材质的搭配',
        '装修、搬家的择日与答疑',
      ],
      2,
    ),
    sort: 30,
    cover: { from: '#1d3326', to: '#3d6f4a', variant: 0 },
  },
  {
    id: 'fengshui-shangpu',
    title: '店铺与办公室风水',
    subtitle: '门头、收银台与工位，开店办公前的布局课',
    category: '风水',
    teacherSellid: 2,
    free: false,
    intro:
      '<h3>课程简介</h3>' +
      '<p>商业空间和住宅不同：要迎客、要留客，也要让员工坐得安稳。本课从选址看街道和人流讲起，到门头招牌、收银台、老板位与工位的安排，每一讲都配实际店面和办公室的平面图讲解。</p>' +
      '<p>讲的都是动线、采光、视线这些看得见的道理，传统说法会讲清来龙去脉，不推销任何摆件。</p>' +
      '<h3>适合谁学</h3><ul><li>准备开店、换办公室的老板和店长。</li><li>负责装修布置的行政和设计人员。</li></ul>' +
      PAID_NOTE,
    lessons: lessonList(
      [
        '商业空间和住宅有什么不同',
        '选址：看街道、人流与朝向',
        '门头与招牌',
        '收银台与“财位”的说法',
        '办公室：老板位与工位',
        '会议室、前台与动线',
        '开业前的检查清单',
      ],
      1,
    ),
    sort: 40,
    cover: { from: '#14303a', to: '#2f6272', variant: 1 },
  },
  {
    id: 'liuyao-jichu',
    title: '六爻基础精讲',
    subtitle: '起卦、装卦、取用神，一步步学会解卦',
    category: '六爻',
    teacherSellid: 3,
    free: false,
    intro:
      '<h3>课程简介</h3>' +
      '<p>六爻是以《周易》六十四卦为基础、用铜钱起卦的占问方法。本课从八卦结构讲起，手把手带你起卦、装卦，讲清用神、旺衰和动变，每一步都配练习题。</p>' +
      '<h3>适合谁学</h3><ul><li>学过一点《周易》、想学一门可以上手的方法的朋友。</li><li>学完免费课“铜钱起卦入门”、想继续往下学的同学。</li></ul>' +
      PAID_NOTE,
    lessons: lessonList(
      [
        '六爻是什么：从《周易》到纳甲筮法',
        '八卦与六十四卦的结构',
        '起卦方法：铜钱法与时间起卦',
        '装卦：纳甲与世应',
        '六亲的配置',
        '六神的配置',
        '用神的选取',
        '旺衰：月建与日辰',
        '动爻与变爻',
        '空亡、月破与暗动',
        '实例：求职与出行',
        '复习与练习讲评',
      ],
      1,
    ),
    sort: 50,
    cover: { from: '#1a2240', to: '#3b4f8a', variant: 0 },
  },
  {
    id: 'liuyao-qigua',
    title: '铜钱起卦入门',
    subtitle: '三枚铜钱，一小时学会起卦与记卦',
    category: '六爻',
    teacherSellid: 3,
    free: true,
    intro:
      '<h3>课程简介</h3>' +
      '<p>准备三枚铜钱，跟着老师摇六次，就能得到一个完整的卦。本课讲清摇卦的规矩、怎样从下往上记爻、老阴老阳为什么会变，最后把卦象工整地写在本子上。</p>' +
      '<p>学会起卦之后，想知道卦怎么解，可以接着学“六爻基础精讲”。</p>' +
      '<h3>适合谁学</h3><ul><li>对《周易》好奇、想亲手试一试的朋友。</li></ul>' +
      FREE_NOTE,
    lessons: lessonList([
      '准备三枚铜钱',
      '摇卦的规矩与心态',
      '从下往上记六爻',
      '老阴、老阳与变卦',
      '在本子上写出一个完整的卦',
    ]),
    sort: 60,
    cover: { from: '#262626', to: '#59544a', variant: 2 },
  },
  {
    id: 'huangli-yongfa',
    title: '看懂老黄历',
    subtitle: '宜忌、冲煞、值神与吉时，一页黄历怎么读',
    category: '择日',
    teacherSellid: 3,
    free: true,
    intro:
      '<h3>课程简介</h3>' +
      '<p>翻开一页老黄历，宜、忌、冲、煞、值神、吉时挤在一起，常让人不知从何看起。本课按黄历版面从上到下逐项讲解，每个术语都说明它的来历和用法。</p>' +
      '<p>学完之后，打开玄历的“老黄历”页面，每一栏你都能读懂。</p>' +
      '<h3>适合谁学</h3><ul><li>每天看黄历、却总有几栏看不懂的朋友。</li><li>准备学习择日的新同学。</li></ul>' +
      FREE_NOTE,
    lessons: lessonList([
      '一页黄历上都有什么',
      '宜与忌：常见词语解释',
      '冲煞与生肖',
      '建除十二值星',
      '黄道吉时',
      '用玄历查一天的宜忌',
    ]),
    sort: 70,
    cover: { from: '#4a2a08', to: '#a0641c', variant: 1 },
  },
  {
    id: 'zeri-shiwu',
    title: '择日实务：嫁娶、搬家与开业',
    subtitle: '从黄历到命理，挑一个适合自己的日子',
    category: '择日',
    teacherSellid: 1,
    free: false,
    intro:
      '<h3>课程简介</h3>' +
      '<p>挑日子不只是翻黄历找“宜”字。本课先讲择日的基本思路和必须避开的大忌，再结合当事人的生肖和八字筛选日子，最后分嫁娶、搬家入宅、开业开工三类事情逐一示范，并讲解时辰怎么选。</p>' +
      '<p>建议先学免费课“看懂老黄历”，再学本课。</p>' +
      '<h3>适合谁学</h3><ul><li>家里有婚礼、乔迁、开业安排的朋友。</li><li>学过黄历基础、想进一步学会择日的同学。</li></ul>' +
      PAID_NOTE,
    lessons: lessonList(
      [
        '择日的基本思路',
        '先看黄历：避开大忌',
        '结合当事人的生肖与八字',
        '嫁娶择日',
        '搬家入宅择日',
        '开业开工择日',
        '时辰的选择',
        '实例讲评',
      ],
      1,
    ),
    sort: 80,
    cover: { from: '#3a0d12', to: '#9a2a2e', variant: 3 },
  },
];

/**
 * Which course each seeded courseware file (by the manifest's `file`) belongs with; files not named
 * here are general material (no course).
 */
export const COURSEWARE_COURSES: Readonly<Record<string, string>> = {
  'liushi-jiazi-nayin.pdf': 'ganzhi-rumen',
  'ganzhi-wuxing.pdf': 'bazi-rumen',
  'jieqi-2027.pdf': 'huangli-yongfa',
  'zeri-yiji.pdf': 'zeri-shiwu',
};

/** The lesson titles of demo course `id` in order, or undefined for a course not in the demo. */
export function demoLessonTitles(id: string): readonly string[] | undefined {
  return COURSE_SEEDS.find((course) => course.id === id)?.lessons.map((lesson) => lesson.title);
}
