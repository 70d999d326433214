/**
 * The matters 择日 can choose a day for, and its limits: the words alone, without the tables that rank
 * days (zeri.ts), so that a page listing the matters does not carry the engine's day tables.
 */

/**
 * Every matter the day table can name in a 宜 line, in the table's vocabulary order (yiJiWords.ts); a
 * test checks it against the table. 诸事不宜 and 馀事勿取 are verdicts, not matters, and are left out.
 */
// biome-ignore format: the vocabulary, in rows
export const ZERI_ACTIVITIES = [
  '祭祀', '祈福', '求嗣', '开光', '塑绘', '斋醮', '沐浴', '酬神', '造庙', '谢土', '出火', '雕刻', '嫁娶',
  '纳采', '问名', '纳婿', '归宁', '安床', '合帐', '冠笄', '订盟', '进人口', '裁衣', '修坟', '启钻', '破土',
  '安葬', '立碑', '成服', '除服', '开生坟', '合寿木', '入殓', '移柩', '普渡', '入宅', '安香', '安门', '修造',
  '起基', '动土', '上梁', '竖柱', '拆卸', '破屋', '坏垣', '补垣', '作灶', '解除', '开柱眼', '开厕', '造仓',
  '塞穴', '平治道涂', '造桥', '筑堤', '开池', '伐木', '开渠', '掘井', '扫舍', '放水', '合脊', '造畜稠',
  '修门', '定磉', '作梁', '修饰垣墙', '架马', '开市', '挂匾', '纳财', '开仓', '置产', '雇佣', '出货财',
  '安机械', '造车器', '经络', '造船', '割蜜', '栽种', '取渔', '结网', '牧养', '安碓磑', '习艺', '入学',
  '理发', '针灸', '出行', '移徙', '分居', '整手足甲', '纳畜', '捕捉', '畋猎', '教牛马', '会亲友', '赴任',
  '求医', '治病', '盖屋', '交易', '立券', '断蚁', '归岫',
] as const;

/** A matter one can choose a day for. */
export type ZeriActivity = (typeof ZERI_ACTIVITIES)[number];

const ACTIVITY_SET: ReadonlySet<string> = new Set(ZERI_ACTIVITIES);

/** Whether `value` is one of {@link ZERI_ACTIVITIES}. */
export function isZeriActivity(value: unknown): value is ZeriActivity {
  return typeof value === 'string' && ACTIVITY_SET.has(value);
}

/** Largest range of one 择日, in days. */
export const MAX_ZERI_DAYS = 366;
