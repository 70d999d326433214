import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadFailure } from '@/components/LoadFailure';
import { PageHeader } from '@/components/PageHeader';
import { ShareButton } from '@/components/ShareButton';
import { ApiError } from '@/lib/api';
import { type ShareCard, useShareCard } from '@/lib/share';

/** What the page of an item that does not exist says, with the way back to where such items are listed. */
export interface ItemGone {
  text: string;
  className: string;
  linkClassName: string;
  to: string;
  linkText: string;
}

interface ItemPageProps<T> {
  className: string;
  /** Whether the link names an item at all (an id that cannot be one names none). */
  named: boolean;
  /** The item's query: its answer, or why there is none. */
  query: { data?: T; error: unknown; isError: boolean; refetch: () => unknown };
  /** How the item is shared once it has loaded; null before. */
  card: ShareCard | null;
  gone: ItemGone;
  /** The grey blocks while the item loads. */
  skeleton: ReactNode;
  children: (item: T) => ReactNode;
}

/**
 * The page of one item a link names (a course, a product): the header with 分享 once the item has
 * loaded, then the item; a way back when it does not exist (a 404, or an id that cannot be one); the
 * failure with 重试; a skeleton meanwhile.
 */
export function ItemPage<T>({ className, named, query, card, gone, skeleton, children }: ItemPageProps<T>) {
  useShareCard(card);
  const missing = !named || (query.error instanceof ApiError && query.error.status === 404);
  return (
    <div className={className}>
      <PageHeader back right={card ? <ShareButton card={card} /> : undefined} />
      {missing ? (
        <div className={gone.className}>
          <p>{gone.text}</p>
          <Link className={gone.linkClassName} to={gone.to} replace>
            {gone.linkText}
          </Link>
        </div>
      ) : query.data ? (
        children(query.data)
      ) : query.isError ? (
        <LoadFailure error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        skeleton
      )}
    </div>
  );
}
