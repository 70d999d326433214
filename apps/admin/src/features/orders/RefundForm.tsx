/**
 * 退款: the amount in 元 (at most what the payment took, sent in 分) and the reason, which the audit
 * log keeps and the buyer reads on the order. The money goes back through the channel that took it.
 */
import { ModalForm, ProFormDigit } from '@ant-design/pro-components';
import type { AdminOrderDetail } from '@xuanli/contracts/admin-shop';
import { PAY_CHANNEL_LABELS } from '@xuanli/contracts/shop-labels';
import { Typography } from 'antd';
import { refundOrder } from '@/api/orders';
import { ReasonField } from '@/components/ReasonField';
import { useFeedback } from '@/lib/feedback';
import { formatYuan } from '@/lib/money';

interface RefundValues {
  amount: number;
  reason: string;
}

/** `yuan` (as typed, up to 2 decimals) in whole 分. */
export function fenOf(yuan: number): number {
  return Math.round(yuan * 100);
}

/** The message for `value` (元) as a refund of at most `refundable` 分, or null when it is acceptable. */
export function refundAmountProblem(value: unknown, refundable: number): string | null {
  if (value === undefined || value === null || value === '') return '请输入退款金额';
  const yuan = Number(value);
  if (!Number.isFinite(yuan) || yuan <= 0) return '退款金额须大于 0';
  if (Math.abs(yuan * 100 - fenOf(yuan)) > 1e-6) return '金额最多两位小数';
  if (fenOf(yuan) > refundable) return `退款金额不能超过实付 ${formatYuan(refundable)}`;
  return null;
}

/** The refund dialog of `order`. */
export function RefundForm({
  order,
  open,
  onOpenChange,
  onRefunded,
}: {
  order: AdminOrderDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRefunded: (order: AdminOrderDetail) => void;
}) {
  const { message, showError } = useFeedback();
  const channel = order.payChannel ? PAY_CHANNEL_LABELS[order.payChannel] : '原支付渠道';
  return (
    <ModalForm<RefundValues>
      title="退款"
      open={open}
      onOpenChange={onOpenChange}
      width={520}
      modalProps={{ destroyOnHidden: true, maskClosable: false }}
      initialValues={{ amount: order.refundable / 100 }}
      submitter={{ searchConfig: { submitText: '确认退款', resetText: '取消' } }}
      onFinish={async (values) => {
        try {
          const after = await refundOrder(order.orderNo, {
            amount: fenOf(Number(values.amount)),
            reason: values.reason.trim(),
          });
          void message.success(
            after.status === 'refunded' ? '退款已原路退回' : '退款已提交，等待支付渠道确认',
          );
          onRefunded(after);
          return true;
        } catch (error) {
          showError(error, { OrderStateConflict: '订单状态已变化，请刷新后查看' });
          return false;
        }
      }}
    >
      <Typography.Paragraph type="secondary">
        订单 {order.orderNo} 实付 {formatYuan(order.refundable)}，退款将通过{channel}原路退回。
        {order.status === 'refunding' ? `买家申请原因：${order.refundReason ?? '—'}` : null}
      </Typography.Paragraph>
      <ProFormDigit
        name="amount"
        label="退款金额"
        required
        min={0}
        fieldProps={{ precision: 2, step: 1, addonBefore: '¥', addonAfter: '元', style: { width: 240 } }}
        rules={[
          {
            validator: (_rule: unknown, value: unknown) => {
              const problem = refundAmountProblem(value, order.refundable);
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          },
        ]}
      />
      <ReasonField placeholder="例如：买家收到的商品有破损，协商全额退款" />
    </ModalForm>
  );
}
