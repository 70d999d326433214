import { ANIMALS, BRANCHES } from '@xuanli/almanac/ganzhi';
import type { HehunAnswer } from '@xuanli/contracts/bazi';
import { Skeleton, SkeletonBlock } from '@/components/Skeleton';
import { hehunBody, useHehun } from './api/get-hehun';
import styles from './HehunView.module.css';
import { LoadProblem } from './LoadProblem';
import type { SavedProfile } from './profiles';

/** The parts of the reading, in the order it weighs them. */
const TOPICS = ['夫妻宫', '四柱', '配偶星', '五行', '大运'] as const;

/** Why each part counts, in a line. */
const TOPIC_NOTES: Record<(typeof TOPICS)[number], string> = {
  夫妻宫: '两人日柱（夫妻宫）的合冲',
  四柱: '其余各柱之间的合冲刑害',
  配偶星: '各自命中的夫星、妻星',
  五行: '五行互补与所喜',
  大运: '成年后同行的大运',
};

/**
 * The tone of a level: green for 上等 and 中上, grey for 中等, a calm brown for 需经营 — words first,
 * never an alarm red (a hard pairing is one that needs more care).
 */
const LEVEL_TONES: Record<HehunAnswer['level'], string> = {
  上等: styles.good,
  中上: styles.good,
  中等: styles.plain,
  需经营: styles.care,
};

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** '庚午' → '马'. */
function animalOf(pillar: string): string {
  return ANIMALS[BRANCHES.indexOf(pillar[1] as (typeof BRANCHES)[number])] ?? '';
}

/**
 * 八字合婚 of the profile being read with another saved one, from both whole charts (the API's hehun):
 * the total and its level in restrained words, each part's subtotal with the points behind it (their
 * reasons and weights), and the 生肖 pairing as the simple view beside it.
 */
export function HehunView({ current, other }: { current: SavedProfile; other: SavedProfile }) {
  const reading = useHehun(hehunBody(current, other));
  if (reading.isError)
    return (
      <LoadProblem what="八字合婚暂时无法获取" error={reading.error} onRetry={() => reading.refetch()} />
    );
  if (!reading.data)
    return (
      <Skeleton label="正在合婚">
        <SkeletonBlock height={40} width="50%" />
        <SkeletonBlock height={120} />
      </Skeleton>
    );
  const data = reading.data;
  return (
    <section className={styles.hehun} aria-label="八字合婚">
      <div className={styles.head}>
        <h3 className={styles.title}>八字合婚</h3>
        <span className={styles.total}>
          <strong>{data.total}</strong>分
        </span>
        <span className={`${styles.level} ${LEVEL_TONES[data.level]}`}>{data.level}</span>
      </div>
      <p className={styles.summary}>{data.summary}</p>
      <ul className={styles.topics} aria-label="合婚各项">
        {TOPICS.map((topic) => (
          <Topic key={topic} topic={topic} data={data} />
        ))}
      </ul>
      <p className={styles.zodiac}>
        生肖：{data.a.label}属{animalOf(data.a.pillars.year)}，{data.b.label}属{animalOf(data.b.pillars.year)}
        ，{data.zodiac.detail}
      </p>
      <p className={styles.note} role="note">
        按两人完整八字的夫妻宫、四柱、配偶星、五行与大运逐项计分，每项列出依据与权重；分数只说明八字之间合与冲的多少，婚姻更在于彼此的相处与经营。
      </p>
    </section>
  );
}

/** One part: its subtotal, and on a tap the points behind it. */
function Topic({ topic, data }: { topic: (typeof TOPICS)[number]; data: HehunAnswer }) {
  const points = data.points.filter((p) => p.topic === topic);
  return (
    <li className={styles.topic}>
      <details>
        <summary>
          <span className={styles.topicName}>{topic}</span>
          <span className={styles.topicNote}>{TOPIC_NOTES[topic]}</span>
          <span className={styles.subtotal}>{signed(data.subtotals[topic])}</span>
        </summary>
        {points.length === 0 ? (
          <p className={styles.empty}>此项没有合冲，不加不减。</p>
        ) : (
          <ul className={styles.points}>
            {points.map((p) => (
              <li key={p.text}>
                <span>{p.text}</span>
                <span className={styles.pointValue}>
                  {signed(p.points)}
                  {p.weight !== 1 && <span className={styles.weight}> ×{p.weight}</span>}
                </span>
              </li>
            ))}
          </ul>
        )}
      </details>
    </li>
  );
}
