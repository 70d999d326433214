/**
 * The demo catalogue every fresh install starts with: six categories and seventeen products — goods
 * (bead bracelets, ornaments, the 2027 丁未 almanac calendars, two classics of 子平 astrology), the
 * five paid courses of the classroom's demo (seed/ketang/courses.ts, same ids and titles) and two
 * consultations with the seeded masters. Texts are ours; prices are integer 分 and
 * in line with what such goods sell for. The courses are priced as what they are — short narrated
 * lessons of a few minutes each (the classroom's demo media) — with a 会员价 for VIPs and no struck
 * 原价, since none was ever charged. Operators edit or take products off the shelf afterwards;
 * the seed never touches a product that exists (the shop module's seed.ts).
 */
import type {
  CategorySeed as ShopCategorySeed,
  ProductSeed as ShopProductSeed,
} from '../../src/modules/shop/index.ts';
import type { ArtName } from './artwork.ts';

/** The courses the shop sells, by the ids the classroom names them with. */
export const DEMO_COURSE_IDS = [
  'bazi-rumen',
  'liuyao-jichu',
  'fengshui-jujia',
  'fengshui-shangpu',
  'zeri-shiwu',
] as const;

/** A course id of the demo catalogue. */
export type DemoCourseId = (typeof DEMO_COURSE_IDS)[number];

/**
 * The seeded masters (content module, `masters.sellid`) the consultations are booked with: 1 is the
 * 八字 master, 2 the 风水 master.
 */
const MASTER = { bazi: '1', fengshui: '2' } as const;

/** A seeded category. */
type CategorySeed = ShopCategorySeed<ArtName>;

/** The categories in display order. */
export const CATEGORY_SEEDS: readonly CategorySeed[] = [
  { name: '手串', icon: 'icon-bracelet', sort: 1 },
  { name: '摆件', icon: 'icon-ornament', sort: 2 },
  { name: '台历', icon: 'icon-calendar', sort: 3 },
  { name: '书籍', icon: 'icon-book', sort: 4 },
  { name: '课程', icon: 'icon-course', sort: 5 },
  { name: '咨询服务', icon: 'icon-service', sort: 6 },
];

/** A seeded product, its course (if any) one of the demo courses. */
export interface ProductSeed extends ShopProductSeed<ArtName> {
  courseId?: DemoCourseId;
}

/** Table rows of a 规格参数 table. */
function specTable(rows: readonly (readonly [string, string])[]): string {
  return `<table><tbody>${rows.map(([name, value]) => `<tr><th>${name}</th><td>${value}</td></tr>`).join('')}</tbody></table>`;
}

/** What every shipped product says about delivery and after-sale (the shop's shipping rule: 满 99 元包邮). */
const GOODS_SERVICE =
  '<h3>发货与售后</h3><ul>' +
  '<li>付款后 48 小时内发货，默认中通快递，偏远地区以实际物流时效为准。</li>' +
  '<li>实物商品单笔满 99 元包邮，不满 99 元收取运费 8 元。</li>' +
  '<li>发货前可在订单页申请退款；收货后如有破损或明显质量问题，请在 7 天内联系客服，我们负责退换。</li>' +
  '<li>商品图片为示意图，天然材料的纹理、颜色各不相同，以收到的实物为准。</li>' +
  '</ul>';

/** What the bracelets and ornaments say about what they are (and are not). */
const CULTURE_NOTE = '<p>本品为传统文化饰品与摆设，取其寓意与工艺之美，不宣称任何功效，请理性选购。</p>';

/** What every course says before it is bought. */
const COURSE_TERMS =
  '<h3>购买须知</h3><ul>' +
  '<li>课程为虚拟商品，付款成功后立即开通，在“我的课程”中随时观看，不限次数。</li>' +
  '<li>开通后不支持退款，购买前可先看课程大纲和免费课件。</li>' +
  '<li>课程内容为传统文化知识学习，不作为医疗、投资、法律等重大决定的依据。</li>' +
  '</ul>';

/** What every consultation says about privacy and limits. */
const SERVICE_TERMS =
  '<h3>须知</h3><ul>' +
  '<li>您提供的出生信息、户型图等只用于本次咨询，不会外传，咨询结束后可要求师傅删除。</li>' +
  '<li>咨询内容为传统文化角度的参考意见，不替代医疗、法律、投资等专业意见。</li>' +
  '<li>付款后师傅会在 24 小时内（节假日顺延）通过微信联系您；如超时未联系，请联系在线客服协助。</li>' +
  '</ul>';

