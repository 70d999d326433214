import { ORDER_STATUS_LABELS } from '@xuanli/contracts/shop-labels';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { LoadFailure } from '@/components/LoadFailure';
import { Skeleton } from '@/components/Skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { userMessage } from '@/lib/error-message';
import { notify, toast } from '@/lib/feedback';
import { formatFen } from '@/lib/money';
import { useNavigation } from '@/lib/navigation';
import { useCompleteSandbox } from './api/complete-sandbox';
import { useOrder } from './api/get-order';
import { minutesSeconds } from './beijing-time';
import styles from './CashierPage.module.css';
import common from './order.module.css';
import { PayLinkFrame } from './PayLinkFrame';
import { useDeadline } from './useDeadline';

/**
 * pages/shop/pay (收银台), `?orderNo=&outTradeNo=`: the sandbox channel's cashier, the page its PayStart
 * redirects to when no real channel is configured. It says plainly that it is a simulation and charges
 * nothing, shows the amount, the order number and the time left to pay, and offers 确认支付 and 支付失败;
 * the server turns the choice into a signed callback through the same path as a real provider, and the
 * buyer lands on the order page, which shows the resulting status.
 */
export default function CashierPage() {
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo')?.trim() ?? '';
  const outTradeNo = params.get('outTradeNo')?.trim() ?? '';
  return (
    <PayLinkFrame complete={Boolean(orderNo && outTradeNo)}>
      <Cashier orderNo={orderNo} outTradeNo={outTradeNo} />
    </PayLinkFrame>
  );
}

function Cashier({ orderNo, outTradeNo }: { orderNo: string; outTradeNo: string }) {
  const order = useOrder(orderNo);
  const complete = useCompleteSandbox();
  const navigation = useNavigation();
  const [error, setError] = useState<string | null>(null);
  const pending = order.data?.status === 'pending';
  const left = useDeadline(order.data?.payDeadline ?? '', pending);
  const orderHref = paths.order.getHref({ orderNo });

  async function finish(result: 'success' | 'fail') {
    setError(null);
    try {
      await complete.mutateAsync({ orderNo, body: { outTradeNo, result } });
    } catch (failure) {
      setError(userMessage(failure));
      return;
    }
    if (result === 'success') toast('支付成功', 'success');
    else notify('支付未完成，订单仍可在有效期内继续支付');
    navigation.redirect(orderHref);
  }

  if (order.error instanceof ApiError && order.error.status === 404) {
    return (
      <EmptyState
        title="没有找到这个订单"
        action={{ label: '查看我的订单', onClick: () => navigation.redirect(paths.orders.path) }}
      />
    );
  }
  if (order.isError) return <LoadFailure error={order.error} onRetry={() => void order.refetch()} />;
  if (!order.data) return <Skeleton lines={4} label="正在加载订单" className={styles.loading} />;

  const expired = pending && left === 0;
  return (
    <div className={common.body}>
      <p className={styles.notice} role="note">
        模拟支付（开发环境，不会扣款）
      </p>
      <section className={`${common.card} ${styles.cashier}`} aria-label="支付信息">
        <p className={common.muted}>支付金额</p>
        <p className={styles.amount}>{formatFen(order.data.total)}</p>
        <dl className={common.rows}>
          <div className={common.row}>
            <dt>订单编号</dt>
            <dd className={common.number}>{orderNo}</dd>
          </div>
          <div className={common.row}>
            <dt>{pending ? '剩余支付时间' : '订单状态'}</dt>
            <dd className={common.number}>
              {pending ? (expired ? '已超时' : minutesSeconds(left)) : ORDER_STATUS_LABELS[order.data.status]}
            </dd>
          </div>
        </dl>
      </section>

      {pending && !expired ? (
        <div className={styles.choices}>
          {error ? (
            <p className={common.error} role="alert">
              {error}
            </p>
          ) : null}
          <button
            type="button"
            className={`${common.button} ${common.primary} ${styles.choice}`}
            disabled={complete.isPending}
            onClick={() => void finish('success')}
          >
            确认支付
          </button>
          <button
            type="button"
            className={`${common.button} ${styles.choice}`}
            disabled={complete.isPending}
            onClick={() => void finish('fail')}
          >
            支付失败
          </button>
        </div>
      ) : (
        <div className={styles.choices}>
          <p className={common.muted}>
            {expired ? '支付时间已过，订单将自动取消。' : '这个订单已不需要支付。'}
          </p>
          <button
            type="button"
            className={`${common.button} ${common.accent} ${styles.choice}`}
            onClick={() => navigation.redirect(orderHref)}
          >
            查看订单
          </button>
        </div>
      )}
    </div>
  );
}
