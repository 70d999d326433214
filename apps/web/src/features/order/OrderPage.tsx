import type { OrderDetail } from '@xuanli/contracts/shop';
import { ORDER_STATUS_LABELS, PAY_CHANNEL_LABELS } from '@xuanli/contracts/shop-labels';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import bottomBar from '@/components/bottom-bar.module.css';
import { DashiContact } from '@/components/dialogs/ContactLoader';
import { EmptyState } from '@/components/EmptyState';
import { LoadFailure } from '@/components/LoadFailure';
import { PageHeader } from '@/components/PageHeader';
import { RequireLogin } from '@/components/RequireLogin';
import { Skeleton } from '@/components/Skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { formatFen } from '@/lib/money';
import { useNavigation } from '@/lib/navigation';
import { AddressView } from './AddressView';
import { Amounts } from './Amounts';
import { useOrder } from './api/get-order';
import { beijingDateTime, minutesSeconds } from './beijing-time';
import { CopyButton } from './CopyButton';
import { formatItems } from './items-param';
import { OrderLines } from './OrderLines';
import styles from './OrderPage.module.css';
import { OrderTimeline } from './OrderTimeline';
import common from './order.module.css';
import { PaySheet } from './PaySheet';
import { RefundSheet } from './RefundSheet';
import { useDeadline } from './useDeadline';
import { useOrderActions } from './useOrderActions';

/**
 * pages/user/order (订单详情), `?orderNo=`: a banner with the state and what comes next (the time left
 * to pay, the tracking number, a course opened — with 去学习 to its page in the bar instead of 再次购买 —
 * the master's card for a consultation, 退款审核中,
 * what a partial refund gave back),
 * then the address the order ships to, its lines, its amounts, its details and its history, and a bar
 * with the actions of its state. Unpaid orders are looked at again every few seconds, so a payment
 * confirmed by the provider shows without a reload.
 */
export default function OrderPage() {
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo')?.trim() ?? '';
  return (
    <div className={common.page}>
      <PageHeader back />
      <RequireLogin what="查看订单">
        <Order orderNo={orderNo} />
      </RequireLogin>
    </div>
  );
}

function Order({ orderNo }: { orderNo: string }) {
  const order = useOrder(orderNo, { watch: true });
  const navigation = useNavigation();
  if (orderNo === '' || (order.error instanceof ApiError && order.error.status === 404)) {
    return (
      <EmptyState
        title="没有找到这个订单"
        text="订单号有误，或这个订单不属于当前登录的账号。"
        action={{ label: '查看我的订单', onClick: () => navigation.redirect(paths.orders.path) }}
      />
    );
  }
  if (order.isError && !order.data)
    return <LoadFailure error={order.error} onRetry={() => void order.refetch()} />;
  if (!order.data) return <Skeleton lines={8} label="正在加载订单" className={styles.loading} />;
  return <OrderView order={order.data} onExpired={() => void order.refetch()} />;
}

/**
 * The kinds of lines an order has, which decide what the banner offers after payment: a course or a
 * consultation a refund did not give back (a partly refunded order keeps its other lines).
 */
function kindsOf(order: OrderDetail) {
  const served = order.status === 'paid' || order.status === 'done' || order.status === 'partially_refunded';
  const kept = order.items.filter((line) => !line.refunded);
  const sellids = [
    ...new Set(kept.flatMap((line) => (line.kind === 'service' && line.sellid ? [line.sellid] : []))),
  ];
  const courseIds = [
    ...new Set(kept.flatMap((line) => (line.kind === 'course' && line.courseId ? [line.courseId] : []))),
  ];
  return {
    ships: order.items.some((line) => line.kind === 'goods'),
    course: served && kept.some((line) => line.kind === 'course'),
    /** Where 去学习 leads: the course's own page, or 我的课程 when the order opened several. */
    learnHref: courseIds.length === 1 ? paths.courseShow.getHref({ id: courseIds[0]! }) : paths.myclass.path,
    sellids: served ? sellids : [],
  };
}

