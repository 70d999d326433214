/**
 * Buddhist calendar (佛历): the Buddhist era year, the festivals of the Buddhas and Bodhisattvas
 * (佛诞, 观音诞, 释迦牟尼佛成道 …), the observance list of the 斋戒 calendar (月朔, 四天王巡行, 杨公忌 … with
 * what befalls whoever breaks it), and the fasting-day markers (十斋日, 六斋日, 朔望斋, 观音斋, 月斋).
 *
 * Sources: the festival and observance tables follow lunar-javascript / lunar-typescript 1.8 by 6tail
 * (`FotoUtil.OTHER_FESTIVAL`, `FotoUtil.FESTIVAL`, MIT), a compilation of the popular 斋戒 calendar
 * printed in 善书 almanacs (with its warnings such as 犯者夺纪); 十斋日 and 六斋日 follow 《地藏菩萨本愿经·如来赞叹品》 and
 * 《大智度论》 卷十三. All dates are lunar; a leap month has none of them (as in lunar-javascript), except
 * the day-of-month fasting markers 朔望, 六斋 and 十斋.
 */
import type { LunarDate } from './lunar.ts';
import { lunarMonthDays } from './lunar.ts';

/**
 * 佛历 year of a lunar (Chinese) year, as Chinese Buddhism counts it and lunar-typescript's
 * `Foto.getYear()` computes it: the Buddha's parinirvana year is −543 (astronomical, = 544 BCE —
 * the era offset of PRODUCT.md#constants) and that year is 佛历 1, so 佛历 = lunarYear − (−543) + 1 = lunarYear +
 * 544, turning at 春节 (lunar year 2025 乙巳 → 佛历 2569). Thai/Sri Lankan 佛历 (solar year + 543) differs.
 */
export function buddhistEraYear(lunarYear: number): number {
  return lunarYear + 544;
}

/** One entry of the 斋戒 observance calendar. */
export interface BuddhistObservance {
  /** e.g. '月朔', '释迦牟尼佛诞', '杨公忌'. */
  name: string;
  /** What befalls whoever breaks the fast that day, e.g. '犯者夺纪'; '' when the source gives none. */
  result: string;
  /** True for the days kept every month (月朔, 月望, 斗降, 雷斋日, 四天王巡行, 人神在阴, 月晦, 司命奏事). */
  everyMonth: boolean;
  /** A note, e.g. '如月小，即戒廿九'; '' when none. */
  remark: string;
}

/** Fasting-day markers of a lunar day. */
export interface BuddhistFasting {
  /** 月斋 (三长斋月): the whole of 正月, 五月 and 九月. */
  monthZhai: boolean;
  /** 朔望斋: days 1 and 15. */
  shuoWang: boolean;
  /** 六斋日: days 8, 14, 15, 23, 29, 30 (28 and 29 in a 29-day month). */
  sixZhai: boolean;
  /** 十斋日: days 1, 8, 14, 15, 18, 23, 24, 28, 29, 30. */
  tenZhai: boolean;
  /** 观音斋: the 22 观音 fasting days of the year. */
  guanYinZhai: boolean;
  /** 杨公忌: one of the 13 杨公忌 days. */
  yangGongJi: boolean;
}

/** Festivals of the Buddhas and Bodhisattvas ('MMDD' + names joined by '/', entries by ','). */
const FESTIVALS =
  '0101弥勒菩萨圣诞,0106定光佛圣诞,0208释迦牟尼佛出家,0215释迦牟尼佛涅槃,0219观世音菩萨圣诞,0221普贤菩萨圣诞,0316准提菩萨圣诞,0404文殊菩萨圣诞,' +
  '0408释迦牟尼佛圣诞,0415佛吉祥日,0428药王菩萨圣诞,0513伽蓝菩萨圣诞,0603韦驮菩萨圣诞,0619观音菩萨成道,0713大势至菩萨圣诞,0715佛欢喜日,0724龙树菩萨圣诞,' +
  '0730地藏菩萨圣诞,0815月光菩萨圣诞,0822燃灯佛圣诞,0909摩利支天菩萨圣诞,0919观世音菩萨出家,0930药师琉璃光佛圣诞,1005达摩祖师圣诞,1020文殊菩萨出家,' +
  '1117阿弥陀佛圣诞,1119日光菩萨圣诞,1208释迦牟尼佛成道,1223监斋菩萨圣诞,1229华严菩萨圣诞';

