/**
 * The 风水 case articles (label 风水), written for this app: each tells one small job of the 风水 service
 * — the situation, what was seen on site, what was changed and how it went. They stay with what a
 * visit can honestly change (light, air, quiet, the way people move through a room) and promise no
 * fortune; the 风水 page (pages/ketang/fengshui) lists them as its 案例.
 */

/** One case, in the order the article tells it. */
export interface FengshuiCaseText {
  /** The article's name within the label. */
  name: string;
  title: string;
  /** One or two sentences for the list. */
  summary: string;
  /** 基本情况: who, what kind of space, what they asked about. */
  situation: string;
  /** 现场所见: what was observed. */
  observed: readonly string[];
  /** 怎么调整: what was changed. */
  changes: readonly string[];
  /** 调整之后: how it went, at the follow-up visit. */
  result: string;
}

/** The cases in display order. */
export const FENGSHUI_CASE_TEXTS: readonly FengshuiCaseText[] = [
  {
    name: '朝北老公寓的采光与动线',
    title: '一套朝北老公寓的采光与动线调整',
    summary: '两室一厅的老公寓窗户朝北，白天也要开灯。挪开书柜、换浅色墙面、理顺进厨房的路，家里亮堂了。',
    situation:
      '一对退休夫妇住在九十年代建成的老公寓三楼，两室一厅，六十平方米左右，主要窗户朝北。两位老人说家里白天也得开灯，总觉得压抑，做饭端菜转不开身，冬天屋里阴冷。',
    observed: [
      '客厅北窗前立着一排高书柜，挡住了近三分之一的窗面。',
      '进门要绕过餐桌才能到厨房，端菜时常和人撞在一起。',
      '墙面是深色护墙板，地板深棕色，光线进来就被吸掉了。',
      '主卧床头紧贴窗下的外墙，老窗漏风，冬夜冷风直吹床头。',
    ],
    changes: [
      '书柜移到侧墙，窗前只留一个矮柜；窗帘换成浅色纱帘加遮光帘两层。',
      '餐桌转九十度靠墙，从门口到厨房让出一条九十厘米宽的直道。',
      '护墙板刷成米白色，客厅添一盏暖白吸顶灯和一盏落地灯。',
      '床挪到内墙一侧，床头离开窗户，老窗加装密封条。',
    ],
    result:
      '前后花了一个周末，材料费不到两千元。两个月后回访，老人说白天客厅基本不用开灯，做饭不再绕路，夜里睡觉也不觉得有风。传统讲“明堂宜亮、动线宜顺”，落到实处，就是让光进得来、人走得顺。',
  },
  {
    name: '社区小超市的入口与收银台',
    title: '社区小超市的入口与收银台布局',
    summary:
      '小区门口的超市，门口堆头挡路、收银台一排队就堵门。让出入口、侧放收银台、降低靠门货架后，进出顺畅了。',
    situation:
      '一家开在小区门口的便民超市，八十平方米左右。店主说路过的人不少，可很多人在门口看一眼就走；傍晚下班高峰，收银台前的队伍一直排到门外。',
    observed: [
      '门口堆着促销纸箱和饮料堆头，入口只剩一人宽。',
      '收银台紧挨大门、正对门口，排队的人把进出的路堵住了。',
      '靠门的几排高货架挡住视线，从门外看不到店里卖什么，最里面的日用品区灯光昏暗。',
      '门头招牌字小，灯管坏了一半，天黑后不显眼。',
    ],
    changes: [
      '堆头移进店内主通道右侧，门口留出一米五左右的进出空间。',
      '收银台挪到入口左侧、侧对大门，排队方向顺着墙往店里延伸。',
      '靠门两排换成矮货架，从门外就能看到生鲜和日用区；里侧加装两组灯。',
      '招牌换新，天黑后亮灯。',
    ],
    result:
      '一个月后回访，店主说高峰时门口不再堵，顾客在店里逛的时间长了，日用品也比以前走得快。这里面也有换季的因素，我们不把它说成“风水旺财”：收银台在传统说法里常和“财位”连在一起，我们更看重的是收银员看得到门口、排队不挡路。',
  },
  {
    name: '新婚小家的卧室布置',
    title: '新婚小家的卧室布置',
    summary:
      '十二平方米的卧室，床头靠窗、镜子对床，两人总睡不踏实。床头靠实墙、移走镜子、杂物出屋，睡得安稳多了。',
    situation:
      '一对新婚夫妻买了一套一室一厅的小户型，卧室十二平方米左右，装修完刚住进去。两人都说睡不踏实，夜里常被吵醒，卧室也显得又挤又乱。',
    observed: [
      '床头靠在窗下，窗外就是小区主路，夜里车灯和车声都进得来。',
      '衣柜门正对着床，门上是整面镜子，半夜起身常被镜子里的影子吓一跳。',
      '床的一侧贴着墙，睡里侧的人上下床要从另一个人身上跨过去。',
      '卧室里还放着电脑桌和健身器材，东西多，转身都难。',
    ],
    changes: [
      '床头改靠门边的实墙，两侧各留六十厘米左右的过道，各放一个床头柜。',
      '镜子从衣柜门上拆下，装到卫生间门背后；衣柜门换成浅木色面板。',
      '窗户换遮光帘，窗缝加隔音密封条。',
      '电脑桌移到客厅一角，健身器材收到阳台。',
      '床头灯换成暖光、可调亮度的台灯。',
    ],
    result:
      '一个月后回访，两人说入睡快了，夜里很少再被吵醒，各自上下床也方便。卧室讲究“床头靠实、镜不对床”，说到底是为了让人心里踏实、睡得安稳。',
  },
  {
    name: '小型办公室的座位安排',
    title: '小型办公室的座位安排',
    summary:
      '八个人的设计工作室，工位背对门、屏幕对窗反光。重排座位、挪开打印机、隔出小会议角后，大家坐得安心了。',
    situation:
      '一家八个人的设计工作室，租了七十平方米左右的开放式办公室。老板说同事们常抱怨容易分心、午后犯困，开个小会还得去楼下咖啡店。',
    observed: [
      '大部分工位背对门口，一有人进出，大家就频频回头。',
      '老板坐在进门第一张桌子，访客一进门就站在他身后。',
      '靠窗一排的屏幕正对窗户，午后反光厉害，窗帘只好整天拉着。',
      '打印机放在办公区正中，走动和机器声一直打扰旁边的人。',
      '空调出风口正对着两张工位吹。',
    ],
    changes: [
      '工位改成侧对门口、背靠实墙或隔断，每个人用余光就能看到入口。',
      '老板桌移到最里侧靠墙、面向门口的位置；靠窗一角放一张圆桌和一块白板，做小会议区。',
      '屏幕与窗户垂直摆放，窗帘换成百叶帘，白天可以开着。',
      '打印机移到门边的储物角。',
      '空调出风口加装导风板。',
    ],
    result:
      '调整后回访，同事们说专心多了，午后不用再整屋拉着窗帘，小会在屋里就能开。传统说的“背有靠、前有照”，放到办公室里，就是背后安稳、前方看得见。',
  },
];

/** The article body of a case: its four parts under their headings, and where to ask about one's own. */
export function fengshuiCaseHtml(text: FengshuiCaseText): string {
  const list = (items: readonly string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
  return [
    `<h2>基本情况</h2>\n<p>${text.situation}</p>`,
    `<h2>现场所见</h2>\n${list(text.observed)}`,
    `<h2>怎么调整</h2>\n${list(text.changes)}`,
    `<h2>调整之后</h2>\n<p>${text.result}</p>`,
    '<p>每个空间的情况都不一样，以上做法只作参考。想听听对自己家里或店里的建议，可以在<a href="#/pages/ketang/fengshui">风水医院</a>预约咨询。</p>',
  ].join('\n');
}
