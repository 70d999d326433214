import type { XiyongAnswer } from '@xuanli/contracts/bazi';
import { WUXING_FILL, WUXING_TEXT, type Wuxing } from './elements';
import styles from './XiyongCard.module.css';

/** What each verdict means in a few plain words, beside the verdict itself. */
const STRENGTH_GLOSS: Record<XiyongAnswer['strength'], string> = {
  身强: '日主得助较多',
  身弱: '日主得助较少',
  中和: '扶抑大体相当',
  从强: '旺极宜从，取用与身强相反',
  从弱: '弃命从势，取用与身弱相反',
};

/** The score as a whole percentage, bounded to the bar. */
export function scorePercent(score: number): number {
  return Math.round(Math.min(1, Math.max(0, score)) * 100);
}

function Phases({ label, phases }: { label: string; phases: readonly string[] }) {
  return (
    <div className={styles.phases}>
      <dt>{label}</dt>
      <dd>
        {phases.length === 0
          ? '—'
          : phases.map((p) => (
              <span key={p} className={styles.phase} style={{ color: WUXING_TEXT[p as Wuxing] }}>
                {p}
              </span>
            ))}
      </dd>
    </div>
  );
}

/**
 * 喜用神 of the chart as the engine weighs it: the verdict (身强 … 从弱) with the share of support on a
 * bar, the favourable and unfavourable phases in their colours (the character always printed too), and
 * the steps of the reasoning. Worded as a tendency, as the readings are.
 */
export function XiyongCard({ xiyong }: { xiyong: XiyongAnswer }) {
  const percent = scorePercent(xiyong.score);
  const lead = xiyong.favourable[0] as Wuxing | undefined;
  return (
    <div className={styles.card}>
      <p className={styles.verdict}>
        <strong>{xiyong.strength}</strong>
        <span className={styles.gloss}>{STRENGTH_GLOSS[xiyong.strength]}</span>
      </p>
      {/* The bar only draws the figure printed under it, which is what a screen reader reads. */}
      <div className={styles.track} aria-hidden="true">
        <span
          className={styles.bar}
          data-testid="xiyong-bar"
          style={{ width: `${percent}%`, background: lead ? WUXING_FILL[lead] : undefined }}
        />
      </div>
      <p className={styles.scale}>扶身之力 {percent}%</p>
      <dl className={styles.lists}>
        <Phases label="喜用" phases={xiyong.favourable} />
        <Phases label="忌" phases={xiyong.unfavourable} />
      </dl>
      {xiyong.reasons.length > 0 ? (
        <details className={styles.reasons}>
          <summary>推算依据</summary>
          <ol>
            {xiyong.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ol>
        </details>
      ) : null}
      <p className={styles.note}>喜用神为命局取用的一般倾向，仅供参考。</p>
    </div>
  );
}
