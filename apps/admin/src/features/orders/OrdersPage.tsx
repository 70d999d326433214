/**
 * 订单: orders newest first, filtered by state, 订单号, the buyer's 手机号 and the Beijing days they
 * were made; each opens in a drawer with its payment record and timeline, where it is shipped or
 * refunded. A second tab, 对账异常 (`#/orders?tab=findings`), lists what reconciliation with the
 * payment providers found. Roles admin and support (admin-labels.ts `ADMIN_AREA_ROLES.orders`).
 */
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type { AdminOrderSummary } from '@xuanli/contracts/admin-shop';
import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderStatus,
  PAY_CHANNEL_LABELS,
  PRODUCT_KIND_LABELS,
} from '@xuanli/contracts/shop-labels';
import { Button, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { listOrders } from '@/api/orders';
import { actionsColumn, ListTable, searchField } from '@/components/ListTable';
import { PageFrame } from '@/components/PageFrame';
import { formatDateTime } from '@/lib/dates';
import { formatYuan } from '@/lib/money';
import { OrderDrawer } from './OrderDrawer';
import { PayFindings } from './PayFindings';

/** The page's tabs, kept in the address so that a link can open 对账异常. */
const TABS = [
  { key: 'orders', tab: '订单列表' },
  { key: 'findings', tab: '对账异常' },
] as const;

/** The search form's values (ProTable passes them with `current` and `pageSize`). */
interface OrderSearch {
  status?: OrderStatus;
  orderNo?: string;
  phone?: string;
  /** Beijing days 'YYYY-MM-DD', first and last. */
  createdDays?: [string, string];
  current?: number;
  pageSize?: number;
}

/** Colours of the states that ask for an operator (待发货, 退款中). */
const STATUS_COLORS: Partial<Record<OrderStatus, string>> = {
  paid: 'orange',
  refunding: 'red',
  partially_refunded: 'gold',
  shipped: 'blue',
  done: 'green',
};

/** The orders page. */
export function OrdersPage() {
  const table = useRef<ActionType>(undefined);
  const [openOrderNo, setOpenOrderNo] = useState<string | null>(null);
  const [address, setAddress] = useSearchParams();
  const tab = address.get('tab') === 'findings' ? 'findings' : 'orders';

  const columns: ProColumns<AdminOrderSummary>[] = [
    {
      title: '订单号',
      dataIndex: 'orderNo',
      copyable: true,
      fieldProps: { placeholder: '订单号或前几位', allowClear: true },
    },
    searchField('phone', '手机号', '买家手机号的任意几位'),
    {
      title: '状态',
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: Object.fromEntries(
        ORDER_STATUSES.map((status) => [status, { text: ORDER_STATUS_LABELS[status] }]),
      ),
      render: (_, order) => (
        <Tag color={STATUS_COLORS[order.status]}>{ORDER_STATUS_LABELS[order.status]}</Tag>
      ),
    },
    {
      title: '下单日期',
      dataIndex: 'createdDays',
      valueType: 'dateRange',
      hideInTable: true,
      fieldProps: { placeholder: ['开始日期', '结束日期'] },
    },
    {
      title: '商品',
      dataIndex: 'title',
      search: false,
      render: (_, order) => `${order.title}${order.itemCount > 1 ? ` 等 ${order.itemCount} 件` : ''}`,
    },
    {
      title: '类型',
      dataIndex: 'kind',
      search: false,
      width: 70,
      render: (_, order) => PRODUCT_KIND_LABELS[order.kind],
    },
    { title: '金额', dataIndex: 'total', search: false, render: (_, order) => formatYuan(order.total) },
    {
      title: '买家',
      dataIndex: 'buyer',
      search: false,
      render: (_, order) => (
        <>
          {order.buyer.phone ?? <Typography.Text type="secondary">已注销</Typography.Text>}
          <div>
            <Typography.Text type="secondary">{order.buyer.nickname}</Typography.Text>
          </div>
        </>
      ),
    },
    {
      title: '支付方式',
      dataIndex: 'payChannel',
      search: false,
      render: (_, order) => (order.payChannel ? PAY_CHANNEL_LABELS[order.payChannel] : '—'),
    },
    {
      title: '下单时间',
      dataIndex: 'createdAt',
      search: false,
      render: (_, order) => formatDateTime(order.createdAt),
    },
    actionsColumn(90, (_, order) => [
      <Button key="detail" type="link" size="small" onClick={() => setOpenOrderNo(order.orderNo)}>
        {order.status === 'paid' && order.kind === 'goods'
          ? '去发货'
          : order.status === 'refunding'
            ? '处理退款'
            : '详情'}
      </Button>,
    ]),
  ];

  return (
    <PageFrame
      page="orders"
      intro="按状态、订单号、买家手机号和下单日期查找订单，发货与退款；对账异常是向支付渠道查单时发现的问题"
      tabList={[...TABS]}
      tabActiveKey={tab}
      onTabChange={(key) => setAddress(key === 'findings' ? { tab: 'findings' } : {})}
    >
      {tab === 'findings' ? <PayFindings /> : null}
      {tab === 'orders' ? (
        <ListTable<AdminOrderSummary, OrderSearch>
          rowKey="orderNo"
          actionRef={table}
          columns={columns}
          headerTitle="订单列表"
          searchOpen
          load={(params) => {
            const [from, to] = params.createdDays ?? [];
            return listOrders({
              status: params.status || undefined,
              orderNo: params.orderNo?.trim() || undefined,
              phone: params.phone?.trim() || undefined,
              from: from || undefined,
              to: to || undefined,
              page: params.current,
              size: params.pageSize,
            });
          }}
        />
      ) : null}

      <OrderDrawer
        orderNo={openOrderNo}
        onClose={() => setOpenOrderNo(null)}
        onChanged={() => void table.current?.reload()}
      />
    </PageFrame>
  );
}
