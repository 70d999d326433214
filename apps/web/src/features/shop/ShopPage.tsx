/**
 * The 商城 tab (`pages/index/shop`, PRODUCT.md#shop): a search field, the category capsules
 * and a two-column grid of on-shelf products that loads the next page as the reader nears its end.
 * The chosen category and words live in the address (`?cat=2&q=手串`), so coming back from a product
 * shows the same grid. A logged-in buyer finds the cart, with its pieces, at the right of the header.
 */
import { useSearchParams } from 'react-router';
import { CategoryChips } from '@/components/CategoryChips';
import { ConnectionNotice } from '@/components/ConnectionNotice';
import { EmptyState } from '@/components/EmptyState';
import { LoadFailure } from '@/components/LoadFailure';
import { PageHeader } from '@/components/PageHeader';
import { SearchField } from '@/components/SearchField';
import { Skeleton, SkeletonBlock } from '@/components/Skeleton';
import { InfiniteScroll } from '@/lib/antd-mobile';
import { useCategories } from './api/get-categories';
import { type ProductFilter, useProducts } from './api/get-products';
import { CartButton } from './CartButton';
import { ProductCard } from './ProductCard';
import styles from './ShopPage.module.css';
import shop from './shop.module.css';

/** Longest search the server takes (`ProductQuery.q`). */
const MAX_QUERY_LENGTH = 40;

/** The filter the address names: `cat` a category id, `q` the words to look for. */
export function filterOf(params: URLSearchParams): ProductFilter {
  const cat = params.get('cat');
  const categoryId = cat !== null && /^\d{1,9}$/.test(cat) && Number(cat) >= 1 ? Number(cat) : undefined;
  const q = params.get('q')?.trim().slice(0, MAX_QUERY_LENGTH) || undefined;
  return { categoryId, q };
}

/** The shop tab. */
export default function ShopPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const categories = useCategories();
  const products = useProducts(filter);

  const setFilter = (next: ProductFilter) => {
    const query: Record<string, string> = {};
    if (next.categoryId !== undefined) query.cat = String(next.categoryId);
    if (next.q) query.q = next.q;
    setParams(query, { replace: true });
  };

  const items = products.data?.pages.flatMap((page) => page.list) ?? [];
  const filtered = filter.categoryId !== undefined || filter.q !== undefined;

  return (
    <div className={shop.page}>
      <PageHeader right={<CartButton />} />
      <ConnectionNotice />
      <div className={styles.tools}>
        <SearchField
          label="搜索商品"
          maxLength={MAX_QUERY_LENGTH}
          value={filter.q ?? ''}
          onSearch={(q) => setFilter({ ...filter, q: q || undefined })}
        />
        <CategoryChips
          label="商品分类"
          categories={categories.data?.list ?? []}
          selected={filter.categoryId ?? null}
          onSelect={(categoryId) => setFilter({ ...filter, categoryId: categoryId ?? undefined })}
        />
      </div>
      <section className={styles.body} aria-label="商品列表">
        {products.data ? (
          items.length === 0 ? (
            <EmptyState
              title={filtered ? '没有找到相关商品' : '商城还没有上架商品'}
              text={filtered ? '换个关键词或分类试试' : '新品正在准备中，请稍后再来'}
              action={filtered ? { label: '查看全部商品', onClick: () => setFilter({}) } : undefined}
            />
          ) : (
            <>
              <ul className={styles.grid}>
                {items.map((product) => (
                  <ProductCard key={product.id} product={product} />
                ))}
              </ul>
              <InfiniteScroll
                className={styles.more}
                hasMore={products.hasNextPage}
                loadMore={async () => {
                  const next = await products.fetchNextPage();
                  // InfiniteScroll offers its own 重新加载 when this throws.
                  if (next.isError) throw next.error;
                }}
              />
            </>
          )
        ) : products.isError ? (
          <LoadFailure error={products.error} onRetry={() => void products.refetch()} />
        ) : (
          <GridSkeleton />
        )}
      </section>
    </div>
  );
}

/** Grey cards in the grid's shape while the first page loads. */
function GridSkeleton() {
  return (
    <Skeleton label="正在加载商品">
      <span className={styles.grid}>
        {Array.from({ length: 6 }, (_, i) => (
          <span key={i} className={styles.skeletonCard}>
            <SkeletonBlock height="auto" radius={12} className={styles.skeletonCover} />
            <SkeletonBlock height={16} width="90%" />
            <SkeletonBlock height={16} width="50%" />
          </span>
        ))}
      </span>
    </Skeleton>
  );
}
