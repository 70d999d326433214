import { Skeleton, SkeletonBlock } from '@/components/Skeleton';
import styles from './CourseListSkeleton.module.css';

/** Grey rows in the shape of course cards while a list loads. */
export function CourseListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <Skeleton label="正在加载课程">
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className={styles.row}>
          <SkeletonBlock height="auto" radius={8} className={styles.cover} />
          <span className={styles.text}>
            <SkeletonBlock height={18} />
            <SkeletonBlock height={14} width="50%" />
            <SkeletonBlock height={14} width="70%" />
          </span>
        </span>
      ))}
    </Skeleton>
  );
}
