import type { ProductSummary } from '@xuanli/contracts/shop';
import { Link } from 'react-router';
import { FallbackImage } from '@/components/FallbackImage';
import { paths } from '@/config/paths';
import { KIND_TAGS } from './kinds';
import { PriceTag } from './PriceTag';
import styles from './ProductCard.module.css';
import { salesText } from './popularity';

/**
 * One product of the shop grid: the square cover (课程 / 咨询 tagged on it), the title on at most two
 * lines, the selling line on one, the price with the struck list price and the 会员价, and 已售 (新品
 * below the shop's threshold). The whole card opens the product page.
 */
export function ProductCard({ product }: { product: ProductSummary }) {
  const tag = KIND_TAGS[product.kind];
  // Several SKUs at different prices: the list carries the lowest, so it reads 起.
  const from = new Set(product.skus.map((sku) => sku.price)).size > 1;
  return (
    <li className={styles.item}>
      <Link className={styles.card} to={paths.product.getHref({ id: product.id })}>
        <span className={styles.cover}>
          <FallbackImage
            src={product.cover}
            alt=""
            loading="lazy"
            decoding="async"
            className={styles.image}
          />
          {tag ? <span className={styles.kind}>{tag}</span> : null}
        </span>
        <span className={styles.body}>
          <span className={styles.title}>{product.title}</span>
          {product.subtitle ? <span className={styles.subtitle}>{product.subtitle}</span> : null}
          <span className={styles.foot}>
            <PriceTag
              fen={product.price}
              original={product.originalPrice}
              vip={product.vipPrice}
              from={from}
            />
            <span className={styles.sales}>{salesText(product.sales)}</span>
          </span>
        </span>
      </Link>
    </li>
  );
}
