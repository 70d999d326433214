import type { ProductDetail, Sku } from '@xuanli/contracts/shop';
import { MAX_LINE_QTY } from '@xuanli/contracts/shop-labels';
import { useEffect, useState } from 'react';
import { FallbackImage } from '@/components/FallbackImage';
import { Popup, Stepper } from '@/lib/antd-mobile';
import { isSingle } from './kinds';
import { ChosenPriceTag } from './PriceTag';
import styles from './SkuSheet.module.css';
import shop from './shop.module.css';
import {
  chosenSku,
  isValueOffered,
  maxQtyOf,
  missingOption,
  optionsOf,
  type Selection,
  toggleValue,
  totalStock,
} from './sku-choice';
import { stockHint } from './stock-hint';

/** What the sheet's confirm buttons do: add to the cart, buy now, or both (opened from 选择规格). */
export type SheetMode = 'cart' | 'buy' | 'both';

/** Props of {@link SkuSheet}. */
export interface SkuSheetProps {
  product: ProductDetail;
  mode: SheetMode | null;
  selection: Selection;
  onSelect: (selection: Selection) => void;
  onClose: () => void;
  /** 加入购物车 with a SKU chosen; resolves once the cart has it (the sheet shows it is busy till then). */
  onAddToCart: (sku: Sku, qty: number) => Promise<void>;
  onBuyNow: (sku: Sku, qty: number) => void;
  /** Says something short (e.g. 请选择 尺寸) over the sheet. */
  onNotice: (message: string) => void;
}

/**
 * The SKU picker sliding up from the bottom: the chosen SKU's picture, price (with the list price
 * struck where above it, and its 会员价) and stock; one row of
 * chips per option (a value no SKU in stock has with the other choices is greyed and cannot be
 * tapped); the number of pieces, bounded by the SKU's stock and 99 (none for a course or a
 * consultation: one each); and the confirm button(s).
 */
export function SkuSheet(props: SkuSheetProps) {
  const { mode, onClose } = props;
  return (
    <Popup
      visible={mode !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName={styles.sheet}
      destroyOnClose
    >
      {mode !== null ? <SheetBody {...props} mode={mode} /> : null}
    </Popup>
  );
}

function SheetBody({
  product,
  mode,
  selection,
  onSelect,
  onClose,
  onAddToCart,
  onBuyNow,
  onNotice,
}: SkuSheetProps & { mode: SheetMode }) {
  const options = optionsOf(product);
  const sku = chosenSku(product, selection);
  const single = isSingle(product.kind);
  const [qty, setQty] = useState(1);
  const [busy, setBusy] = useState(false);
  // With no SKU chosen yet the bound is the largest stock any SKU offers.
  const max = sku ? maxQtyOf(sku) : Math.min(MAX_LINE_QTY, Math.max(0, ...product.skus.map((s) => s.stock)));
  // A newly chosen SKU with less stock lowers the number already picked.
  useEffect(() => {
    if (max >= 1 && qty > max) setQty(max);
  }, [max, qty]);

  const stock = sku ? sku.stock : totalStock(product);
  const missing = missingOption(product, selection);
  const soldOut = sku !== null && sku.stock === 0;

  const confirm = async (action: 'cart' | 'buy') => {
    if (!sku) {
      onNotice(`请选择 ${missing ?? '规格'}`);
      return;
    }
    const pieces = single ? 1 : Math.min(qty, maxQtyOf(sku));
    if (action === 'buy') {
      onBuyNow(sku, pieces);
      return;
    }
    setBusy(true);
    try {
      await onAddToCart(sku, pieces);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.body} aria-label="选择规格">
      <header className={styles.head}>
        <FallbackImage src={sku?.image || product.cover} alt="" className={styles.thumb} />
        <div className={styles.summary}>
          <ChosenPriceTag product={product} sku={sku} />
          <span className={styles.stock}>{stockHint(stock) ?? `库存 ${stock} 件`}</span>
          <span className={styles.chosen}>
            {sku ? `已选：${sku.title}` : `请选择 ${options.map((option) => option.name).join(' / ')}`}
          </span>
        </div>
        <button type="button" className={styles.close} aria-label="关闭" onClick={onClose}>
          ×
        </button>
      </header>

      <div className={styles.scroll}>
        {options.map((option) => (
          <fieldset key={option.name} className={styles.option}>
            <legend className={styles.optionName}>{option.name}</legend>
            <div className={styles.chips}>
              {option.values.map((value) => {
                const pressed = selection[option.name] === value;
                const offered = pressed || isValueOffered(product, selection, option.name, value);
                return (
                  <button
                    key={value}
                    type="button"
                    className={`${styles.chip} ${pressed ? styles.chipOn : ''}`}
                    aria-pressed={pressed}
                    disabled={!offered}
                    onClick={() => onSelect(toggleValue(product, selection, option.name, value))}
                  >
                    {value}
                  </button>
                );
              })}
            </div>
          </fieldset>
        ))}

        {single ? (
          <p className={styles.note}>每次购买 1 份</p>
        ) : (
          <div className={styles.qtyRow}>
            <span id="sku-qty-label" className={styles.optionName}>
              购买数量
            </span>
            <Stepper
              className={styles.stepper}
              aria-labelledby="sku-qty-label"
              min={1}
              max={Math.max(1, max)}
              digits={0}
              value={qty}
              disabled={max < 1}
              onChange={(value) => setQty(Math.max(1, Math.min(Math.max(1, max), value || 1)))}
            />
          </div>
        )}
      </div>

      <footer className={styles.actions}>
        {soldOut ? (
          <button type="button" className={`${shop.button} ${shop.buy} ${styles.action}`} disabled>
            已售罄
          </button>
        ) : (
          <>
            {mode !== 'buy' && !single ? (
              <button
                type="button"
                className={`${shop.button} ${shop.cart} ${styles.action}`}
                disabled={busy}
                onClick={() => void confirm('cart')}
              >
                加入购物车
              </button>
            ) : null}
            {mode !== 'cart' ? (
              <button
                type="button"
                className={`${shop.button} ${shop.buy} ${styles.action}`}
                disabled={busy}
                onClick={() => void confirm('buy')}
              >
                立即购买
              </button>
            ) : null}
          </>
        )}
      </footer>
    </section>
  );
}
