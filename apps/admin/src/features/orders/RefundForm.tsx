/**
 * 退款: the amount in 元 (at most what is still refundable — the payment less the refunds confirmed or
 * on their way — sent in 分), the lines it gives back (goods returned, a course withdrawn; none for a
 * refund of money only), and the reason, which the audit log keeps and the buyer reads on the order.
 * The money goes back through the channel that took it; an order may be refunded in several parts.
 */
import { ModalForm, ProFormCheckbox, ProFormDependency, ProFormDigit } from '@ant-design/pro-components';
import type { AdminOrderDetail, AdminOrderLine } from '@xuanli/contracts/admin-shop';
import { PAY_CHANNEL_LABELS } from '@xuanli/contracts/shop-labels';
import { Typography } from 'antd';
import { refundOrder } from '@/api/orders';
import { ReasonField } from '@/components/ReasonField';
import { useFeedback } from '@/lib/feedback';
import { problemRule } from '@/lib/form-rules';
import { formatYuan } from '@/lib/money';
import { LINE_REFUND_LABELS } from './order-labels';

interface RefundValues {
  amount: number;
  lines?: number[];
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
  if (fenOf(yuan) > refundable) return `退款金额不能超过可退金额 ${formatYuan(refundable)}`;
  return null;
}

/** What the chosen lines cost when ordered, in 分 (a hint for the amount, never sent). */
export function linesValue(items: readonly AdminOrderLine[], lines: readonly number[] | undefined): number {
  return items
    .filter((item) => lines?.includes(item.line))
    .reduce((sum, item) => sum + item.price * item.qty, 0);
}

/** A line as the dialog offers it: one no refund covers yet; the others say why they are not offered. */
function lineOption(item: AdminOrderLine) {
  const what = `${item.title}${item.skuTitle && item.skuTitle !== '默认' ? ` ${item.skuTitle}` : ''} ×${item.qty}`;
  const state = item.refund === 'none' ? formatYuan(item.price * item.qty) : LINE_REFUND_LABELS[item.refund];
  return { label: `${what}（${state}）`, value: item.line, disabled: item.refund !== 'none' };
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
      width={560}
      modalProps={{ destroyOnHidden: true, maskClosable: false }}
      initialValues={{ amount: order.refundable / 100, lines: [] }}
      submitter={{ searchConfig: { submitText: '确认退款', resetText: '取消' } }}
      onFinish={async (values) => {
        try {
          const after = await refundOrder(order.orderNo, {
            amount: fenOf(Number(values.amount)),
            lines: values.lines ?? [],
            reason: values.reason.trim(),
          });
          void message.success(
            after.status === 'refunding' ? '退款已提交，等待支付渠道确认' : '退款已原路退回',
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
        订单 {order.orderNo} 实付 {formatYuan(order.total)}，已退款 {formatYuan(order.refundedAmount)}， 可退{' '}
        {formatYuan(order.refundable)}。退款将通过{channel}原路退回，可分多次退款。
        {order.status === 'refunding' && order.refundReason ? `买家申请原因：${order.refundReason}` : null}
      </Typography.Paragraph>
      <ProFormCheckbox.Group
        name="lines"
        label="退回的商品"
        layout="vertical"
        options={order.items.map(lineOption)}
        extra="勾选随本次退款退回的商品（课程将同时关闭）；只退款不退货时不勾选"
      />
      <ProFormDependency name={['lines']}>
        {({ lines }) =>
          lines?.length ? (
            <Typography.Paragraph type="secondary">
              所选商品合计 {formatYuan(linesValue(order.items, lines))}
            </Typography.Paragraph>
          ) : null
        }
      </ProFormDependency>
      <ProFormDigit
        name="amount"
        label="退款金额"
        required
        min={0}
        fieldProps={{ precision: 2, step: 1, addonBefore: '¥', addonAfter: '元', style: { width: 240 } }}
        rules={[problemRule((value) => refundAmountProblem(value, order.refundable))]}
      />
      <ReasonField placeholder="例如：买家收到的商品有破损，协商全额退款" />
    </ModalForm>
  );
}
