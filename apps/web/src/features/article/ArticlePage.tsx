/**
 * The article page (`pages/index/article?id=3` or `?label=协议&name=用户协议`, PRODUCT.md#screens): the title in
 * the header, the sanitised body, the date of the last change. Agreements, the 节气 and help pages
 * open here.
 */
import { beijingDateAt } from '@xuanli/almanac/beijingTime';
import type { ArticleReadBody } from '@xuanli/contracts/article';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { ShareButton } from '@/components/ShareButton';
import { Skeleton } from '@/components/Skeleton';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { useShareCard } from '@/lib/share';
import { ArticleBody } from './ArticleBody';
import { useArticle } from './api/read-article';
import styles from './article.module.css';
import { LoadFailure } from './LoadFailure';

/** The article a query names: `{id}` (a positive integer) or `{label, name}`; null when it names none. */
export function articleRequestOf(params: URLSearchParams): ArticleReadBody | null {
  const id = params.get('id');
  if (id !== null && /^\d{1,10}$/.test(id.trim()) && Number(id) >= 1 && Number(id) <= 2_147_483_647) {
    return { id: Number(id) };
  }
  const label = params.get('label')?.trim();
  const name = params.get('name')?.trim();
  return label && name ? { label, name } : null;
}

/** '2026年1月15日' of an ISO date-time, in Beijing. */
export function updatedText(iso: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return '';
  const { year, month, day } = beijingDateAt(ms);
  return `${year}年${month}月${day}日`;
}

/** The article page. */
export default function ArticlePage() {
  const [params] = useSearchParams();
  const request = articleRequestOf(params);
  const query = useArticle(request);
  // The route's title (文章) until the article's own arrives.
  const title = query.data?.title ?? paths.article.title;
  useDocumentTitle(title);
  const card = query.data ? { title: query.data.title, desc: '中华玄历 · 文章' } : null;
  useShareCard(card);

  return (
    <div className={styles.page}>
      <PageHeader back title={title} right={card ? <ShareButton card={card} /> : undefined} />
      <div className={styles.body}>
        {!request ? (
          <div className={styles.state}>
            <p>链接无效：这个链接没有指明要看的文章。</p>
            <Link className={styles.retry} to={paths.calendar.getHref()} replace>
              回到日历
            </Link>
          </div>
        ) : query.data ? (
          <article className={styles.card}>
            <ArticleBody html={query.data.html} />
            {updatedText(query.data.updatedAt) ? (
              <p className={styles.updated}>更新于 {updatedText(query.data.updatedAt)}</p>
            ) : null}
          </article>
        ) : query.isError ? (
          <LoadFailure error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Skeleton lines={8} label="正在加载文章" className={styles.card} />
        )}
      </div>
    </div>
  );
}
