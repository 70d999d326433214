/**
 * An order in a drawer: buyer, lines, money, 收货地址, the payment record (channel, transaction id,
 * amount, time), refunds and the timeline — and the actions its state allows: 发货, 退款, 拒绝退款.
 */
import type {
  AdminOrderDetail,
  AdminOrderLine,
  AdminPayment,
  AdminRefund,
} from '@xuanli/contracts/admin-shop';
import { ORDER_STATUS_LABELS, PAY_CHANNEL_LABELS, PRODUCT_KIND_LABELS } from '@xuanli/contracts/shop-labels';
import { Alert, Button, Descriptions, Drawer, Space, Tag, Timeline, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { getOrder, rejectRefund } from '@/api/orders';
import { CompactTable } from '@/components/CompactTable';
import { DrawerLoadState, DrawerSection } from '@/components/DrawerParts';
import { ReasonDialog } from '@/components/ReasonDialog';
import { useDrawerRecord } from '@/hooks/use-drawer-record';
import { formatDateTime } from '@/lib/dates';
import { useFeedback } from '@/lib/feedback';
import { formatYuan } from '@/lib/money';
import {
  actorLabel,
  LINE_REFUND_LABELS,
  PAYMENT_STATUS_LABELS,
  REFUND_REASON_LABELS,
  REFUND_STATUS_LABELS,
  refundLinesLabel,
} from './order-labels';
import { RefundForm } from './RefundForm';
import { ShipForm } from './ShipForm';

const LINE_COLUMNS = [
  { title: '行', dataIndex: 'line', width: 50 },
  { title: '商品', dataIndex: 'title' },
  { title: '规格', dataIndex: 'skuTitle' },
  { title: '单价', dataIndex: 'price', render: formatYuan },
  { title: '数量', dataIndex: 'qty' },
  {
    title: '退款',
    dataIndex: 'refund',
    render: (refund: AdminOrderLine['refund']) =>
      refund === 'none' ? (
        '—'
      ) : (
        <Tag color={refund === 'pending' ? 'orange' : undefined}>{LINE_REFUND_LABELS[refund]}</Tag>
      ),
  },
];

const PAYMENT_COLUMNS = [
  {
    title: '支付方式',
    dataIndex: 'channel',
    render: (channel: AdminPayment['channel']) => PAY_CHANNEL_LABELS[channel],
  },
  { title: '交易号', dataIndex: 'transactionId', render: (id: string | null) => id ?? '—' },
  { title: '商户单号', dataIndex: 'outTradeNo' },
  { title: '金额', dataIndex: 'amount', render: formatYuan },
  {
    title: '状态',
    dataIndex: 'status',
    render: (status: AdminPayment['status']) => <Tag>{PAYMENT_STATUS_LABELS[status]}</Tag>,
  },
  { title: '支付时间', dataIndex: 'succeededAt', render: formatDateTime },
];

const REFUND_COLUMNS = [
  { title: '退款单号', dataIndex: 'outRefundNo' },
  { title: '金额', dataIndex: 'amount', render: formatYuan },
  { title: '退回商品', dataIndex: 'lines', render: refundLinesLabel },
  {
    title: '类型',
    dataIndex: 'reason',
    render: (reason: AdminRefund['reason']) => REFUND_REASON_LABELS[reason],
  },
  {
    title: '状态',
    key: 'status',
    render: (_: unknown, refund: AdminRefund) => (
      <>
        <Tag color={refund.status === 'failed' ? 'red' : undefined}>
          {REFUND_STATUS_LABELS[refund.status]}
        </Tag>
        {refund.failure ? <Typography.Text type="danger">{refund.failure}</Typography.Text> : null}
      </>
    ),
  },
  { title: '操作人', dataIndex: 'requestedBy', render: actorLabel },
  { title: '完成时间', dataIndex: 'completedAt', render: formatDateTime },
];

/**
 * Whether the order ships now: a paid goods order, or a partly refunded one that has not shipped and
 * still has goods no refund gave back.
 */
function shippable(order: AdminOrderDetail): boolean {
  if (order.kind !== 'goods') return false;
  if (order.status === 'paid') return true;
  return (
    order.status === 'partially_refunded' &&
    order.shippedAt === null &&
    order.items.some((item) => item.kind === 'goods' && item.refund !== 'refunded')
  );
}

/** The drawer of order `orderNo` (closed when null); `onChanged` after a ship, refund or refusal. */
export function OrderDrawer({
  orderNo,
  onClose,
  onChanged,
}: {
  orderNo: string | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { message } = useFeedback();
  const { record: order, setRecord: setOrder, failure } = useDrawerRecord(orderNo, getOrder);
  const [dialog, setDialog] = useState<'ship' | 'refund' | 'reject' | null>(null);

  // Another order opens with its dialogs closed (`orderNo` is read to say so).
  useEffect(() => {
    if (orderNo !== undefined) setDialog(null);
  }, [orderNo]);

  const changed = (after: AdminOrderDetail) => {
    setOrder(after);
    onChanged();
  };

  const canShip = order ? shippable(order) : false;
  const canRefund = (order?.refundable ?? 0) > 0;
  // A refund request is turned down while no refund of the order is on its way back.
  const canReject =
    order?.status === 'refunding' &&
    !order.refunds.some((refund) => refund.status === 'pending' && refund.reason === 'buyer');
  const address = order?.address;

  return (
    <Drawer
      title={orderNo ? `订单 ${orderNo}` : '订单详情'}
      open={orderNo !== null}
      onClose={onClose}
      width={900}
      destroyOnHidden
      extra={
        order ? (
          <Space>
            {canShip ? (
              <Button type="primary" onClick={() => setDialog('ship')}>
                发货
              </Button>
            ) : null}
            {canRefund ? (
              <Button danger onClick={() => setDialog('refund')}>
                {order.status === 'refunding' && order.refundReason ? '同意退款' : '退款'}
              </Button>
            ) : null}
            {canReject ? <Button onClick={() => setDialog('reject')}>拒绝退款</Button> : null}
          </Space>
        ) : null
      }
    >
      <DrawerLoadState failure={failure} loaded={order !== null} />
      {order ? (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          {order.status === 'refunding' && order.refundReason ? (
            <Alert type="warning" showIcon message={`买家申请退款：${order.refundReason}`} />
          ) : null}
          <Descriptions column={2} bordered size="small">
            <Descriptions.Item label="状态">
              <Tag color="blue">{ORDER_STATUS_LABELS[order.status]}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="类型">{PRODUCT_KIND_LABELS[order.kind]}</Descriptions.Item>
            <Descriptions.Item label="买家">
              {order.buyer.nickname || '—'}（{order.buyer.phone ?? '已注销'}，ID {order.buyer.userId}）
            </Descriptions.Item>
            <Descriptions.Item label="下单时间">{formatDateTime(order.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="商品金额">{formatYuan(order.goodsTotal)}</Descriptions.Item>
            <Descriptions.Item label="运费">{formatYuan(order.shipping)}</Descriptions.Item>
            <Descriptions.Item label="实付">
              <Typography.Text strong>{formatYuan(order.total)}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="支付时间">{formatDateTime(order.paidAt)}</Descriptions.Item>
            {order.refundedAmount > 0 || order.refunds.length > 0 ? (
              <>
                <Descriptions.Item label="已退款">{formatYuan(order.refundedAmount)}</Descriptions.Item>
                <Descriptions.Item label="可退">{formatYuan(order.refundable)}</Descriptions.Item>
              </>
            ) : null}
            <Descriptions.Item label="收货地址" span={2}>
              {address
                ? `${address.name} ${address.phone}，${address.province}${address.city}${address.district}${address.detail}`
                : '无需发货'}
            </Descriptions.Item>
            <Descriptions.Item label="物流" span={2}>
              {order.tracking ? `${order.tracking}（${formatDateTime(order.shippedAt)} 发货）` : '—'}
            </Descriptions.Item>
            {order.remark ? (
              <Descriptions.Item label="买家留言" span={2}>
                {order.remark}
              </Descriptions.Item>
            ) : null}
          </Descriptions>

          <DrawerSection title="商品">
            <CompactTable rowKey="line" columns={LINE_COLUMNS} dataSource={order.items} />
          </DrawerSection>

          <DrawerSection title="支付记录">
            <CompactTable<AdminPayment>
              rowKey="outTradeNo"
              columns={PAYMENT_COLUMNS}
              dataSource={order.payments}
              emptyText="没有支付记录"
            />
          </DrawerSection>

          {order.refunds.length > 0 ? (
            <DrawerSection title="退款记录">
              <CompactTable<AdminRefund>
                rowKey="outRefundNo"
                columns={REFUND_COLUMNS}
                dataSource={order.refunds}
              />
            </DrawerSection>
          ) : null}

          <DrawerSection title="订单进度">
            <Timeline
              items={order.timeline.map((event, index) => ({
                key: index,
                children: (
                  <>
                    <Typography.Text strong>
                      {ORDER_STATUS_LABELS[event.status as AdminOrderDetail['status']] ?? event.status}
                    </Typography.Text>{' '}
                    <Typography.Text type="secondary">
                      {formatDateTime(event.at)} · {actorLabel(event.actor)}
                    </Typography.Text>
                    {event.note ? <div>{event.note}</div> : null}
                  </>
                ),
              }))}
            />
          </DrawerSection>
        </Space>
      ) : null}

      {order && canShip ? (
        <ShipForm
          orderNo={order.orderNo}
          open={dialog === 'ship'}
          onOpenChange={(open) => setDialog(open ? 'ship' : null)}
          onShipped={changed}
        />
      ) : null}
      {order && canRefund ? (
        <RefundForm
          order={order}
          open={dialog === 'refund'}
          onOpenChange={(open) => setDialog(open ? 'refund' : null)}
          onRefunded={changed}
        />
      ) : null}
      {order && canReject ? (
        <ReasonDialog
          title="拒绝退款"
          description="订单回到已支付状态，买家会看到拒绝的原因。"
          submitText="确认拒绝"
          open={dialog === 'reject'}
          onOpenChange={(open) => setDialog(open ? 'reject' : null)}
          onConfirm={async (reason) => {
            const after = await rejectRefund(order.orderNo, { reason: reason ?? '' });
            void message.success('已拒绝退款申请');
            changed(after);
          }}
        />
      ) : null}
    </Drawer>
  );
}
