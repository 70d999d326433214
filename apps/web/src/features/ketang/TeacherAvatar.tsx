import type { Teacher } from '@xuanli/contracts/ketang';
import { FallbackImage } from '@/components/FallbackImage';
import styles from './TeacherAvatar.module.css';

/**
 * A teacher's (or a reviewer's) round picture, or the first character of the name on the theme colour
 * when there is none.
 */
export function TeacherAvatar({
  teacher,
  size = 48,
}: {
  teacher: Pick<Teacher, 'nickname' | 'avatar'>;
  size?: number;
}) {
  const box = { width: size, height: size };
  return teacher.avatar ? (
    <FallbackImage className={styles.avatar} style={box} src={teacher.avatar} alt="" loading="lazy" />
  ) : (
    <span
      className={`${styles.avatar} ${styles.initial}`}
      style={{ ...box, fontSize: size * 0.42 }}
      aria-hidden="true"
    >
      {teacher.nickname.slice(0, 1)}
    </span>
  );
}
