import { ZERI_MAX_PEOPLE } from '@xuanli/contracts/zeri-labels';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { SavedProfile } from '@/stores/profiles';
import styles from './ZeriPage.module.css';

interface PeoplePickerProps {
  profiles: readonly SavedProfile[];
  /** The chosen profiles' ids (`add_time`). */
  chosen: readonly number[];
  onToggle: (addTime: number) => void;
  /** A refusal of a chosen person's birth ('妈妈：生日参数错误！'), shown beside the list. */
  problem?: string | null;
}

/** '公历1990年' / '农历1998年' of a birth text, to tell two people of one name apart. */
function birthYear(born: string): string {
  const year = /\d{4}/.exec(born)?.[0];
  if (!year) return '';
  return `${/^\s*[农農阴陰]/.test(born) ? '农历' : '公历'}${year}年`;
}

/**
 * 为谁择日: the birth profiles saved on this phone (排盘's 命例), each a toggle; the days that clash a
 * chosen person's 生肖 or 日柱 are left out. At most six, the rest then disabled; none saved yet points
 * to 排盘, where a family's births are entered.
 */
export function PeoplePicker({ profiles, chosen, onToggle, problem }: PeoplePickerProps) {
  if (profiles.length === 0) {
    return (
      <p className={styles.note}>
        还没有保存家人的出生资料。在
        <Link to={paths.suan.path}>排盘</Link>
        页保存后，可在这里选择，避开与他们相冲的日子。
      </p>
    );
  }
  const full = chosen.length >= ZERI_MAX_PEOPLE;
  return (
    <>
      <ul className={styles.people} aria-label="家人">
        {profiles.map((p) => {
          const on = chosen.includes(p.add_time);
          return (
            <li key={p.add_time}>
              <button
                type="button"
                aria-pressed={on}
                disabled={!on && full}
                className={`${styles.person} ${on ? styles.personOn : ''}`}
                onClick={() => onToggle(p.add_time)}
              >
                <span className={styles.personName}>{p.name}</span>
                <span className={styles.personFacts}>
                  {p.sex} · {birthYear(p.born)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {problem ? (
        <p className={styles.fieldProblem} role="alert">
          {problem}
        </p>
      ) : (
        <p className={styles.note}>
          {chosen.length === 0
            ? '可选家人（最多 6 位），避开与其生肖、日柱相冲的日子。'
            : `已选 ${chosen.length} 位，将避开与其相冲的日子。`}
        </p>
      )}
    </>
  );
}