function OrderView({ order, onExpired }: { order: OrderDetail; onExpired: () => void }) {
  const navigation = useNavigation();
  const actions = useOrderActions();
  const [paying, setPaying] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const kinds = kindsOf(order);
  const again = () => navigation.navigate(paths.checkout.getHref({ items: formatItems(order.items) }));

  return (
    <>
      <div className={`${common.body} ${common.withBar}`}>
        <StatusBanner order={order} onExpired={onExpired} />

        {kinds.course ? (
          <section className={`${common.card} ${styles.served}`} aria-label="课程">
            <p>课程已开通，可随时观看。</p>
          </section>
        ) : null}

        {kinds.sellids.map((sellid) => (
          <section key={sellid} className={styles.contact} aria-label="咨询师傅">
            <DashiContact sellid={sellid} lead="咨询服务已开通，请添加师傅微信，约定咨询时间。" />
          </section>
        ))}

        {order.address ? (
          <section className={common.card} aria-label="收货地址">
            <h2 className={common.cardTitle}>收货地址</h2>
            <AddressView address={order.address} masked />
          </section>
        ) : null}

        <section className={common.card} aria-label="商品清单">
          <OrderLines lines={order.items} />
          <div className={styles.amounts}>
            <Amounts figures={order} ships={kinds.ships} />
          </div>
        </section>

        <section className={common.card} aria-labelledby="order-info">
          <h2 id="order-info" className={common.cardTitle}>
            订单信息
          </h2>
          <dl className={common.rows}>
            <div className={common.row}>
              <dt>订单编号</dt>
              <dd>
                <span className={common.number}>{order.orderNo}</span>
                <CopyButton text={order.orderNo} what="订单编号" />
              </dd>
            </div>
            <InfoRow label="下单时间" value={beijingDateTime(order.createdAt)} />
            {order.payChannel ? (
              <InfoRow label="支付方式" value={PAY_CHANNEL_LABELS[order.payChannel]} />
            ) : null}
            {order.paidAt ? <InfoRow label="支付时间" value={beijingDateTime(order.paidAt)} /> : null}
            {order.remark ? <InfoRow label="留言" value={order.remark} /> : null}
            {order.refundReason ? <InfoRow label="退款原因" value={order.refundReason} /> : null}
          </dl>
        </section>

        {order.timeline.length > 0 ? (
          <section className={common.card} aria-labelledby="order-timeline">
            <h2 id="order-timeline" className={common.cardTitle}>
              订单进度
            </h2>
            <OrderTimeline events={order.timeline} />
          </section>
        ) : null}
      </div>

      <footer className={`${bottomBar.bar} ${common.bar}`}>
        <div className={`${common.barRow} ${common.actions}`}>
          {order.status === 'pending' ? (
            <>
              <button
                type="button"
                className={common.button}
                disabled={actions.busy}
                onClick={() => void actions.cancel(order.orderNo)}
              >
                取消订单
              </button>
              <PayButton deadline={order.payDeadline} onPay={() => setPaying(true)} />
            </>
          ) : kinds.course ? (
            // A course is bought once: its paid order leads to the lessons, not to buying it again.
            <button
              type="button"
              className={`${common.button} ${common.primary}`}
              onClick={() => navigation.navigate(kinds.learnHref)}
            >
              去学习
            </button>
          ) : (
            <button type="button" className={common.button} onClick={again}>
              再次购买
            </button>
          )}
          {order.status === 'paid' ? (
            <button type="button" className={common.button} onClick={() => setRefunding(true)}>
              申请退款
            </button>
          ) : null}
          {order.status === 'shipped' ? (
            <button
              type="button"
              className={`${common.button} ${common.primary}`}
              disabled={actions.busy}
              onClick={() => void actions.confirmReceipt(order.orderNo)}
            >
              确认收货
            </button>
          ) : null}
        </div>
      </footer>

      <PaySheet order={paying ? order : null} onClose={() => setPaying(false)} from="redirect" />
      <RefundSheet orderNo={order.orderNo} open={refunding} onClose={() => setRefunding(false)} />
    </>
  );
}

function InfoRow({ label, value }: { label: string; value: string }) {
  return (
    <div className={common.row}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** What each state's banner says under its name. */
const STATUS_LINES: Record<OrderDetail['status'], string> = {
  pending: '请在剩余时间内完成支付，超时订单将自动取消',
  paid: '支付成功，商家正在备货，发货后可查看物流',
  shipped: '商品已发出，请留意查收',
  done: '订单已完成，感谢您的支持',
  cancelled: '订单已取消',
  refunding: '退款审核中，审核通过后款项将原路退回',
  partially_refunded: '部分款项已原路退回',
  refunded: '退款已完成，款项已原路退回',
};

/**
 * 去支付 while there is time left: the providers refuse a payment after the deadline, so past it the
 * button goes (the banner says the order will be cancelled).
 */
function PayButton({ deadline, onPay }: { deadline: string; onPay: () => void }) {
  if (useDeadline(deadline) === 0) return null;
  return (
    <button type="button" className={`${common.button} ${common.primary}`} onClick={onPay}>
      去支付
    </button>
  );
}

/** The banner: the state's name, what it means, and for an unpaid order the time left to pay. */
function StatusBanner({ order, onExpired }: { order: OrderDetail; onExpired: () => void }) {
  const pending = order.status === 'pending';
  const left = useDeadline(order.payDeadline, pending);
  const expired = pending && left === 0;
  const onExpiredRef = useRef(onExpired);
  onExpiredRef.current = onExpired;
  // Past the deadline the server cancels the order (after a short grace for payments still being
  // confirmed; on read at the latest): ask it now, and the page's polling picks up the outcome.
  useEffect(() => {
    if (expired) onExpiredRef.current();
  }, [expired]);
  const cancelNote =
    order.status === 'cancelled'
      ? [...order.timeline].reverse().find((event) => event.status === 'cancelled')?.note
      : '';
  const statusLine =
    order.status === 'paid' && !order.items.some((line) => line.kind === 'goods')
      ? '支付成功'
      : order.status === 'partially_refunded'
        ? `已退款 ${formatFen(order.refundedAmount)}，${STATUS_LINES.partially_refunded}`
        : STATUS_LINES[order.status];
  // What a partial refund left of a goods order ships with the order still 部分退款.
  const tracking =
    order.status === 'shipped' || order.status === 'partially_refunded' ? order.tracking : null;

  return (
    <section className={styles.banner} aria-label="订单状态">
      <h2 className={styles.bannerTitle}>{ORDER_STATUS_LABELS[order.status]}</h2>
      {pending ? (
        <p className={styles.countdown} role="timer" aria-live="off">
          {expired ? (
            '支付已超时，订单将自动取消'
          ) : (
            <>
              剩余支付时间 <span className={common.number}>{minutesSeconds(left)}</span>
            </>
          )}
        </p>
      ) : null}
      <p className={styles.bannerText}>{cancelNote || statusLine}</p>
      {tracking ? (
        <p className={styles.tracking}>
          <span>物流单号</span>
          <span className={common.number}>{tracking}</span>
          <CopyButton text={tracking.split(/\s+/).pop() ?? tracking} what="物流单号" />
        </p>
      ) : null}
    </section>
  );
}
