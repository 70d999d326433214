import { Skeleton, SkeletonBlock } from '@/components/Skeleton';
import { useMiji } from './api/get-miji';
import { LoadProblem } from './LoadProblem';
import type { ChartRequest } from './profiles';
import styles from './ReadingsCard.module.css';

/**
 * Readings of the chart from miji (日主, 五行, 十神, 神煞), each section collapsible so the page stays
 * short. The text is content kept on the server; when the call fails the rest of the chart still
 * stands, with a retry here.
 */
export function ReadingsCard({ request }: { request: ChartRequest }) {
  const miji = useMiji(request);
  if (miji.isPending) {
    return (
      <Skeleton label="正在载入解读">
        <SkeletonBlock height={22} width="40%" />
        <SkeletonBlock height={16} />
        <SkeletonBlock height={16} />
        <SkeletonBlock height={16} width="70%" />
      </Skeleton>
    );
  }
  if (miji.isError) {
    return <LoadProblem what="解读暂时无法载入" error={miji.error} onRetry={() => miji.refetch()} />;
  }
  const sections = miji.data.sections.filter((s) => s.items.length > 0);
  if (sections.length === 0) return <p className={styles.note}>暂无解读内容。</p>;
  return (
    <div className={styles.sections}>
      {sections.map((section, i) => (
        <details key={section.key || section.title} className={styles.section} open={i === 0}>
          <summary className={styles.summary}>{section.title}</summary>
          {section.items.map((item) => (
            <article key={item.key ?? item.title} className={styles.item}>
              <h4 className={styles.itemTitle}>{item.title}</h4>
              <p className={styles.body}>{item.body}</p>
            </article>
          ))}
        </details>
      ))}
    </div>
  );
}
