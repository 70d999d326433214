import type { Address, PayChannel } from '@xuanli/contracts/shop';
import { useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import bottomBar from '@/components/bottom-bar.module.css';
import { EmptyState } from '@/components/EmptyState';
import { LoadFailure } from '@/components/LoadFailure';
import { PageHeader } from '@/components/PageHeader';
import { RequireLogin } from '@/components/RequireLogin';
import { Skeleton } from '@/components/Skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { userMessage } from '@/lib/error-message';
import { notify } from '@/lib/feedback';
import { formatFen } from '@/lib/money';
import { useNavigation } from '@/lib/navigation';
import { AddressView } from './AddressView';
import { Amounts } from './Amounts';
import { useCreateOrder } from './api/create-order';
import { useAddresses } from './api/get-addresses';
import { usePayChannels } from './api/get-pay-channels';
import { useOrderPreview } from './api/preview-order';
import { ChannelChoice, defaultChannel } from './ChannelChoice';
import styles from './CheckoutPage.module.css';
import { checkoutKey, forgetCheckoutKey } from './checkout-key';
import { type OrderItem, parseItems } from './items-param';
import { OrderLines } from './OrderLines';
import common from './order.module.css';
import { usePayment } from './usePayment';

/** Longest 买家留言 the wire takes (OrderCreate.remark). */
const REMARK_MAX = 100;

/**
 * pages/shop/checkout (确认订单), `?items=12x2,13x1&from=cart&addressId=`: the 收货地址 (when a line
 * ships), the lines and the server's 商品金额 / 运费 / 实付, 买家留言, the payment channel, and a fixed
 * bar with 实付 and 提交订单. Submitting makes the order (with this checkout's idempotency key) and
 * starts its payment; a payment that cannot start leaves the order waiting on its own page.
 */
export default function CheckoutPage() {
  const [params] = useSearchParams();
  const items = useMemo(() => parseItems(params.get('items')), [params]);
  const navigation = useNavigation();
  return (
    <div className={common.page}>
      <PageHeader back />
      <RequireLogin what="下单">
        {items ? (
          <Checkout items={items} />
        ) : (
          <EmptyState
            title="没有要结算的商品"
            text="链接里的商品有误，请回到购物车重新选择。"
            action={{ label: '去购物车', onClick: () => navigation.redirect(paths.cart.path) }}
          />
        )}
      </RequireLogin>
    </div>
  );
}

/** The address to ship to: the one chosen in the address book (`addressId`), else the default. */
function pickAddress(list: readonly Address[], chosenId: number | null): Address | null {
  return list.find((a) => a.id === chosenId) ?? list.find((a) => a.isDefault) ?? list[0] ?? null;
}

/** Refusals whose server message names the shop's limit in Chinese (您有 5 笔待支付订单…). */
const SAYS_ITS_LIMIT = new Set(['UnpaidLimit', 'OrderTooLarge']);

/** What a failed order says on this page: the wire code's sentence, or this page's own words. */
function checkoutMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'ValidationError' && /address/i.test(error.message)) return '请先选择收货地址';
    if (error.code === 'NotFound') return '商品或收货地址已失效，请返回重新选择';
    if (SAYS_ITS_LIMIT.has(String(error.code)) && /[\u4e00-\u9fff]/.test(error.message)) return error.message;
  }
  return userMessage(error);
}