/**
 * The 斋戒 observance calendar: 'MMDD' + items joined by '/', each item
 * 'name^result^everyMonth(1)^remark' with empty trailing fields dropped.
 */
const OBSERVANCES =
  '0101天腊，玉帝校世人神气禄命^犯者削禄夺纪/月朔^犯者夺纪^1,0103万神都会^犯者夺纪/斗降^犯者夺纪^1,0105五虚忌,0106六耗忌/雷斋日^犯者减寿^1,0107上会日^犯者损寿,' +
  '0108五殿阎罗天子诞^犯者夺纪/四天王巡行^^1,0109玉皇上帝诞^犯者夺纪,0113杨公忌,0114三元降^犯者减寿/四天王巡行^^1,' +
  '0115三元降^犯者减寿/上元神会^犯者夺纪/月望^犯者夺纪^1/四天王巡行^^1,0116三元降^犯者减寿,0119长春真人诞,0123三尸神奏事/四天王巡行^^1,' +
  '0125月晦^犯者减寿^1/天地仓开日^犯者损寿，子带疾,0127斗降^犯者夺纪^1,0128人神在阴^犯者得病^1^宜先一日即戒,0129四天王巡行^^1,' +
  '0130月晦^犯者减寿^1^如月小，即戒廿九/司命奏事^犯者减寿^1^如月小，即戒廿九/四天王巡行^^1,0201一殿秦广王诞^犯者夺纪/月朔^犯者夺纪^1,' +
  '0202万神都会^犯者夺纪/福德土地正神诞^犯者得祸,0203文昌帝君诞^犯者削禄夺纪/斗降^犯者夺纪^1,0206东华帝君诞/雷斋日^犯者减寿^1,' +
  '0208释迦牟尼佛出家^犯者夺纪/三殿宋帝王诞^犯者夺纪/张大帝诞^犯者夺纪/四天王巡行^^1,0211杨公忌,0214四天王巡行^^1,' +
  '0215释迦牟尼佛涅槃^犯者削禄夺纪/太上老君诞^犯者削禄夺纪/月望^犯者削禄夺纪^1/四天王巡行^^1,0217东方杜将军诞,0218四殿五官王诞^犯者削禄夺纪/至圣先师孔子讳辰^犯者削禄夺纪,' +
  '0219观音大士诞^犯者夺纪,0221普贤菩萨诞,0223四天王巡行^^1,0225月晦^犯者减寿^1,0227斗降^犯者夺纪^1,0228人神在阴^犯者得病^1^宜先一日即戒,' +
  '0229四天王巡行^^1,0230月晦^犯者减寿^1^如月小，即戒廿九/司命奏事^犯者减寿^1^如月小，即戒廿九/四天王巡行^^1,0301二殿楚江王诞^犯者夺纪/月朔^犯者夺纪^1,' +
  '0303玄天上帝诞^犯者夺纪/斗降^犯者夺纪^1,0306雷斋日^犯者减寿^1,0308六殿卞城王诞^犯者夺纪/四天王巡行^^1,0309牛鬼神出^犯者产恶胎/杨公忌,0312中央五道诞,' +
  '0314四天王巡行^^1,0315昊天上帝诞^犯者夺纪/玄坛诞^犯者夺纪/月望^犯者夺纪^1/四天王巡行^^1,0316准提菩萨诞^犯者夺纪,0319中岳大帝诞/后土娘娘诞/三茅降,' +
  '0320天地仓开日^犯者损寿/子孙娘娘诞,0323四天王巡行^^1,0325月晦^犯者减寿^1,0327七殿泰山王诞/斗降^犯者夺纪^1,' +
  '0328人神在阴^犯者得病^1^宜先一日即戒/苍颉至圣先师诞^犯者削禄夺纪/东岳大帝诞,0329四天王巡行^^1,' +
  '0330月晦^犯者减寿^1^如月小，即戒廿九/司命奏事^犯者减寿^1^如月小，即戒廿九/四天王巡行^^1,0401八殿都市王诞^犯者夺纪/月朔^犯者夺纪^1,0403斗降^犯者夺纪^1,' +
  '0404万神善会^犯者失瘼夭胎/文殊菩萨诞,0406雷斋日^犯者减寿^1,0407南斗、北斗、西斗同降^犯者减寿/杨公忌,' +
  '0408释迦牟尼佛诞^犯者夺纪/万神善会^犯者失瘼夭胎/善恶童子降^犯者血死/九殿平等王诞/四天王巡行^^1,0414纯阳祖师诞^犯者减寿/四天王巡行^^1,' +
  '0415月望^犯者夺纪^1/钟离祖师诞/四天王巡行^^1,0416天地仓开日^犯者损寿,0417十殿转轮王诞^犯者夺纪,0418天地仓开日^犯者损寿/紫徽大帝诞^犯者损寿,0420眼光圣母诞,' +
  '0423四天王巡行^^1,0425月晦^犯者减寿^1,0427斗降^犯者夺纪^1,0428人神在阴^犯者得病^1^宜先一日即戒,0429四天王巡行^^1,' +
  '0430月晦^犯者减寿^1^如月小，即戒廿九/司命奏事^犯者减寿^1^如月小，即戒廿九/四天王巡行^^1,0501南极长生大帝诞^犯者夺纪/月朔^犯者夺纪^1,0503斗降^犯者夺纪^1,' +
  '0505地腊^犯者削禄夺纪/五帝校定生人官爵^犯者削禄夺纪/九毒日^犯者夭亡，奇祸不测/杨公忌,0506九毒日^犯者夭亡，奇祸不测/雷斋日^犯者减寿^1,0507九毒日^犯者夭亡，奇祸不测,' +
  '0508南方五道诞/四天王巡行^^1,0511天地仓开日^犯者损寿/天下都城隍诞,0512炳灵公诞,0513关圣降^犯者削禄夺纪,0514夜子时为天地交泰^犯者三年内夫妇俱亡/四天王巡行^^1,' +
  '0515月望^犯者夺纪^1/九毒日^犯者夭亡，奇祸不测/四天王巡行^^1,0516九毒日^犯者三年内夫妇俱亡/天地元气造化万物之辰^犯者三年内夫妇俱亡,0517九毒日^犯者夭亡，奇祸不测,' +
  '0518张天师诞,0522孝娥神诞^犯者夺纪,0523四天王巡行^^1,0525九毒日^犯者夭亡，奇祸不测/月晦^犯者减寿^1,0526九毒日^犯者夭亡，奇祸不测,' +
  '0527九毒日^犯者夭亡，奇祸不测/斗降^犯者夺纪^1,0528人神在阴^犯者得病^1^宜先一日即戒,0529四天王巡行^^1,' +
  '0530月晦^犯者减寿^1^如月小，即戒廿九/司命奏事^犯者减寿^1^如月小，即戒廿九/四天王巡行^^1,0601月朔^犯者夺纪^1,0603韦驮菩萨圣诞/斗降^犯者夺纪^1/杨公忌,' +
  '0605南赡部洲转大轮^犯者损寿,0606天地仓开日^犯者损寿/雷斋日^犯者减寿^1,0608四天王巡行^^1,0610金粟如来诞,0614四天王巡行^^1,' +
  '0615月望^犯者夺纪^1/四天王巡行^^1,0619观世音菩萨成道^犯者夺纪,0623南方火神诞^犯者遭回禄/四天王巡行^^1,0624雷祖诞^犯者削禄夺纪/关帝诞^犯者削禄夺纪,' +
  '0625月晦^犯者减寿^1,0627斗降^犯者夺纪^1,0628人神在阴^犯者得病^1^宜先一日即戒,0629四天王巡行^^1,' +
  '0630月晦^犯者减寿^1^如月小，即戒廿九/司命奏事^犯者减寿^1^如月小，即戒廿九/四天王巡行^^1,0701月朔^犯者夺纪^1/杨公忌,0703斗降^犯者夺纪^1,' +
  '0705中会日^犯者损寿^^一作初七,0706雷斋日^犯者减寿^1,0707道德腊^犯者削禄夺纪/五帝校生人善恶^犯者削禄夺纪/魁星诞^犯者削禄夺纪,0708四天王巡行^^1,0710阴毒日^^^大忌,' +
  '0712长真谭真人诞,0713大势至菩萨诞^犯者减寿,0714三元降^犯者减寿/四天王巡行^^1,0715月望^犯者夺纪^1/三元降^犯者夺纪/地官校籍^犯者夺纪/四天王巡行^^1,' +
  '0716三元降^犯者减寿,0718西王母诞^犯者夺纪,0719太岁诞^犯者夺纪,0722增福财神诞^犯者削禄夺纪,0723四天王巡行^^1,0725月晦^犯者减寿^1,0727斗降^犯者夺纪^1,' +
  '0728人神在阴^犯者得病^1^宜先一日即戒,0729杨公忌/四天王巡行^^1,' +
  '0730地藏菩萨诞^犯者夺纪/月晦^犯者减寿^1^如月小，即戒廿九/司命奏事^犯者减寿^1^如月小，即戒廿九/四天王巡行^^1,0801月朔^犯者夺纪^1/许真君诞,' +
  '0803斗降^犯者夺纪^1/北斗诞^犯者削禄夺纪/司命灶君诞^犯者遭回禄,0805雷声大帝诞^犯者夺纪,0806雷斋日^犯者减寿^1,0808四天王巡行^^1,0810北斗大帝诞,0812西方五道诞,' +
  '0814四天王巡行^^1,0815月望^犯者夺纪^1/太明朝元^犯者暴亡^^宜焚香守夜/四天王巡行^^1,0816天曹掠刷真君降^犯者贫夭,0818天人兴福之辰^^^宜斋戒，存想吉事,' +
  '0823汉恒候张显王诞/四天王巡行^^1,0824灶君夫人诞,0825月晦^犯者减寿^1,0827斗降^犯者夺纪^1/至圣先师孔子诞^犯者削禄夺纪/杨公忌,' +
  '0828人神在阴^犯者得病^1^宜先一日即戒/四天会事,0829四天王巡行^^1,' +
  '0830诸神考校^犯者夺算/月晦^犯者减寿^1^如月小，即戒廿九/司命奏事^犯者减寿^1^如月小，即戒廿九/四天王巡行^^1,' +
  '0901月朔^犯者夺纪^1/南斗诞^犯者削禄夺纪/北斗九星降世^犯者夺纪^^此九日俱宜斋戒,0903斗降^犯者夺纪^1/五瘟神诞,0906雷斋日^犯者减寿^1,0908四天王巡行^^1,' +
  '0909斗母诞^犯者削禄夺纪/酆都大帝诞/玄天上帝飞升,0910斗母降^犯者夺纪,0911宜戒,0913孟婆尊神诞,0914四天王巡行^^1,0915月望^犯者夺纪^1/四天王巡行^^1,' +
  '0917金龙四大王诞^犯者遭水厄,0919日宫月宫会合^犯者减寿/观世音菩萨诞^犯者减寿,0923四天王巡行^^1,0925月晦^犯者减寿^1/杨公忌,0927斗降^犯者夺纪^1,' +
  '0928人神在阴^犯者得病^1^宜先一日即戒,0929四天王巡行^^1,' +
  '0930药师琉璃光佛诞^犯者危疾/月晦^犯者减寿^1^如月小，即戒廿九/司命奏事^犯者减寿^1^如月小，即戒廿九/四天王巡行^^1,1001月朔^犯者夺纪^1/民岁腊^犯者夺纪/四天王降^犯者一年内死,' +
  '1003斗降^犯者夺纪^1/三茅诞,1005下会日^犯者减寿/达摩祖师诞^犯者减寿,1006雷斋日^犯者减寿^1/天曹考察^犯者夺纪,1008佛涅槃日^^^大忌色欲/四天王巡行^^1,' +
  '1010四天王降^犯者一年内死,1011宜戒,1014三元降^犯者减寿/四天王巡行^^1,1015月望^犯者夺纪^1/三元降^犯者夺纪/下元水府校籍^犯者夺纪/四天王巡行^^1,' +
  '1016三元降^犯者减寿/四天王巡行^^1,1023杨公忌/四天王巡行^^1,1025月晦^犯者减寿^1,1027斗降^犯者夺纪^1/北极紫徽大帝降,1028人神在阴^犯者得病^1^宜先一日即戒,' +
  '1029四天王巡行^^1,1030月晦^犯者减寿^1^如月小，即戒廿九/司命奏事^犯者减寿^1^如月小，即戒廿九/四天王巡行^^1,1101月朔^犯者夺纪^1,1103斗降^犯者夺纪^1,' +
  '1104至圣先师孔子诞^犯者削禄夺纪,1106西岳大帝诞,1108四天王巡行^^1,1111天地仓开日^犯者夺纪/太乙救苦天尊诞^犯者夺纪,1114四天王巡行^^1,' +
  '1115月望^上半夜犯男死 下半夜犯女死/四天王巡行^上半夜犯男死 下半夜犯女死,1117阿弥陀佛诞,1119太阳日宫诞^犯者得奇祸,1121杨公忌,1123张仙诞^犯者绝嗣/四天王巡行^^1,' +
  '1125掠刷大夫降^犯者遭大凶/月晦^犯者减寿^1,1126北方五道诞,1127斗降^犯者夺纪^1,1128人神在阴^犯者得病^1^宜先一日即戒,1129四天王巡行^^1,' +
  '1130月晦^犯者减寿^1^如月小，即戒廿九/司命奏事^犯者减寿^1^如月小，即戒廿九/四天王巡行^^1,1201月朔^犯者夺纪^1,1203斗降^犯者夺纪^1,' +
  '1206天地仓开日^犯者减寿/雷斋日^犯者减寿^1,1207掠刷大夫降^犯者得恶疾,1208王侯腊^犯者夺纪/释迦如来成佛之辰/四天王巡行^^1/初旬内戊日，亦名王侯腊^犯者夺纪,' +
  '1212太素三元君朝真,1214四天王巡行^^1,1215月望^犯者夺纪^1/四天王巡行^^1,1216南岳大帝诞,1219杨公忌,1220天地交道^犯者促寿,1221天猷上帝诞,' +
  '1223五岳诞降/四天王巡行^^1,1224司今朝天奏人善恶^犯者得大祸,1225三清玉帝同降，考察善恶^犯者得奇祸/月晦^犯者减寿^1,1227斗降^犯者夺纪^1,' +
  '1228人神在阴^犯者得病^1^宜先一日即戒,1229华严菩萨诞/四天王巡行^^1,1230诸神下降，察访善恶^犯者男女俱亡';

