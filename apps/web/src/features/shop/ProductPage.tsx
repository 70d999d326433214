/**
 * The product page (`pages/shop/product?id=`): the swipeable gallery, the price of the chosen SKU (the
 * lowest with 起 until one is chosen) with the struck list price where it is above it and the 会员价,
 * title and selling line, 已售 (新品 below the shop's threshold) and how few are left, what buying a
 * course or a consultation gives, the description (its 规格参数 table fits a 320 px screen), and the
 * fixed action bar — 客服, 购物车, then 加入购物车 and 立即购买 for goods, only 立即购买 for a course or
 * a consultation (one each). Both open the SKU picker; a visitor goes to login first and comes back.
 * An off-shelf product says 已下架, one with no stock 已售罄, and neither can be bought.
 */
import type { ProductDetail, Sku } from '@xuanli/contracts/shop';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ItemPage } from '@/components/ItemPage';
import { Skeleton, SkeletonBlock } from '@/components/Skeleton';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { userMessage } from '@/lib/error-message';
import { toast } from '@/lib/feedback';
import { useNavigation } from '@/lib/navigation';
import { isVip, useSession } from '@/stores/session';
import { useAddCartItem } from './api/add-cart-item';
import { useProduct } from './api/get-product';
import { isSingle, KIND_NOTES, KIND_TAGS } from './kinds';
import { itemsParam } from './order-items';
import { ChosenPriceTag } from './PriceTag';
import { ProductActionBar, type ProductState } from './ProductActionBar';
import { ProductGallery } from './ProductGallery';
import styles from './ProductPage.module.css';
import { salesText } from './popularity';
import { type SheetMode, SkuSheet } from './SkuSheet';
import shop from './shop.module.css';
import { chosenSku, initialSelection, optionsOf, type Selection, totalStock } from './sku-choice';
import { stockHint } from './stock-hint';

/** The product id a link names (`?id=12`, a positive integer), or null. */
export function productIdOf(params: URLSearchParams): number | null {
  const id = params.get('id')?.trim() ?? '';
  return /^\d{1,10}$/.test(id) && Number(id) >= 1 && Number(id) <= 2_147_483_647 ? Number(id) : null;
}

/** Whether the product can be bought now, and if not, why. */
export function productState(product: Pick<ProductDetail, 'onShelf' | 'skus'>): ProductState {
  if (!product.onShelf) return 'offShelf';
  return totalStock(product) > 0 ? 'onSale' : 'soldOut';
}

/** The product page. */
export default function ProductPage() {
  const [params] = useSearchParams();
  const id = productIdOf(params);
  const query = useProduct(id);
  const title = query.data?.title ?? paths.product.title;
  useDocumentTitle(title);
  const card = query.data
    ? { title: query.data.title, desc: '中华玄历 · 官方商城', imgUrl: query.data.images[0] }
    : null;
  return (
    <ItemPage
      className={shop.page}
      named={id !== null}
      query={query}
      card={card}
      gone={{
        text: '这件商品不存在，可能已被删除。',
        className: styles.missing,
        linkClassName: styles.missingLink,
        to: paths.shop.getHref(),
        linkText: '回到商城',
      }}
      skeleton={
        <Skeleton label="正在加载商品">
          <SkeletonBlock height="auto" radius={0} className={styles.skeletonCover} />
          <div className={styles.skeletonText}>
            <SkeletonBlock height={28} width="40%" />
            <SkeletonBlock height={20} />
            <SkeletonBlock height={20} width="70%" />
          </div>
        </Skeleton>
      }
    >
      {(product) => <ProductView key={product.id} product={product} />}
    </ItemPage>
  );
}

