/**
 * The cart (`pages/shop/cart`, logged-in buyers only): the lines with their ticks, steppers and
 * reasons when they cannot be checked out, and a bar fixed at the bottom with 全选, the server's 合计
 * of the ticked lines and 结算(n), which opens checkout with those lines. 编辑 turns the ticks into a
 * choice of lines to delete together. Every figure shown is the server's answer: the page never adds
 * prices up itself.
 */
import type { Cart } from '@xuanli/contracts/shop';
import { MAX_ORDER_LINES } from '@xuanli/contracts/shop-labels';
import { useState } from 'react';
import { EmptyState } from '@/components/EmptyState';
import { LoadFailure } from '@/components/LoadFailure';
import { HeaderButton, PageHeader } from '@/components/PageHeader';
import { RequireLogin } from '@/components/RequireLogin';
import { Skeleton, SkeletonBlock } from '@/components/Skeleton';
import { paths } from '@/config/paths';
import { userMessage } from '@/lib/error-message';
import { confirm, toast } from '@/lib/feedback';
import { formatFen } from '@/lib/money';
import { useNavigation } from '@/lib/navigation';
import { useCart } from './api/get-cart';
import { useRemoveCartItem } from './api/remove-cart-item';
import { useUpdateCartItem } from './api/update-cart-item';
import { CartBar } from './CartBar';
import { CartLine } from './CartLine';
import styles from './CartPage.module.css';
import { itemsParam } from './order-items';
import shop from './shop.module.css';

/** The cart page. */
export default function CartPage() {
  const cart = useCart();
  const [editing, setEditing] = useState(false);
  const hasItems = (cart.data?.items.length ?? 0) > 0;
  return (
    <div className={shop.page}>
      <PageHeader
        back
        right={
          hasItems ? (
            <HeaderButton onClick={() => setEditing((on) => !on)}>{editing ? '完成' : '编辑'}</HeaderButton>
          ) : undefined
        }
      />
      <RequireLogin what="查看购物车">
        {cart.data ? (
          <CartView cart={cart.data} editing={editing && hasItems} />
        ) : cart.isError ? (
          <LoadFailure error={cart.error} onRetry={() => void cart.refetch()} />
        ) : (
          <Skeleton label="正在加载购物车" className={styles.skeleton}>
            <SkeletonBlock height={108} radius={12} />
            <SkeletonBlock height={108} radius={12} />
            <SkeletonBlock height={108} radius={12} />
          </Skeleton>
        )}
      </RequireLogin>
    </div>
  );
}

/** The loaded cart. */
function CartView({ cart, editing }: { cart: Cart; editing: boolean }) {
  const navigation = useNavigation();
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  // Lines marked in 编辑 mode; kept here only (deleting is one request per line).
  const [marked, setMarked] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);

  if (cart.items.length === 0) {
    return (
      <EmptyState
        title="购物车是空的"
        text="挑几件喜欢的好物吧"
        action={{ label: '去逛逛', onClick: () => navigation.switchTab(paths.shop.path) }}
      />
    );
  }

  const available = cart.items.filter((item) => item.available);
  const ticked = available.filter((item) => item.selected);
  const markedItems = cart.items.filter((item) => marked.has(item.skuId));
  const allTicked = editing
    ? markedItems.length === cart.items.length
    : available.length > 0 && ticked.length === available.length;

  const tickAll = async (checked: boolean) => {
    if (editing) {
      setMarked(new Set(checked ? cart.items.map((item) => item.skuId) : []));
      return;
    }
    setBusy(true);
    try {
      // One change per line (the cart has no bulk route); they run in order, the last answer wins.
      for (const item of available) {
        if (item.selected !== checked) await update.mutateAsync({ skuId: item.skuId, selected: checked });
      }
    } catch (error) {
      toast(userMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const deleteMarked = async () => {
    if (markedItems.length === 0) return;
    const sure = await confirm({ content: `确定从购物车删除这 ${markedItems.length} 种商品吗？` });
    if (!sure) return;
    setBusy(true);
    try {
      for (const item of markedItems) await remove.mutateAsync(item.skuId);
      setMarked(new Set());
      toast('已删除', 'success');
    } catch (error) {
      toast(userMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const checkout = () => {
    if (ticked.length === 0) {
      toast('请先勾选要结算的商品');
      return;
    }
    if (ticked.length > MAX_ORDER_LINES) {
      toast(`一次最多结算 ${MAX_ORDER_LINES} 种商品`);
      return;
    }
    navigation.navigate(paths.checkout.getHref({ items: itemsParam(ticked), from: 'cart' }));
  };

  return (
    <>
      <ul className={styles.list} aria-label="购物车商品">
        {cart.items.map((item) => (
          <CartLine
            key={item.skuId}
            item={item}
            editing={editing}
            marked={marked.has(item.skuId)}
            onMark={(on) =>
              setMarked((current) => {
                const next = new Set(current);
                if (on) next.add(item.skuId);
                else next.delete(item.skuId);
                return next;
              })
            }
          />
        ))}
      </ul>
      <CartBar
        editing={editing}
        allTicked={allTicked}
        canTickAll={editing || available.length > 0}
        busy={busy}
        total={formatFen(cart.selectedTotal)}
        pieces={cart.selectedCount}
        markedCount={markedItems.length}
        onTickAll={(checked) => void tickAll(checked)}
        onCheckout={checkout}
        onDelete={() => void deleteMarked()}
      />
    </>
  );
}
