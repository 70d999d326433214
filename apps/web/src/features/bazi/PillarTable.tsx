import { useState } from 'react';
import type { BzChart } from './api/get-bzdata';
import type { ChartTerm } from './api/term';
import { textColorOf } from './elements';
import styles from './PillarTable.module.css';
import { TermSheet } from './TermSheet';

/** The pillars in chart order and their column headings. */
export const PILLARS = [
  ['year', '年柱'],
  ['month', '月柱'],
  ['day', '日柱'],
  ['hour', '时柱'],
] as const;

/** The short name of a ten god as 问真's 细盘 prints it (正官 → 官, 七杀 → 杀 …), for tight cells. */
const SHORT_GOD: Record<string, string> = {
  比肩: '比',
  劫财: '劫',
  食神: '食',
  伤官: '伤',
  偏财: '才',
  正财: '财',
  七杀: '杀',
  正官: '官',
  偏印: '枭',
  正印: '印',
};

/** A ten god's one-character form, or the name itself when it has none. */
export function shortGod(name: string): string {
  return SHORT_GOD[name] ?? name;
}

/** A term of the table as a 44 px button that opens its sheet (keyboard reachable, named by the term). */
function TermButton({ term, onOpen }: { term: ChartTerm; onOpen: (term: ChartTerm) => void }) {
  return (
    <button type="button" className={styles.term} aria-haspopup="dialog" onClick={() => onOpen(term)}>
      {term.name}
    </button>
  );
}

/**
 * The four-pillar table of the 专业细盘: columns 年柱 月柱 日柱 时柱, rows 十神 (主星), 天干, 地支,
 * 藏干 with their ten gods (副星), 地势 (十二长生 of the day master), 纳音, 旬空 and 神煞. Stems and
 * branches are tinted by 五行, and the characters themselves carry the meaning. The 十神, 纳音 and
 * 神煞 are buttons: each opens a sheet with what the term means and the lessons that teach it. With the
 * birth hour unknown the 时柱 column says 不详 (its stem and branch) or — (what would follow from them).
 */
/** What the hour column shows when the birth hour is unknown. */
export const UNKNOWN_HOUR = '不详';

export function PillarTable({ chart }: { chart: BzChart }) {
  const dayMaster = chart.sex === '男' ? '元男' : '元女';
  const [term, setTerm] = useState<ChartTerm | null>(null);
  return (
    <div className={styles.wrap}>
      <TermSheet term={term} onClose={() => setTerm(null)} />
      <table className={styles.table} aria-label="四柱">
        <thead>
          <tr>
            <th scope="col" className={styles.corner}>
              <span className={styles.srOnly}>项目</span>
            </th>
            {PILLARS.map(([key, label]) => (
              <th key={key} scope="col" className={key === 'day' ? styles.dayCol : undefined}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">十神</th>
            {PILLARS.map(([key]) => (
              <td key={key} className={styles.god}>
                {key === 'day' ? (
                  dayMaster
                ) : chart.shishen[key]?.gan ? (
                  <TermButton term={{ name: chart.shishen[key].gan, kind: '十神' }} onOpen={setTerm} />
                ) : (
                  '—'
                )}
              </td>
            ))}
          </tr>
          <tr className={styles.ganzhiRow}>
            <th scope="row">天干</th>
            {PILLARS.map(([key]) => {
              const gan = chart.sizhu[key]?.[0];
              if (!gan) return <UnknownCell key={key} />;
              return (
                <td key={key} className={styles.big} style={{ color: textColorOf(gan) }}>
                  {gan}
                </td>
              );
            })}
          </tr>
          <tr className={styles.ganzhiRow}>
            <th scope="row">地支</th>
            {PILLARS.map(([key]) => {
              const zhi = chart.sizhu[key]?.[1];
              if (!zhi) return <UnknownCell key={key} />;
              return (
                <td key={key} className={styles.big} style={{ color: textColorOf(zhi) }}>
                  {zhi}
                </td>
              );
            })}
          </tr>
          <tr>
            <th scope="row">藏干</th>
            {PILLARS.map(([key]) => (
              <td key={key}>
                <ul className={styles.hidden}>
                  {(chart.canggan[key] ?? []).map((stem, i) => (
                    <li key={stem}>
                      <span style={{ color: textColorOf(stem) }} className={styles.hiddenStem}>
                        {stem}
                      </span>
                      <span className={styles.hiddenGod}>{chart.shishen[key]?.zhi[i]}</span>
                    </li>
                  ))}
                </ul>
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row">地势</th>
            {PILLARS.map(([key]) => (
              <td key={key}>{chart.dishi[key] ?? '—'}</td>
            ))}
          </tr>
          <tr>
            <th scope="row">纳音</th>
            {PILLARS.map(([key]) => (
              <td key={key} className={styles.small}>
                {chart.nayin[key] ? (
                  <TermButton term={{ name: chart.nayin[key], kind: '纳音' }} onOpen={setTerm} />
                ) : (
                  '—'
                )}
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row">旬空</th>
            {PILLARS.map(([key]) => (
              <td key={key}>{chart.xunkong[key] ?? '—'}</td>
            ))}
          </tr>
          <tr>
            <th scope="row">神煞</th>
            {PILLARS.map(([key]) => (
              <td key={key} className={styles.shensha}>
                {(chart.shensha[key] ?? []).length === 0 ? (
                  <span className={styles.none}>—</span>
                ) : (
                  <ul>
                    {(chart.shensha[key] ?? []).map((hit) => (
                      <li key={hit.name} title={hit.source}>
                        <TermButton term={{ name: hit.name, kind: '神煞' }} onOpen={setTerm} />
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** A stem or branch cell of an unknown hour. */
function UnknownCell() {
  return <td className={styles.unknown}>{UNKNOWN_HOUR}</td>;
}
