import type { OrderStatus, OrderSummary } from '@xuanli/contracts/shop';
import { ORDER_STATUS_LABELS } from '@xuanli/contracts/shop-labels';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { LoadFailure } from '@/components/LoadFailure';
import { PageHeader } from '@/components/PageHeader';
import { RequireLogin } from '@/components/RequireLogin';
import { Skeleton } from '@/components/Skeleton';
import { paths } from '@/config/paths';
import { InfiniteScroll, Tabs } from '@/lib/antd-mobile';
import { formatFen } from '@/lib/money';
import { useNavigation } from '@/lib/navigation';
import { useOrders } from './api/get-orders';
import { OrderLines } from './OrderLines';
import styles from './OrdersPage.module.css';
import common from './order.module.css';
import { type PayableOrder, PaySheet } from './PaySheet';
import { useOrderActions } from './useOrderActions';

/** The tabs of 我的订单: the query's `status` and what the tab and its empty state say. */
export const ORDER_TABS: readonly { status: OrderStatus | undefined; label: string; empty: string }[] = [
  { status: undefined, label: '全部', empty: '还没有订单' },
  { status: 'pending', label: '待支付', empty: '没有待支付的订单' },
  { status: 'paid', label: '待发货', empty: '没有待发货的订单' },
  { status: 'shipped', label: '待收货', empty: '没有待收货的订单' },
  { status: 'done', label: '已完成', empty: '没有已完成的订单' },
  { status: 'refunding', label: '退款', empty: '没有退款中的订单' },
];

const ALL = 'all';

/**
 * pages/user/orders (我的订单), `?status=`: tabs 全部 / 待支付 / 待发货 / 待收货 / 已完成 / 退款 kept in
 * the query string (so 返回 and a shared link land on the same tab), and the buyer's orders of that
 * tab page by page, each card with the actions its state allows.
 */
export default function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('status') ?? '';
  const tab = ORDER_TABS.find((t) => t.status === asked) ?? ORDER_TABS[0]!;

  function select(key: string) {
    setParams(key === ALL ? {} : { status: key }, { replace: true });
  }

  return (
    <div className={common.page}>
      <PageHeader back />
      <RequireLogin what="查看我的订单">
        <div className={styles.tabs}>
          <Tabs activeKey={tab.status ?? ALL} onChange={select}>
            {ORDER_TABS.map((t) => (
              <Tabs.Tab key={t.status ?? ALL} title={t.label} />
            ))}
          </Tabs>
        </div>
        <OrderList key={tab.status ?? ALL} status={tab.status} empty={tab.empty} />
      </RequireLogin>
    </div>
  );
}

function OrderList({ status, empty }: { status: OrderStatus | undefined; empty: string }) {
  const query = useOrders(status);
  const navigation = useNavigation();
  const [paying, setPaying] = useState<PayableOrder | null>(null);
  const orders = query.data?.pages.flatMap((page) => page.list) ?? [];

  if (query.isError && !query.data)
    return <LoadFailure error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Skeleton lines={6} label="正在加载订单" className={styles.loading} />;
  if (orders.length === 0) {
    return (
      <EmptyState
        title={empty}
        text="在商城挑选喜欢的商品和课程吧。"
        action={{ label: '去商城逛逛', onClick: () => navigation.switchTab(paths.shop.path) }}
      />
    );
  }
  return (
    <div className={common.body}>
      {orders.map((order) => (
        <OrderCard key={order.orderNo} order={order} onPay={() => setPaying(order)} />
      ))}
      <InfiniteScroll
        hasMore={query.hasNextPage}
        loadMore={async () => {
          const next = await query.fetchNextPage();
          // InfiniteScroll shows its own 重新加载 when this throws.
          if (next.isError) throw next.error;
        }}
      />
      <PaySheet order={paying} onClose={() => setPaying(null)} from="navigate" />
    </div>
  );
}

/** One order: number and status, its lines, 实付, and the actions of its state. */
function OrderCard({ order, onPay }: { order: OrderSummary; onPay: () => void }) {
  const navigation = useNavigation();
  const actions = useOrderActions();
  const detailHref = paths.order.getHref({ orderNo: order.orderNo });
  const pieces = order.items.reduce((sum, line) => sum + line.qty, 0);
  return (
    <article className={common.card} aria-label={`订单 ${order.orderNo}`}>
      <header className={styles.head}>
        <span className={`${common.muted} ${common.number}`}>订单号 {order.orderNo}</span>
        <span className={styles.status} data-status={order.status}>
          {ORDER_STATUS_LABELS[order.status]}
        </span>
      </header>
      <Link className={styles.lines} to={detailHref} aria-label={`查看订单 ${order.orderNo} 的商品`}>
        <OrderLines lines={order.items} />
      </Link>
      <p className={styles.sum}>
        <span className={common.muted}>共 {pieces} 件</span>
        <span>实付</span>
        <span className={common.total}>{formatFen(order.total)}</span>
      </p>
      {order.refundedAmount > 0 ? (
        <p className={`${styles.refunded} ${common.muted}`}>已退款 {formatFen(order.refundedAmount)}</p>
      ) : null}
      <div className={common.actions}>
        {order.status === 'pending' ? (
          <>
            <button
              type="button"
              className={`${common.button} ${common.compact}`}
              disabled={actions.busy}
              onClick={() => void actions.cancel(order.orderNo)}
            >
              取消订单
            </button>
            <button
              type="button"
              className={`${common.button} ${common.primary} ${common.compact}`}
              onClick={onPay}
            >
              去支付
            </button>
          </>
        ) : null}
        {order.status === 'shipped' ? (
          <button
            type="button"
            className={`${common.button} ${common.primary} ${common.compact}`}
            disabled={actions.busy}
            onClick={() => void actions.confirmReceipt(order.orderNo)}
          >
            确认收货
          </button>
        ) : null}
        <button
          type="button"
          className={`${common.button} ${common.compact}`}
          onClick={() => navigation.navigate(detailHref)}
        >
          查看详情
        </button>
      </div>
    </article>
  );
}