/** 观音斋 days as month * 100 + day (lunar-javascript `FotoUtil.DAY_ZHAI_GUAN_YIN`). */
const GUAN_YIN_ZHAI = [
  108, 207, 209, 219, 303, 306, 313, 422, 503, 517, 616, 618, 619, 623, 713, 816, 919, 923, 1002, 1119, 1124,
  1225,
];

let festivals: Map<number, string> | undefined;
let observances: Map<number, string> | undefined;

function parse(text: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const entry of text.split(',')) map.set(Number(entry.slice(0, 4)), entry.slice(4));
  return map;
}

/**
 * Buddhist festivals on a lunar date, e.g. 四月初八 → ['释迦牟尼佛圣诞'], 腊月初八 → ['释迦牟尼佛成道'],
 * 二月十九 → ['观世音菩萨圣诞']; [] in a leap month or on an ordinary day. (lunar-typescript
 * `Foto.getOtherFestivals()`.)
 */
export function buddhistFestivals(lunar: LunarDate): string[] {
  if (lunar.leap) return [];
  festivals ??= parse(FESTIVALS);
  return festivals.get(lunar.month * 100 + lunar.day)?.split('/') ?? [];
}

/**
 * The 斋戒 observances of a lunar date with their results, e.g. 正月初一 → 天腊 (犯者削禄夺纪) and
 * 月朔 (犯者夺纪, every month); [] in a leap month. (lunar-typescript `Foto.getFestivals()`.)
 */
