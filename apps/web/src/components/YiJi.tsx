import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import styles from './YiJi.module.css';

interface YiJiRowProps {
  kind: '宜' | '忌';
  items: readonly string[];
  /** Larger type on the 老黄历 page, where 宜/忌 is the headline. */
  size?: 'normal' | 'large';
}

/**
 * One 宜 or 忌 line: the character in a coloured seal, then the activities. The character itself is
 * the label — colour only repeats it — so the line reads the same without colour vision. Each
 * activity links to its explanation on the label page (`/pages/index/label?name=嫁娶`).
 */
export function YiJiRow({ kind, items, size = 'normal' }: YiJiRowProps) {
  const tone = kind === '宜' ? styles.yi : styles.ji;
  const labelId = useId();
  return (
    <div className={`${styles.row} ${size === 'large' ? styles.large : ''}`}>
      <span id={labelId} className={`${styles.seal} ${tone}`}>
        {kind}
      </span>
      <ul className={styles.items} aria-labelledby={labelId}>
        {items.length === 0 ? (
          <li className={styles.none}>{kind === '宜' ? '诸事不宜' : '百无禁忌'}</li>
        ) : (
          items.map((item) => (
            <li key={item}>
              <Link className={styles.word} to={paths.label.getHref({ name: item })}>
                {item}
              </Link>
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
