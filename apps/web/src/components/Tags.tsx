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

/** Props of {@link FestivalHolidayTags}. */
export interface FestivalHolidayTagsProps {
  /** The day's festivals, by full name. */
  festivals: readonly string[];
  /** The public holiday the day belongs to, a day off (休) or a made-up working day (班). */
  holiday: { name: string; offDay: boolean } | null;
}

/**
 * A day's festival tags and its holiday tag, worded alike on the calendar's day card and the 老黄历
 * page. The holiday reads as 假期/调休 so it does not look like a second 春节 beside the festival tag.
 */
export function FestivalHolidayTags({ festivals, holiday }: FestivalHolidayTagsProps) {
  return (
    <>
      {festivals.map((name) => (
        <Tag key={name} kind="festival">
          {name}
        </Tag>
      ))}
      {holiday && (
        <Tag kind={holiday.offDay ? 'rest' : 'work'}>
          {holiday.offDay ? `${holiday.name}假期 休` : `${holiday.name}调休 班`}
        </Tag>
      )}
    </>
  );
}