/** The 课程大纲 of a course product: its lessons in order. */
function syllabus(lessons: readonly string[]): string {
  return `<h3>课程大纲</h3><ol>${lessons.map((lesson, i) => `<li>第 ${i + 1} 讲　${lesson}</li>`).join('')}</ol>`;
}

/** The demo products, in the order they are inserted. */
export const PRODUCT_SEEDS: readonly ProductSeed[] = [
  {
    slug: 'calendar-2027-desk',
    kind: 'goods',
    category: '台历',
    title: '2027 丁未年老黄历台历',
    subtitle: '公历农历对照 · 二十四节气 · 每日宜忌',
    cover: 'desk-calendar',
    gallery: ['calendar-month'],
    describe: (url) =>
      '<h3>商品介绍</h3>' +
      '<p>2027 年的案头台历，一月一页。每天标注农历日期、干支、节气与传统节日，并摘录当日宜忌，开工、搬家、出行前翻一翻，心里有数。</p>' +
      '<p>2027 年 2 月 6 日为正月初一，春节起进入丁未年；1 月 1 日至 2 月 5 日仍属丙午年冬月、腊月，台历上按日标明，不会混淆。</p>' +
      `<p><img src="${url('calendar-month')}" alt="台历内页示意：2027 年 2 月"></p>` +
      '<h3>规格参数</h3>' +
      specTable([
        ['年份', '公历 2027 年 1 月—12 月（农历丙午年冬月廿四至丁未年腊月初四）'],
        ['尺寸', '标准款 21×15 厘米；大字款 26×19 厘米（字号加大约三分之一，适合长辈）'],
        ['页数', '封面 + 12 个月份页 + 年历总览页，共 14 页'],
        ['材质', '250 克哑粉纸内页，双线铁圈装订，加厚灰板底座'],
      ]) +
      '<h3>使用与保存</h3><ul><li>放在干燥处，避免阳光长时间直射，以免纸张泛黄。</li><li>每页背面留有记事格，可随手记下纪念日与安排。</li></ul>' +
      GOODS_SERVICE,
    options: [{ name: '款式', values: ['标准款', '大字款'] }],
    skus: [
      { values: ['标准款'], price: 3900, stock: 500 },
      { values: ['大字款'], price: 4900, stock: 300 },
    ],
    originalPrice: 5900,
    sort: 5,
  },
  {
    slug: 'bracelet-zitan',
    kind: 'goods',
    category: '手串',
    title: '小叶紫檀手串',
    subtitle: '印度小叶紫檀 · 高密油性 · 手工打磨',
    cover: 'zitan-ring',
    gallery: ['zitan-coil'],
    describe: (url) =>
      '<h3>商品介绍</h3>' +
      '<p>选用印度小叶紫檀原木，木质细密、手感沉实，新串呈紫红色，日常盘玩后会慢慢转为深紫近黑，光泽温润。每颗珠子经粗车、细磨、抛光多道工序手工完成，孔道顺直，佩戴不刮手。</p>' +
      '<p>20 颗款为单圈手串，108 颗款可绕腕三到四圈，也可挂在胸前作念珠。</p>' +
      `<p><img src="${url('zitan-coil')}" alt="108 颗款示意"></p>` +
      '<h3>规格参数</h3>' +
      specTable([
        ['材质', '印度小叶紫檀（Pterocarpus santalinus）'],
        ['珠径', '8 毫米 / 10 毫米，误差 ±0.3 毫米'],
        ['颗数', '20 颗（周长约 16–20 厘米）/ 108 颗'],
        ['配件', '弹力线穿制，附佛头与流苏，另送备用弹力线一根'],
      ]) +
      '<h3>保养方法</h3><ul>' +
      '<li>避免沾水、汗液和化妆品；洗手、洗澡、运动前请取下。</li>' +
      '<li>新串先用干净的棉布擦拭，不要用手直接大力搓揉，以免留下汗渍。</li>' +
      '<li>不戴时放入布袋，远离暖气和阳光直晒，防止开裂。</li>' +
      '</ul>' +
      CULTURE_NOTE +
      GOODS_SERVICE,
    options: [
      { name: '尺寸', values: ['8mm', '10mm'] },
      { name: '颗数', values: ['20颗', '108颗'] },
    ],
    skus: [
      { values: ['8mm', '20颗'], price: 12800, stock: 86 },
      { values: ['10mm', '20颗'], price: 16800, stock: 64 },
      { values: ['8mm', '108颗'], price: 39800, stock: 23, image: 'zitan-coil' },
      { values: ['10mm', '108颗'], price: 59800, stock: 9, image: 'zitan-coil' },
    ],
    originalPrice: 16800,
    sort: 10,
  },
  {
    slug: 'calendar-2027-tear-off',
    kind: 'goods',
    category: '台历',
    title: '2027 丁未年老黄历日撕本',
    subtitle: '一日一页 · 宜忌吉时 · 可挂可立',
    cover: 'tear-off-calendar',
    gallery: [],
    describe: () =>
      '<h3>商品介绍</h3>' +
      '<p>小时候家里墙上挂的那本“老黄历”：一天一页，撕下一页就是新的一天。每页印有公历、农历、干支、星期、节气，以及当日宜忌、吉神方位和时辰吉凶，字大清晰。</p>' +
      '<p>顶部留有挂孔，背面附折叠支架，挂在墙上或立在桌上都可以。</p>' +
      '<h3>规格参数</h3>' +
      specTable([
        ['年份', '2027 年全年，365 页'],
        ['尺寸', '小本 32 开（约 13×18 厘米）；大本 16 开（约 18×26 厘米）'],
        ['纸张', '70 克米黄色书写纸，易撕不掉渣'],
      ]) +
      GOODS_SERVICE,
    options: [{ name: '规格', values: ['小本 32开', '大本 16开'] }],
    skus: [
      { values: ['小本 32开'], price: 2800, stock: 400 },
      { values: ['大本 16开'], price: 3800, stock: 260 },
    ],
    sort: 15,
  },
  {
    slug: 'bracelet-obsidian-pixiu',
    kind: 'goods',
    category: '手串',
    title: '黑曜石貔貅手串',
    subtitle: '天然黑曜石 · 整料雕貔貅 · 金色隔珠',
    cover: 'obsidian-pixiu',
    gallery: [],
    describe: () =>
      '<h3>商品介绍</h3>' +
      '<p>黑曜石是天然火山玻璃，乌黑透亮，强光下可见淡淡的彩虹光泽。主珠为整块黑曜石雕刻的貔貅，头部昂起、鬃毛卷曲，两侧各配一颗金色合金隔珠，简洁耐看，男女皆宜。</p>' +
      '<h3>规格参数</h3>' +
      specTable([
        ['材质', '天然黑曜石；隔珠为镀金合金'],
        ['珠径', '10 / 12 / 14 毫米可选，貔貅约 14×30 毫米'],
        ['周长', '约 17–19 厘米，弹力线可适度伸缩'],
      ]) +
      '<h3>保养方法</h3><ul>' +
      '<li>黑曜石硬度不高，避免与硬物碰撞、摔落。</li>' +
      '<li>可用清水冲洗后擦干，不要用酒精、清洁剂浸泡，以免隔珠褪色。</li>' +
      '</ul>' +
      CULTURE_NOTE +
      GOODS_SERVICE,
    options: [{ name: '珠径', values: ['10mm', '12mm', '14mm'] }],
    skus: [
      { values: ['10mm'], price: 8800, stock: 120 },
      { values: ['12mm'], price: 10800, stock: 80 },
      { values: ['14mm'], price: 12800, stock: 35 },
    ],
    originalPrice: 12800,
    sort: 20,
  },
  {
    slug: 'ornament-copper-gourd',
    kind: 'goods',
    category: '摆件',
    title: '纯铜葫芦摆件',
    subtitle: '黄铜整铸 · 红绳流苏 · 案头玄关皆宜',
    cover: 'copper-gourd',
    gallery: ['gourd-sizes'],
    describe: (url) =>
      '<h3>商品介绍</h3>' +
      '<p>葫芦谐音“福禄”，是流传很广的吉祥器物。本品以黄铜整体铸造，表面拉丝后做仿古处理，颜色温润不刺眼；腰间系手编红绳与流苏，放在玄关柜、书桌、茶台上都很合适。</p>' +
      `<p><img src="${url('gourd-sizes')}" alt="三个尺寸对比示意"></p>` +
      '<h3>规格参数</h3>' +
      specTable([
        ['材质', '黄铜（铜含量约 62%）'],
        ['尺寸', '小号高约 8 厘米；中号高约 12 厘米；大号高约 18 厘米'],
        ['重量', '小号约 120 克；中号约 330 克；大号约 860 克'],
        ['工艺', '整体铸造，拉丝仿古，顶盖可旋开'],
      ]) +
      '<h3>保养方法</h3><ul>' +
      '<li>铜器接触空气会慢慢氧化变深，属正常现象，可用干软布常擦保持光泽。</li>' +
      '<li>避免潮湿和酸碱物质，不要用钢丝球擦拭。</li>' +
      '</ul>' +
      CULTURE_NOTE +
      GOODS_SERVICE,
    options: [{ name: '尺寸', values: ['小号 高约8cm', '中号 高约12cm', '大号 高约18cm'] }],
    skus: [
      { values: ['小号 高约8cm'], price: 6800, stock: 150 },
      { values: ['中号 高约12cm'], price: 12800, stock: 90 },
      { values: ['大号 高约18cm'], price: 22800, stock: 30 },
    ],
    sort: 30,
  },
  {
    slug: 'ornament-five-coins',
    kind: 'goods',
    category: '摆件',
    title: '五帝钱挂件',
    subtitle: '仿古铜钱五枚 · 中国结红绳 · 门厅车内可挂',
    cover: 'five-coins',
    gallery: [],
    describe: () =>
      '<h3>商品介绍</h3>' +
      '<p>“五帝钱”指清代顺治、康熙、雍正、乾隆、嘉庆五朝的通宝铜钱，民间常串在一起挂在门厅，取五代兴盛、平安吉祥的寓意。</p>' +
      '<p>本品的五枚铜钱为<strong>按原品尺寸复刻的仿古钱</strong>，不是古董，请知悉。铜钱以红绳串起，上端编中国结，下端缀流苏。</p>' +
      '<h3>规格参数</h3>' +
      specTable([
        ['材质', '黄铜仿古铜钱，涤纶红绳'],
        ['尺寸', '铜钱直径约 2.5 厘米；挂件款全长约 38 厘米，车挂款全长约 18 厘米'],
      ]) +
      '<h3>保养方法</h3><ul><li>红绳避免长期暴晒，褪色后可联系客服免费换绳（需自付邮费）。</li></ul>' +
      CULTURE_NOTE +
      GOODS_SERVICE,
    options: [{ name: '款式', values: ['挂件款 约38cm', '车挂款 约18cm'] }],
    skus: [
      { values: ['挂件款 约38cm'], price: 3900, stock: 200 },
      { values: ['车挂款 约18cm'], price: 2900, stock: 160 },
    ],
    sort: 40,
  },
  {
    slug: 'ornament-luopan',
    kind: 'goods',
    category: '摆件',
    title: '风水罗盘',
    subtitle: '实木底座 · 铜面盘 · 天心十道',
    cover: 'luopan',
    gallery: [],
    describe: () =>
      '<h3>商品介绍</h3>' +
      '<p>罗盘由天池（指南针）、内盘和外盘组成，外盘方形底座上拉有红色十字线，称“天心十道”，用来对准房屋的坐向。我们选的是圈层清楚、字迹锐利的款式，磁针灵敏、归位快，初学者对照书本也能看懂。</p>' +
      '<p>4.2 寸适合随身带着看房；6.2 寸为综合盘，圈层更全；8.2 寸为三元盘，适合有一定基础的使用者。</p>' +
      '<h3>规格参数</h3>' +
      specTable([
        ['底座', '实木，表面清漆'],
        ['盘面', '铜板印刷，4.2 寸约 14 厘米见方，6.2 寸约 21 厘米，8.2 寸约 27 厘米'],
        ['天池', '进口磁针，玻璃罩密封，内有海底线'],
      ]) +
      '<h3>使用与保养</h3><ul>' +
      '<li>使用时远离手机、钢筋柱和电器，平放后待磁针静止再读数。</li>' +
      '<li>不要与磁铁放在一起，以免磁针退磁。</li>' +
      '</ul>' +
      GOODS_SERVICE,
    options: [{ name: '尺寸', values: ['4.2寸 便携盘', '6.2寸 综合盘', '8.2寸 三元盘'] }],
    skus: [
      { values: ['4.2寸 便携盘'], price: 16800, stock: 40 },
      { values: ['6.2寸 综合盘'], price: 32800, stock: 25 },
      { values: ['8.2寸 三元盘'], price: 58800, stock: 8 },
    ],
    sort: 50,
  },
  {
    slug: 'ornament-wenchang-tower',
    kind: 'goods',
    category: '摆件',
    title: '文昌塔摆件',
    subtitle: '七层黄铜宝塔 · 书桌案头',
    cover: 'wenchang-tower',
    gallery: [],
    describe: () =>
      '<h3>商品介绍</h3>' +
      '<p>文昌塔取“文运昌盛”之意，常被家长放在孩子的书桌上，也适合送给备考的朋友。七层塔身层层收分，飞檐上翘，底座稳重，做工精细。</p>' +
      '<h3>规格参数</h3>' +
      specTable([
        ['材质', '黄铜'],
        ['高度', '约 15 厘米 / 约 22 厘米'],
        ['重量', '约 280 克 / 约 620 克'],
      ]) +
      '<h3>保养方法</h3><ul><li>用干软布擦拭即可，避免潮湿。</li></ul>' +
      CULTURE_NOTE +
      GOODS_SERVICE,
    options: [{ name: '高度', values: ['高约15cm', '高约22cm'] }],
    skus: [
      { values: ['高约15cm'], price: 8800, stock: 70 },
      { values: ['高约22cm'], price: 15800, stock: 40 },
    ],
    sort: 60,
  },
  {
    slug: 'book-yuanhai-ziping',
    kind: 'goods',
    category: '书籍',
    title: '《渊海子平》注解本',
    subtitle: '子平八字奠基之作 · 原文 + 注释 + 白话',
    cover: 'book-ziping',
    gallery: ['book-inside'],
    describe: (url) =>
      '<h3>内容简介</h3>' +
      '<p>《渊海子平》相传由宋代徐子平的学说整理而成，是以日干为主、论十神格局的“子平法”最早的系统著作，后世八字命理大都由此而来。</p>' +
      '<p>本注解本以通行刻本为底本，逐段给出原文、字词注释和白话译文，难懂的口诀另附排盘示例，方便对照学习。</p>' +
      `<p><img src="${url('book-inside')}" alt="内页版式示意"></p>` +
      '<h3>规格参数</h3>' +
      specTable([
        ['开本', '16 开'],
        ['装帧', '平装上下两册；线装一函四册（宣纸印刷，附函套）'],
        ['字体', '原文繁体竖排，注释与白话简体横排'],
      ]) +
      '<h3>适合读者</h3><ul><li>学过八字基础、想读原典的爱好者。</li><li>研究传统文化与古籍的读者。</li></ul>' +
      GOODS_SERVICE,
    options: [{ name: '装帧', values: ['平装 上下册', '线装 一函四册'] }],
    skus: [
      { values: ['平装 上下册'], price: 6800, stock: 150 },
      { values: ['线装 一函四册'], price: 19800, stock: 30 },
    ],
    sort: 70,
  },
  {
    slug: 'book-sanming-tonghui',
    kind: 'goods',
    category: '书籍',
    title: '《三命通会》白话版',
    subtitle: '明·万民英原著 · 全本原文白话对照',
    cover: 'book-sanming',
    gallery: ['book-inside'],
    describe: (url) =>
      '<h3>内容简介</h3>' +
      '<p>《三命通会》为明代万民英所著，共十二卷，汇集了明代以前的命理学说，从五行、干支、神煞到格局、六亲无所不包，被称为命理学的“百科全书”。</p>' +
      '<p>白话版保留全部原文，每段之后附白话翻译，并对书中大量的口诀、赋文做了标点与简要解释。</p>' +
      `<p><img src="${url('book-inside')}" alt="内页版式示意"></p>` +
      '<h3>规格参数</h3>' +
      specTable([
        ['开本', '16 开，全三册'],
        ['装帧', '平装 / 精装（布面烫金，附书签带）'],
        ['页数', '约 1500 页'],
      ]) +
      GOODS_SERVICE,
    options: [{ name: '装帧', values: ['平装 全三册', '精装 全三册'] }],
    skus: [
      { values: ['平装 全三册'], price: 9800, stock: 120 },
      { values: ['精装 全三册'], price: 15800, stock: 60 },
    ],
    sort: 80,
  },
  {
    slug: 'course-bazi-rumen',
    kind: 'course',
    category: '课程',
    title: '八字入门二十讲',
    subtitle: '从天干地支到读懂一张命盘',
    cover: 'course-bazi',
    gallery: [],
    describe: (_url, lessons) =>
      '<h3>课程简介</h3>' +
      '<p>零基础也能跟上的八字入门课。先把天干地支、阴阳五行这些“字母表”学扎实，再学排盘、十神、旺衰和大运流年，最后用完整的实例把知识串起来。</p>' +
      syllabus(lessons) +
      '<h3>适合谁学</h3><ul><li>对传统文化感兴趣、想看懂自己命盘的朋友。</li><li>用过排盘工具、想知道每一栏是什么意思的用户。</li></ul>' +
      COURSE_TERMS,
    options: [],
    skus: [{ values: [], price: 4900, vipPrice: 3900, stock: 99999 }],
    courseId: 'bazi-rumen',
    sort: 90,
  },
  {
    slug: 'course-liuyao-jichu',
    kind: 'course',
    category: '课程',
    title: '六爻基础精讲',
    subtitle: '起卦、装卦、取用神，一步步学会解卦',
    cover: 'course-liuyao',
    gallery: [],
    describe: (_url, lessons) =>
      '<h3>课程简介</h3>' +
      '<p>六爻是以《周易》六十四卦为基础、用铜钱起卦的占问方法。本课从八卦结构讲起，手把手带你起卦、装卦，讲清用神、旺衰和动变，每一步都配练习题。</p>' +
      syllabus(lessons) +
      '<h3>适合谁学</h3><ul><li>学过一点《周易》、想学一门可以上手的方法的朋友。</li></ul>' +
      COURSE_TERMS,
    options: [],
    skus: [{ values: [], price: 3900, vipPrice: 2900, stock: 99999 }],
    courseId: 'liuyao-jichu',
    sort: 100,
  },
  {
    slug: 'course-fengshui-jujia',
    kind: 'course',
    category: '课程',
    title: '居家风水实用课',
    subtitle: '看户型、理格局，布置一个住得舒服的家',
    cover: 'course-fengshui',
    gallery: [],
    describe: (_url, lessons) =>
      '<h3>课程简介</h3>' +
      '<p>不讲玄虚，只讲居住。从量方位、看户型图开始，逐个空间讲采光、通风、动线和摆放的讲究，告诉你哪些说法有道理、哪些是以讹传讹。买房、装修、搬家前看一遍，少走弯路。</p>' +
      syllabus(lessons) +
      '<h3>适合谁学</h3><ul><li>准备买房、装修或搬家的朋友。</li><li>想把现在的家调整得更舒适的朋友。</li></ul>' +
      COURSE_TERMS,
    options: [],
    skus: [{ values: [], price: 2900, vipPrice: 1900, stock: 99999 }],
    courseId: 'fengshui-jujia',
    sort: 110,
  },
  {
    slug: 'course-fengshui-shangpu',
    kind: 'course',
    category: '课程',
    title: '店铺与办公室风水',
    subtitle: '门头、收银台与工位，开店办公前的布局课',
    cover: 'luopan',
    gallery: [],
    describe: (_url, lessons) =>
      '<h3>课程简介</h3>' +
      '<p>商业空间和住宅不同：要迎客、要留客，也要让员工坐得安稳。本课从选址看街道和人流讲起，到门头招牌、收银台、老板位与工位的安排，每一讲都配实际店面和办公室的平面图讲解，不推销任何摆件。</p>' +
      syllabus(lessons) +
      '<h3>适合谁学</h3><ul><li>准备开店、换办公室的老板和店长。</li><li>负责装修布置的行政和设计人员。</li></ul>' +
      COURSE_TERMS,
    options: [],
    skus: [{ values: [], price: 2900, vipPrice: 1900, stock: 99999 }],
    courseId: 'fengshui-shangpu',
    sort: 112,
  },
  {
    slug: 'course-zeri-shiwu',
    kind: 'course',
    category: '课程',
    title: '择日实务：嫁娶、搬家与开业',
    subtitle: '从黄历到命理，挑一个适合自己的日子',
    cover: 'tear-off-calendar',
    gallery: [],
    describe: (_url, lessons) =>
      '<h3>课程简介</h3>' +
      '<p>挑日子不只是翻黄历找“宜”字。本课先讲择日的基本思路和必须避开的大忌，再结合当事人的生肖和八字筛选日子，最后分嫁娶、搬家入宅、开业开工三类事情逐一示范。建议先学免费课“看懂老黄历”。</p>' +
      syllabus(lessons) +
      '<h3>适合谁学</h3><ul><li>家里有婚礼、乔迁、开业安排的朋友。</li><li>学过黄历基础、想进一步学会择日的同学。</li></ul>' +
      COURSE_TERMS,
    options: [],
    skus: [{ values: [], price: 2900, vipPrice: 1900, stock: 99999 }],
    courseId: 'zeri-shiwu',
    sort: 114,
  },
  {
    slug: 'service-bazi-xiangpi',
    kind: 'service',
    category: '咨询服务',
    title: '八字详批',
    subtitle: '七星堂·张师傅一对一 · 书面报告',
    cover: 'service-bazi',
    gallery: [],
    describe: () =>
      '<h3>服务内容</h3>' +
      '<p>由七星堂张师傅根据您的出生时间排盘，从性格特点、五行喜忌、学业事业、财运方向、婚恋家庭、健康注意几个方面逐一分析，并讲解未来十年大运走势和近三年的流年提示。报告用平实的话写成，不堆术语。</p>' +
      '<ul><li>文字详批：书面报告约 4000 字。</li><li>文字详批 + 语音答疑：在报告之外，另约 30 分钟语音通话，针对您关心的问题逐一解答。</li></ul>' +
      '<h3>服务流程</h3><ol>' +
      '<li>下单付款后，在订单页查看师傅名片，添加张师傅微信。</li>' +
      '<li>发送姓名（可用化名）、性别、出生年月日时和出生地，以及最想了解的问题。</li>' +
      '<li>师傅在 3 个工作日内交付书面报告。</li>' +
      '<li>选择语音答疑的，收到报告后与师傅约定通话时间。</li>' +
      '</ol>' +
      '<p>出生时辰不确定的，请在咨询时说明，师傅会先帮您推定时辰。</p>' +
      SERVICE_TERMS,
    options: [{ name: '方式', values: ['文字详批', '文字详批+语音答疑'] }],
    skus: [
      { values: ['文字详批'], price: 28800, stock: 30 },
      { values: ['文字详批+语音答疑'], price: 48800, stock: 15 },
    ],
    sellid: MASTER.bazi,
    sort: 120,
  },
  {
    slug: 'service-fengshui-online',
    kind: 'service',
    category: '咨询服务',
    title: '线上风水咨询',
    subtitle: '七星堂·李师傅 · 看户型图给可落地的建议',
    cover: 'service-fengshui',
    gallery: [],
    describe: () =>
      '<h3>服务内容</h3>' +
      '<p>由七星堂李师傅根据您的户型图和房屋朝向，分析整体格局，以及入户、客厅、卧室、厨卫的布局，给出家具摆放、颜色搭配、动线调整等可以直接照做的建议。只讲怎么调整，不推销任何物件。</p>' +
      '<h3>服务流程</h3><ol>' +
      '<li>下单付款后，在订单页查看师傅名片，添加李师傅微信。</li>' +
      '<li>发送户型图（最好标注尺寸）、在大门处用手机指南针测得的朝向截图、家庭成员的出生年份，以及想解决的问题。</li>' +
      '<li>约定时间视频连线约 60 分钟，可以边看房边讲。</li>' +
      '<li>连线后 3 个工作日内，师傅整理一份书面建议发给您。</li>' +
      '</ol>' +
      '<p>如需上门勘测，目前只在部分城市提供，请先与师傅沟通时间和费用。</p>' +
      SERVICE_TERMS,
    options: [{ name: '户型', values: ['两居及以下', '三居及以上'] }],
    skus: [
      { values: ['两居及以下'], price: 36800, stock: 20 },
      { values: ['三居及以上'], price: 56800, stock: 10 },
    ],
    sellid: MASTER.fengshui,
    sort: 130,
  },
];