export function buddhistObservances(lunar: LunarDate): BuddhistObservance[] {
  if (lunar.leap) return [];
  observances ??= parse(OBSERVANCES);
  const text = observances.get(lunar.month * 100 + lunar.day);
  if (!text) return [];
  return text.split('/').map((item) => {
    const [name, result = '', every = '', remark = ''] = item.split('^');
    return { name, result, everyMonth: every === '1', remark };
  });
}

/**
 * Fasting markers of a lunar date (lunar-typescript `Foto.isMonthZhai`, `isDayZhaiShuoWang`,
 * `isDayZhaiSix`, `isDayZhaiTen`, `isDayZhaiGuanYin`, `isDayYangGong`). In a leap month only the
 * day-of-month rules (朔望, 六斋, 十斋) apply.
 */
export function buddhistFasting(lunar: LunarDate): BuddhistFasting {
  const { year, month, day, leap } = lunar;
  const md = month * 100 + day;
  const six =
    day === 8 ||
    day === 14 ||
    day === 15 ||
    day === 23 ||
    day === 29 ||
    day === 30 ||
    (day === 28 && lunarMonthDays(year, month, leap) !== 30);
  return {
    monthZhai: !leap && (month === 1 || month === 5 || month === 9),
    shuoWang: day === 1 || day === 15,
    sixZhai: six,
    tenZhai: [1, 8, 14, 15, 18, 23, 24, 28, 29, 30].includes(day),
    guanYinZhai: !leap && GUAN_YIN_ZHAI.includes(md),
    yangGongJi: buddhistObservances(lunar).some((o) => o.name === '杨公忌'),
  };
}
