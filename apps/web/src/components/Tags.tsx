import type { ReactNode } from 'react';
import styles from './Tags.module.css';

interface TagsProps {
  /** The list's accessible name, if it needs one. */
  label?: string;
  /** Larger type on the 老黄历 page. */
  size?: 'normal' | 'large';
  className?: string;
  children: ReactNode;
}

/** A wrapping row of day tags (a list of {@link Tag}). */
export function Tags({ label, size = 'normal', className = '', children }: TagsProps) {
  return (
    <ul className={`${styles.tags} ${size === 'large' ? styles.large : ''} ${className}`} aria-label={label}>
      {children}
    </ul>
  );
}

/** What a tag names; each has its own colours. */
export type TagKind = 'term' | 'festival' | 'rest' | 'work' | 'season' | 'salary';

/** One day tag: 节气, 节日, 休 (rest) / 班 (work), 数九/三伏 (season), 发薪日 (salary). */
export function Tag({ kind, children }: { kind: TagKind; children: ReactNode }) {
  return <li className={`${styles.tag} ${styles[kind]}`}>{children}</li>;
}
