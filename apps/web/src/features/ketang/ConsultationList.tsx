import type { ProductSummary } from '@xuanli/contracts/shop';
import { Link } from 'react-router';
import { FallbackImage } from '@/components/FallbackImage';
import { LoadFailure } from '@/components/LoadFailure';
import { Skeleton, SkeletonBlock } from '@/components/Skeleton';
import { paths } from '@/config/paths';
import { formatFen } from '@/lib/money';
import { useConsultations } from './api/get-consultations';
import styles from './Fengshui.module.css';

/**
 * 服务项目: the shop's 风水 consultations with their prices (起 when the SKUs differ, e.g. by the size of
 * the home), each with 预约 to its product page, where the buyer chooses and pays.
 */
export function ConsultationList() {
  const consultations = useConsultations();
  const list = consultations.data?.list ?? [];
  return (
    <section className={styles.section} aria-labelledby="fengshui-services">
      <h2 className={styles.heading} id="fengshui-services">
        服务项目
      </h2>
      {consultations.data ? (
        list.length === 0 ? (
          <p className={styles.empty}>服务项目正在整理中，可以先点「联系大师」说说您的情况。</p>
        ) : (
          <ul className={styles.services}>
            {list.map((product) => (
              <Consultation key={product.id} product={product} />
            ))}
          </ul>
        )
      ) : consultations.isError ? (
        <LoadFailure error={consultations.error} onRetry={() => void consultations.refetch()} />
      ) : (
        <Skeleton label="正在加载服务项目">
          <span className={styles.serviceSkeleton}>
            <SkeletonBlock width={64} height={64} radius={10} />
            <span className={styles.serviceText}>
              <SkeletonBlock height={18} width="70%" />
              <SkeletonBlock height={14} width="40%" />
            </span>
          </span>
        </Skeleton>
      )}
    </section>
  );
}

/** One consultation: cover, title, selling line, price and 预约. */
function Consultation({ product }: { product: ProductSummary }) {
  const from = new Set(product.skus.map((sku) => sku.price)).size > 1;
  return (
    <li className={styles.service}>
      <FallbackImage src={product.cover} alt="" loading="lazy" decoding="async" className={styles.cover} />
      <span className={styles.serviceText}>
        <span className={styles.serviceTitle}>{product.title}</span>
        {product.subtitle ? <span className={styles.serviceSubtitle}>{product.subtitle}</span> : null}
        <span className={styles.serviceFoot}>
          <span className={styles.price}>
            {formatFen(product.price)}
            {from ? <span className={styles.from}>起</span> : null}
          </span>
          <Link
            className={styles.book}
            to={paths.product.getHref({ id: product.id })}
            aria-label={`预约${product.title}`}
          >
            预约
          </Link>
        </span>
      </span>
    </li>
  );
}
