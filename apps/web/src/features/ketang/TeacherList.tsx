import type { CourseSummary, Teacher } from '@xuanli/contracts/ketang';
import { useDialogs } from '@/stores/dialogs';
import { KetangSection } from './KetangSection';
import { TeacherAvatar } from './TeacherAvatar';
import styles from './TeacherList.module.css';

/** A teacher with the number of the listed courses they teach. */
export interface TeacherEntry {
  teacher: Teacher;
  courses: number;
}

/** The teachers of `courses`, once each (by `sellid`), in the order they first appear. */
export function teachersOf(courses: readonly CourseSummary[]): TeacherEntry[] {
  const bySellid = new Map<number, TeacherEntry>();
  for (const course of courses) {
    const entry = bySellid.get(course.teacher.sellid);
    if (entry) entry.courses += 1;
    else bySellid.set(course.teacher.sellid, { teacher: course.teacher, courses: 1 });
  }
  return [...bySellid.values()];
}

/**
 * The 名师 section of the 课堂 tab: each teacher's picture and name; a tap opens the master contact
 * dialog (PRODUCT.md#screens) for that master's `sellid`.
 */
export function TeacherList({ teachers }: { teachers: readonly TeacherEntry[] }) {
  return (
    <KetangSection id="ketang-teachers" title="名师">
      <ul className={styles.grid}>
        {teachers.map(({ teacher, courses }) => (
          <li key={teacher.sellid} className={styles.item}>
            <button
              type="button"
              className={styles.teacher}
              onClick={() => useDialogs.getState().open('dashi', { sellid: teacher.sellid })}
            >
              <TeacherAvatar teacher={teacher} size={52} />
              <span className={styles.name}>{teacher.nickname}</span>
              <span className={styles.count}>{courses} 门课程</span>
            </button>
          </li>
        ))}
      </ul>
    </KetangSection>
  );
}
