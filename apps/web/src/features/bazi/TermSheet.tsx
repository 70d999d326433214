/**
 * The sheet a tapped chart term opens: the term's 命理术语 article (written and edited as an article,
 * its HTML sanitised by the server) and 相关课程 — lessons tagged with the term (or its family), each
 * leading to its course page.
 */
import { BottomSheet } from '@/components/BottomSheet';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { userMessage } from '@/lib/error-message';
import { useNavigation } from '@/lib/navigation';
import { type ChartTerm, useTermArticle, useTermLessons } from './api/term';
import styles from './TermSheet.module.css';

/** Props of {@link TermSheet}. */
export interface TermSheetProps {
  /** The term shown; null closes the sheet. */
  term: ChartTerm | null;
  onClose: () => void;
}

/** The bottom sheet of one chart term: its meaning and the lessons that teach it. */
export function TermSheet({ term, onClose }: TermSheetProps) {
  return (
    <BottomSheet
      open={term !== null}
      label={term ? `${term.name}（${term.kind}）` : '术语'}
      onClose={onClose}
    >
      {term ? <TermBody term={term} onClose={onClose} /> : null}
    </BottomSheet>
  );
}

function TermBody({ term, onClose }: { term: ChartTerm; onClose: () => void }) {
  const article = useTermArticle(term);
  const lessons = useTermLessons(term);
  const navigation = useNavigation();
  const missing = article.error instanceof ApiError && article.error.status === 404;
  return (
    <div className={styles.body}>
      <div className={styles.head}>
        <h2 className={styles.title}>
          {term.name}
          <span className={styles.kind}>{term.kind}</span>
        </h2>
        <button type="button" className={styles.close} onClick={onClose}>
          关闭
        </button>
      </div>
      {article.isPending ? (
        <p className={styles.muted}>正在读取…</p>
      ) : article.isError ? (
        <p className={styles.muted}>{missing ? '暂时还没有这个术语的解释。' : userMessage(article.error)}</p>
      ) : (
        // Sanitised by the server with its allow-list (no scripts, styles or event attributes).
        <div className={styles.article} dangerouslySetInnerHTML={{ __html: article.data.html }} />
      )}
      <h3 className={styles.subtitle}>相关课程</h3>
      {lessons.isPending ? (
        <p className={styles.muted}>正在读取…</p>
      ) : lessons.isError || lessons.data.list.length === 0 ? (
        <p className={styles.muted}>暂无相关课程</p>
      ) : (
        <ul className={styles.lessons}>
          {lessons.data.list.map((lesson) => (
            <li key={lesson.lessonId}>
              <button
                type="button"
                className={styles.lesson}
                onClick={() => {
                  onClose();
                  navigation.navigate(paths.courseShow.getHref({ id: lesson.courseId }));
                }}
              >
                <span className={styles.course}>{lesson.courseTitle}</span>
                <span>
                  第{lesson.lessonNo}讲 {lesson.lessonTitle}
                  {lesson.preview || lesson.courseFree ? <em className={styles.free}>试看</em> : null}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
