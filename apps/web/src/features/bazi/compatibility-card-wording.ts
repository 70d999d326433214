/**
 * How 合盘 words a topic whose grade is 凶. One pair of branches is compared, so the card never prints a
 * bare 凶 (or 大凶) for a marriage or an illness: it gives the advice a 合婚 reading gives for that topic
 * (缘分需经营) and the relation found as the reason beside it (生肖相害 / 日支相害), and the topic's
 * reading keeps the relation and its meaning without repeating the grade.
 */

/** The five topics of a jxfen answer. */
export type CompatTopicKey = 'marriage' | 'wealth' | 'moving' | 'illness' | 'lawsuit';

/** Which branches were paired: the year's (生肖) or the day's (日支, 夫妻宫). */
export type CompatBasis = 'year' | 'day';

/** The advice per topic for a 凶 grade, in the plain words of a reading. */
export const TOPIC_ADVICE: Record<CompatTopicKey, string> = {
  marriage: '缘分需经营',
  wealth: '求财宜稳健',
  moving: '迁居宜缓行',
  illness: '起居宜调养',
  lawsuit: '宜和不宜争',
};

/** The relations that make a topic 凶, as the reason's verb. */
const RELATION_WORDS: Partial<Record<string, string>> = {
  冲: '相冲',
  刑: '相刑',
  害: '相害',
  破: '相破',
};

/** A topic's grade as the card shows it. */
export interface TopicWords {
  /** The grade (大吉 … 中平), or a 凶 topic's advice. */
  label: string;
  /** The reason beside a 凶 topic's advice (生肖相害); null for the others. */
  reason: string | null;
  /** Whether the topic is 凶 (the calm caution tone). */
  caution: boolean;
}

/** The words for `topic` graded `jx`, the two branches standing in `relation`, paired on `basis`. */
export function topicWords(
  topic: CompatTopicKey,
  jx: string,
  relation: string,
  basis: CompatBasis,
): TopicWords {
  if (!jx.includes('凶')) return { label: jx, reason: null, caution: false };
  const side = basis === 'year' ? '生肖' : '日支';
  const verb = RELATION_WORDS[relation];
  const reason = verb ? `${side}${verb}` : relation === '克' ? '五行相克' : `${side}欠合`;
  return { label: TOPIC_ADVICE[topic], reason, caution: true };
}

/**
 * A topic's reading without its bare grade: the engine writes '子午相冲，婚姻中凶：…'; a 凶 topic reads
 * '子午相冲：…' (the advice and reason stand above it). Other readings are left as they are.
 */
export function topicReading(desc: string, topicLabel: string, jx: string): string {
  return jx.includes('凶') ? desc.replace(`，${topicLabel}${jx}：`, '：') : desc;
}