/** A loaded product. */
function ProductView({ product }: { product: ProductDetail }) {
  const isLogin = useSession((s) => s.isLogin);
  const vip = useSession((s) => isVip(s.user));
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  const addToCart = useAddCartItem();
  const [selection, setSelection] = useState<Selection>(() => initialSelection(product));
  const [sheet, setSheet] = useState<SheetMode | null>(null);

  const state = productState(product);
  const single = isSingle(product.kind);
  const hint = stockHint(totalStock(product));
  const sku = chosenSku(product, selection);
  const tag = KIND_TAGS[product.kind];
  const note = KIND_NOTES[product.kind];
  const hasChoice = optionsOf(product).length > 0;

  /** A visitor has no cart and cannot order: login first, then back to this product. */
  const needLogin = () => {
    if (isLogin) return false;
    navigation.navigate(paths.login.getHref({ redirect: pathname + search }));
    return true;
  };

  const buyNow = (chosen: Sku, qty: number) => {
    setSheet(null);
    navigation.navigate(paths.checkout.getHref({ items: itemsParam([{ skuId: chosen.id, qty }]) }));
  };

  const add = async (chosen: Sku, qty: number) => {
    try {
      await addToCart.mutateAsync({ skuId: chosen.id, qty });
      setSheet(null);
      toast('已加入购物车', 'success');
    } catch (error) {
      toast(userMessage(error));
    }
  };

  const open = (mode: SheetMode) => {
    if (needLogin()) return;
    // A course or a consultation with nothing to choose goes straight to the order: one, that SKU.
    if (mode === 'buy' && single && !hasChoice && sku && sku.stock > 0) {
      buyNow(sku, 1);
      return;
    }
    setSheet(mode);
  };

  return (
    <>
      <div className={styles.content}>
        <ProductGallery
          images={product.images.length > 0 ? product.images : [product.cover]}
          title={product.title}
        />

        <section className={styles.card} aria-label="价格与标题">
          <div className={styles.priceRow}>
            <ChosenPriceTag product={product} sku={sku} />
            <span className={styles.sales}>{salesText(product.sales)}</span>
          </div>
          {vip && (sku ? sku.vipPrice !== null : product.vipPrice !== null) ? (
            <p className={styles.vipNote}>您是 VIP 会员，下单时按会员价结算</p>
          ) : null}
          <h2 className={styles.title}>
            {tag ? <span className={styles.kind}>{tag}</span> : null}
            {product.title}
          </h2>
          {product.subtitle ? <p className={styles.subtitle}>{product.subtitle}</p> : null}
          {state === 'offShelf' ? (
            <p className={styles.alert}>该商品已下架</p>
          ) : hint ? (
            <p className={styles.alert}>{hint}</p>
          ) : null}
          {note ? <p className={styles.note}>{note}</p> : null}
        </section>

        {hasChoice && state === 'onSale' ? (
          <button type="button" className={`${styles.card} ${styles.choose}`} onClick={() => open('both')}>
            <span className={styles.chooseLabel}>规格</span>
            <span className={styles.chooseValue}>
              {sku
                ? `已选：${sku.title}`
                : `请选择 ${optionsOf(product)
                    .map((option) => option.name)
                    .join(' / ')}`}
            </span>
            <span className={styles.chevron} aria-hidden="true">
              ›
            </span>
          </button>
        ) : null}

        {product.description ? (
          <section className={styles.card} aria-labelledby="product-detail-heading">
            <h2 id="product-detail-heading" className={styles.sectionTitle}>
              商品详情
            </h2>
            <div
              className={styles.description}
              // Safe: the API sanitises the description with its allow-list before sending it.
              dangerouslySetInnerHTML={{ __html: product.description }}
            />
          </section>
        ) : null}
      </div>

      <ProductActionBar
        state={state}
        single={single}
        onAddToCart={() => open('cart')}
        onBuyNow={() => open('buy')}
      />

      {state === 'onSale' ? (
        <SkuSheet
          product={product}
          mode={sheet}
          selection={selection}
          onSelect={setSelection}
          onClose={() => setSheet(null)}
          onAddToCart={add}
          onBuyNow={buyNow}
          onNotice={(message) => toast(message)}
        />
      ) : null}
    </>
  );
}