function Checkout({ items }: { items: OrderItem[] }) {
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const chosenId = Number(params.get('addressId')) || null;
  const fromCart = params.get('from') === 'cart';

  const addresses = useAddresses();
  const address = addresses.data ? pickAddress(addresses.data.list, chosenId) : null;
  const preview = useOrderPreview(
    addresses.data ? { items, ...(address ? { addressId: address.id } : {}) } : null,
  );
  const channels = usePayChannels();
  const channelList = channels.data?.list ?? [];
  const [picked, setPicked] = useState<PayChannel | null>(null);
  const channel = picked ?? defaultChannel(channelList);
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateOrder();
  const { pay, starting } = usePayment('redirect');
  const busy = create.isPending || starting;
  // Set at once on a tap (the mutation's own state arrives a render later), so a quick second tap
  // sends nothing; a reload still sends the same key.
  const submitting = useRef(false);

  /** This page with its query, for the address pages to come back to (without a chosen address). */
  const here = (() => {
    const query = new URLSearchParams(search);
    query.delete('addressId');
    const rest = query.toString();
    return `${pathname}${rest ? `?${rest}` : ''}`;
  })();

  function chooseAddress() {
    // Replacing this page keeps the history at …→ checkout: the address book comes back by replacing itself.
    if (addresses.data?.list.length) navigation.redirect(paths.address.getHref({ select: 1, back: here }));
    else navigation.redirect(paths.addressEdit.getHref({ back: here }));
  }

  async function handleSubmit() {
    if (submitting.current || !preview.data) return;
    submitting.current = true;
    try {
      await submit(preview.data.needsAddress);
    } finally {
      submitting.current = false;
    }
  }

  async function submit(needsAddress: boolean) {
    if (needsAddress && !address) {
      setError('请先添加收货地址');
      return;
    }
    if (!channel) {
      setError('请选择支付方式');
      return;
    }
    setError(null);
    let orderNo: string;
    try {
      const created = await create.mutateAsync({
        items,
        ...(needsAddress && address ? { addressId: address.id } : {}),
        idempotencyKey: checkoutKey(items),
        ...(remark.trim() ? { remark: remark.trim() } : {}),
        fromCart,
      });
      orderNo = created.orderNo;
    } catch (failure) {
      setError(checkoutMessage(failure));
      // Stock or prices may have moved: show the figures the server would use now.
      if (failure instanceof ApiError && failure.code === 'OutOfStock') void preview.refetch();
      return;
    }
    // The order exists: a new visit to checkout with these lines is a new order.
    forgetCheckoutKey(items);
    try {
      await pay(orderNo, channel);
    } catch (failure) {
      notify(`订单已提交，${userMessage(failure)}`);
      navigation.redirect(paths.order.getHref({ orderNo }));
    }
  }

  if (addresses.isError)
    return <LoadFailure error={addresses.error} onRetry={() => void addresses.refetch()} />;
  if (preview.isError && !preview.data) {
    // A line that is gone or sold out cannot be fixed here: back to the cart to change it.
    const code = preview.error instanceof ApiError ? preview.error.code : null;
    if (code === 'NotFound' || code === 'OutOfStock') {
      return (
        <EmptyState
          title="部分商品已下架或库存不足"
          text="请回到购物车调整商品或数量。"
          action={{ label: '去购物车', onClick: () => navigation.redirect(paths.cart.path) }}
        />
      );
    }
    // More than one order may hold: trying again cannot help, fewer pieces can.
    if (code === 'OrderTooLarge') {
      return (
        <EmptyState
          title="订单金额超出上限"
          text={checkoutMessage(preview.error)}
          action={{ label: '去购物车', onClick: () => navigation.redirect(paths.cart.path) }}
        />
      );
    }
    return <LoadFailure error={preview.error} onRetry={() => void preview.refetch()} />;
  }
  if (!preview.data) return <Skeleton lines={6} label="正在计算订单金额" className={styles.loading} />;

  const figures = preview.data;
  return (
    <>
      <div className={`${common.body} ${common.withBar}`}>
        {figures.needsAddress ? (
          <button type="button" className={`${common.card} ${styles.address}`} onClick={chooseAddress}>
            {address ? (
              <>
                <span className={styles.addressLabel}>收货地址</span>
                <AddressView address={address} masked />
              </>
            ) : (
              <span className={styles.addAddress}>＋ 添加收货地址</span>
            )}
            <span className={styles.chevron} aria-hidden="true">
              ›
            </span>
          </button>
        ) : null}

        <section className={common.card} aria-label="商品清单">
          <OrderLines lines={figures.items} />
        </section>

        <section className={common.card} aria-label="订单金额">
          <Amounts figures={figures} ships={figures.needsAddress} />
        </section>

        <section className={common.card}>
          <label className={common.cardTitle} htmlFor="checkout-remark">
            买家留言
          </label>
          <textarea
            id="checkout-remark"
            className={common.textArea}
            rows={2}
            maxLength={REMARK_MAX}
            placeholder="选填，如对商品或配送的特别要求"
            value={remark}
            onChange={(event) => setRemark(event.target.value)}
          />
        </section>

        <section className={common.card} aria-labelledby="checkout-channel">
          <h2 id="checkout-channel" className={common.cardTitle}>
            支付方式
          </h2>
          {channels.isError ? (
            <LoadFailure error={channels.error} onRetry={() => void channels.refetch()} />
          ) : channels.data ? (
            <ChannelChoice list={channelList} value={channel} onChange={setPicked} />
          ) : (
            <p className={common.muted}>正在加载支付方式…</p>
          )}
        </section>
      </div>

      <footer className={`${bottomBar.bar} ${common.bar}`}>
        {error ? (
          <p className={`${common.error} ${styles.barError}`} role="alert">
            {error}
          </p>
        ) : null}
        <div className={common.barRow}>
          <p className={common.barTotal}>
            <span>实付</span>
            <span className={common.total}>{formatFen(figures.total)}</span>
          </p>
          <button
            type="button"
            className={`${common.button} ${common.primary} ${styles.submit}`}
            disabled={busy || (channels.isSuccess && channelList.length === 0)}
            onClick={handleSubmit}
          >
            {busy ? '正在提交…' : '提交订单'}
          </button>
        </div>
      </footer>
    </>
  );
}
