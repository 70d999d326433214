import type { BzChart } from './api/get-bzdata';
import styles from './ConventionsCard.module.css';
import { PILLARS } from './PillarTable';

/**
 * The 口径 card and the boundary warnings. "My chart differs from 问真" is the top complaint in this
 * field (PRODUCT.md#bazi "Schools differ"), caused by the 子时 school, true solar time, the 起运 school and 立春;
 * so the chart says which conventions it used, shows clock and corrected time side by side, and for a
 * birth near a boundary prints the pillars the other side would give.
 */
export function ConventionsCard({ chart }: { chart: BzChart }) {
  const { time } = chart;
  const items = chart.koujing.split(' · ');
  return (
    <div>
      <ul className={styles.koujing} aria-label="排盘口径">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <dl className={styles.times}>
        <div>
          <dt>钟表时间</dt>
          <dd>
            {time.clock.slice(0, 16)}
            {time.dst ? '（夏令时）' : ''}
          </dd>
        </div>
        {time.dst || time.standard !== time.clock ? (
          <div>
            <dt>标准时间</dt>
            <dd>{time.standard.slice(0, 16)}</dd>
          </div>
        ) : null}
        {time.trueSolar ? (
          <div>
            <dt>真太阳时</dt>
            <dd>
              {time.trueSolar.time.slice(0, 16)}
              <span className={styles.detail}>
                （东经{time.trueSolar.longitude}°，经度差{signed(time.trueSolar.longitudeMinutes)}分，均时差
                {signed(time.trueSolar.eotMinutes)}分）
              </span>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>排盘所用</dt>
          <dd>{time.used.slice(0, 16)}</dd>
        </div>
      </dl>

      {chart.warnings.length > 0 ? (
        <section className={styles.warnings} aria-label="边界提醒">
          <h3 className={styles.warnTitle}>⚠ 边界提醒</h3>
          {chart.warnings.map((w) => (
            <div key={`${w.kind}${w.message}`} className={styles.warning}>
              <p>{w.message}</p>
              {w.alternative ? (
                <p className={styles.alt}>
                  另一种读法：
                  {PILLARS.map(([key, label]) => {
                    const changed = w.alternative?.[key] !== chart.sizhu[key];
                    return (
                      <span key={key} className={changed ? styles.changed : undefined} title={label}>
                        {w.alternative?.[key]}
                      </span>
                    );
                  })}
                </p>
              ) : null}
            </div>
          ))}
        </section>
      ) : null}
    </div>
  );
}

function signed(value: number): string {
  return `${value > 0 ? '+' : ''}${value}`;
}
