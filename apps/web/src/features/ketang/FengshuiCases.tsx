import { Link } from 'react-router';
import { LoadFailure } from '@/components/LoadFailure';
import { Skeleton } from '@/components/Skeleton';
import { paths } from '@/config/paths';
import { FENGSHUI_CASE_LABEL, useFengshuiCases } from './api/get-fengshui-cases';
import styles from './Fengshui.module.css';

/** 案例: the first case articles (label 风水), each opening its article; all of them on the label page. */
export function FengshuiCases() {
  const cases = useFengshuiCases();
  const list = cases.data?.list ?? [];
  const total = cases.data?.total ?? 0;
  return (
    <section className={styles.section} aria-labelledby="fengshui-cases">
      <h2 className={styles.heading} id="fengshui-cases">
        案例
      </h2>
      {cases.data ? (
        list.length === 0 ? (
          <p className={styles.empty}>案例正在整理中，敬请期待。</p>
        ) : (
          <>
            <ul className={styles.cases}>
              {list.map((item) => (
                <li key={item.id}>
                  <Link className={styles.case} to={paths.article.getHref({ id: item.id })}>
                    <span className={styles.caseText}>
                      <span className={styles.caseTitle}>{item.title}</span>
                      {/* A space, so a screen reader does not run the title into the summary. */}
                      {item.summary ? ' ' : null}
                      {item.summary ? <span className={styles.caseSummary}>{item.summary}</span> : null}
                    </span>
                    <span className={styles.arrow} aria-hidden="true">
                      ›
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            {total > list.length ? (
              <Link className={styles.more} to={paths.label.getHref({ label: FENGSHUI_CASE_LABEL })}>
                查看全部 {total} 个案例
              </Link>
            ) : null}
          </>
        )
      ) : cases.isError ? (
        <LoadFailure error={cases.error} onRetry={() => void cases.refetch()} />
      ) : (
        <Skeleton lines={4} label="正在加载案例" />
      )}
    </section>
  );
}
