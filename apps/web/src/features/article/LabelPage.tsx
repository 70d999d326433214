/**
 * The label page (`pages/index/label`, PRODUCT.md#screens):
 * - `?name=嫁娶` explains one 宜/忌 word (the article `{label: '宜忌', name}`; the day card and the
 *   老黄历 link every word here);
 * - `?label=节气` (a label without a name) lists the articles of that label page by page, each opening
 *   the article page;
 * - with neither, it offers the lists of the seeded labels.
 */
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { Skeleton } from '@/components/Skeleton';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { InfiniteScroll, List } from '@/lib/antd-mobile';
import { ApiError } from '@/lib/api';
import { ArticleBody } from './ArticleBody';
import { useArticle } from './api/read-article';
import { useLabelArticles } from './api/search-articles';
import styles from './article.module.css';
import { LoadFailure } from './LoadFailure';

/** Label of the 宜/忌 word explanations. */
export const YIJI_LABEL = '宜忌';
/** The lists offered when the link names neither a label nor a word. */
const INDEX_LABELS = ['节气', '宜忌', '风水', '帮助'] as const;

/** Header titles of the seeded labels' lists. */
const LIST_TITLES: Record<string, string> = {
  节气: '二十四节气',
  宜忌: '宜忌释义',
  协议: '用户协议与隐私',
  帮助: '帮助',
  风水: '风水案例',
};

/** The label page. */
export default function LabelPage() {
  const [params] = useSearchParams();
  const name = params.get('name')?.trim() ?? '';
  const label = params.get('label')?.trim() || (name ? YIJI_LABEL : '');
  if (name) return <WordView label={label} name={name} />;
  return label ? <LabelList label={label} /> : <LabelIndex />;
}

/** The seeded labels' lists, under the route's own title (标签). */
function LabelIndex() {
  return (
    <div className={styles.page}>
      <PageHeader back />
      <div className={styles.body}>
        <List className={styles.list} aria-label={paths.label.title}>
          {INDEX_LABELS.map((label) => (
            <List.Item key={label}>
              <RowLink to={paths.label.getHref({ label })} title={LIST_TITLES[label]} />
            </List.Item>
          ))}
        </List>
      </div>
    </div>
  );
}

/** A row of the label lists: a title, maybe a one-line summary, and the › that says it opens. */
function RowLink({ to, title, summary }: { to: string; title: string | undefined; summary?: string | null }) {
  return (
    <Link className={styles.row} to={to}>
      <span className={styles.rowText}>
        <span className={styles.rowTitle}>{title}</span>
        {/* A space, so a screen reader does not run the title into the summary. */}
        {summary ? ' ' : null}
        {summary ? <span className={styles.rowSummary}>{summary}</span> : null}
      </span>
      <span className={styles.rowArrow} aria-hidden="true">
        ›
      </span>
    </Link>
  );
}

/** One word's explanation, titled with the word. */
function WordView({ label, name }: { label: string; name: string }) {
  const query = useArticle({ label, name });
  useDocumentTitle(name);
  const missing = query.error instanceof ApiError && query.error.status === 404;
  return (
    <div className={styles.page}>
      <PageHeader back title={name} />
      <div className={styles.body}>
        {query.data ? (
          <article className={styles.card}>
            {label === YIJI_LABEL ? <p className={styles.kicker}>宜忌释义</p> : null}
            <ArticleBody html={query.data.html} />
          </article>
        ) : missing ? (
          <div className={styles.state}>
            <p>暂未收录「{name}」的释义。</p>
            <Link className={styles.retry} to={paths.label.getHref({ label })}>
              查看全部
            </Link>
          </div>
        ) : query.isError ? (
          <LoadFailure error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Skeleton lines={6} label="正在加载释义" className={styles.card} />
        )}
      </div>
    </div>
  );
}

/** The articles of `label`, loading the next page as the reader nears the end. */
function LabelList({ label }: { label: string }) {
  const query = useLabelArticles(label);
  const title = LIST_TITLES[label] ?? label;
  useDocumentTitle(title);
  const items = query.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <div className={styles.page}>
      <PageHeader back title={title} />
      <div className={styles.body}>
        {query.data ? (
          items.length === 0 ? (
            <div className={styles.state}>
              <p>这里还没有文章。</p>
            </div>
          ) : (
            <>
              <List className={styles.list} aria-label={title}>
                {items.map((item) => (
                  <List.Item key={item.id}>
                    <RowLink
                      to={paths.article.getHref({ id: item.id })}
                      title={item.title}
                      summary={item.summary}
                    />
                  </List.Item>
                ))}
              </List>
              <InfiniteScroll
                hasMore={query.hasNextPage}
                loadMore={async () => {
                  const next = await query.fetchNextPage();
                  // InfiniteScroll shows its own 重新加载 when this throws.
                  if (next.isError) throw next.error;
                }}
              />
            </>
          )
        ) : query.isError ? (
          <LoadFailure error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Skeleton lines={8} label="正在加载文章列表" className={styles.card} />
        )}
      </div>
    </div>
  );
}
