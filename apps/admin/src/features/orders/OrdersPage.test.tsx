import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminOrderDetail, AdminOrderList, AdminOrderSummary } from '@xuanli/contracts/admin-shop';
import { describe, expect, it } from 'vitest';
import { findDialog, findOption } from '@/testing/antd-queries';
import { type ApiCall, callsTo, installFakeApi, okAnswer } from '@/testing/fake-api';
import { FIXTURE_NOW } from '@/testing/fixtures';
import { meAnswer, renderConsole } from '@/testing/render-console';

const ORDER_NO = '20260115120000123456';

function anOrder(overrides: Partial<AdminOrderSummary> = {}): AdminOrderSummary {
  return {
    orderNo: ORDER_NO,
    status: 'paid',
    kind: 'goods',
    title: '黄铜罗盘',
    itemCount: 1,
    total: 13_600,
    buyer: { userId: 42, phone: '13800138000', nickname: '玄历用户8000' },
    createdAt: FIXTURE_NOW,
    paidAt: FIXTURE_NOW,
    payChannel: 'alipay',
    ...overrides,
  };
}

function anOrderDetail(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  return {
    ...anOrder(),
    goodsTotal: 12_800,
    shipping: 800,
    remark: '',
    address: {
      name: '张三',
      phone: '13800138000',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      detail: '文三路 100 号',
    },
    items: [
      {
        line: 1,
        skuId: 7,
        productId: 3,
        kind: 'goods',
        title: '黄铜罗盘',
        skuTitle: '默认',
        cover: '/covers/luopan.webp',
        price: 12_800,
        qty: 1,
        refund: 'none',
      },
    ],
    transactionId: '2026011522001400001',
    tracking: null,
    refundReason: null,
    shippedAt: null,
    refundedAt: null,
    timeline: [
      { status: 'pending', at: FIXTURE_NOW, note: '', actor: 'buyer' },
      { status: 'paid', at: FIXTURE_NOW, note: '支付宝', actor: 'pay:alipay' },
    ],
    payments: [
      {
        outTradeNo: `${ORDER_NO}P01`,
        channel: 'alipay',
        amount: 13_600,
        status: 'succeeded',
        transactionId: '2026011522001400001',
        createdAt: FIXTURE_NOW,
        succeededAt: FIXTURE_NOW,
      },
    ],
    refunds: [],
    refundedAmount: 0,
    refundable: 13_600,
    ...overrides,
  };
}

function fakeOrdersApi(
  detail: AdminOrderDetail,
  extra: (call: ApiCall) => Response | undefined = () => undefined,
) {
  return installFakeApi((call) => {
    if (call.method === 'GET' && call.path === '/orders') {
      const list: AdminOrderList = { list: [anOrder({ status: detail.status })], total: 1 };
      return okAnswer(list);
    }
    if (call.method === 'GET' && call.path === `/orders/${ORDER_NO}`) return okAnswer(detail);
    return extra(call) ?? meAnswer(call, 'support');
  });
}

function typeDate(input: HTMLElement, value: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('orders', () => {
  it('lists orders and sends state, number, phone and Beijing days as the query', async () => {
    const calls = fakeOrdersApi(anOrderDetail());
    const { user } = renderConsole({ path: '/orders', role: 'support' });
    const row = (await screen.findByText('黄铜罗盘')).closest('tr') as HTMLElement;
    within(row).getByText('¥136.00');
    within(row).getByText('已支付');
    within(row).getByText('支付宝');
    within(row).getByText('13800138000');
    expect(callsTo(calls, 'GET', '/orders')[0].query).toEqual({ page: '1', size: '20' });

    await user.click(screen.getByLabelText('状态'));
    await user.click(await findOption('退款中'));
    await user.type(screen.getByLabelText('手机号'), ' 8000 ');
    await user.type(screen.getByLabelText('订单号'), '2026');
    typeDate(screen.getByPlaceholderText('开始日期'), '2026-01-01');
    typeDate(screen.getByPlaceholderText('结束日期'), '2026-01-15');
    await user.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(callsTo(calls, 'GET', '/orders')).toHaveLength(2));
    expect(callsTo(calls, 'GET', '/orders')[1].query).toEqual({
      status: 'refunding',
      phone: '8000',
      orderNo: '2026',
      from: '2026-01-01',
      to: '2026-01-15',
      page: '1',
      size: '20',
    });
  });

  it('shows the payment record and timeline, and ships with carrier and tracking number', async () => {
    const shipped = anOrderDetail({
      status: 'shipped',
      tracking: '顺丰速运 SF1234567890',
      shippedAt: FIXTURE_NOW,
      refundable: 0,
    });
    const calls = fakeOrdersApi(anOrderDetail(), (call) =>
      call.path === `/orders/${ORDER_NO}/ship` ? okAnswer(shipped) : undefined,
    );
    const { user } = renderConsole({ path: '/orders', role: 'support' });
    await user.click(await screen.findByRole('button', { name: '去发货' }));
    const drawer = await findDialog(`订单 ${ORDER_NO}`);
    const payment = (await within(drawer).findByText('2026011522001400001', { selector: 'td' })).closest(
      'tr',
    ) as HTMLElement;
    within(payment).getByText('支付宝');
    within(payment).getByText('¥136.00');
    within(payment).getByText('支付成功');
    within(drawer).getByText(/张三 13800138000，浙江省杭州市西湖区文三路 100 号/);
    within(drawer).getByText(/2026-01-15 12:00 · 买家/);

    await user.click(within(drawer).getByRole('button', { name: '发货' }));
    const dialog = await findDialog('发货');
    await user.click(within(dialog).getByRole('button', { name: '确认发货' }));
    await within(dialog).findByText('请选择快递公司');
    await within(dialog).findByText('请输入运单号');
    await user.type(within(dialog).getByLabelText('运单号'), 'SF 12');
    await user.click(within(dialog).getByRole('button', { name: '确认发货' }));
    await within(dialog).findByText('运单号为 6–40 位字母、数字或短横线');
    expect(callsTo(calls, 'POST', `/orders/${ORDER_NO}/ship`)).toEqual([]);

    await user.click(within(dialog).getByLabelText('快递公司'));
    await user.click(await findOption('顺丰速运'));
    await user.clear(within(dialog).getByLabelText('运单号'));
    await user.type(within(dialog).getByLabelText('运单号'), 'SF1234567890');
    await user.click(within(dialog).getByRole('button', { name: '确认发货' }));
    await screen.findByText(`订单 ${ORDER_NO} 已发货`);
    expect(callsTo(calls, 'POST', `/orders/${ORDER_NO}/ship`).map((call) => call.body)).toEqual([
      { carrier: '顺丰速运', trackingNo: 'SF1234567890' },
    ]);
    await within(drawer).findByText(/顺丰速运 SF1234567890/);
  });

  it('refunds at most what was paid, in 分, with a reason', async () => {
    const refunded = anOrderDetail({ status: 'refunded', refundable: 0 });
    const calls = fakeOrdersApi(anOrderDetail(), (call) =>
      call.path === `/orders/${ORDER_NO}/refund` ? okAnswer(refunded) : undefined,
    );
    const { user } = renderConsole({ path: '/orders', role: 'support' });
    await user.click(await screen.findByRole('button', { name: '去发货' }));
    const drawer = await findDialog(`订单 ${ORDER_NO}`);
    await user.click(await within(drawer).findByRole('button', { name: '退款' }));
    const dialog = await findDialog('退款');
    const amount = within(dialog).getByLabelText('退款金额') as HTMLInputElement;
    expect(amount.value).toBe('136.00');
    await user.clear(amount);
    await user.type(amount, '136.01');
    await user.click(within(dialog).getByRole('button', { name: '确认退款' }));
    await within(dialog).findByText('退款金额不能超过可退金额 ¥136.00');
    await within(dialog).findByText('请填写原因');
    expect(callsTo(calls, 'POST', `/orders/${ORDER_NO}/refund`)).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '50.5');
    await user.type(within(dialog).getByLabelText('原因'), '缺货，协商部分退款');
    await user.click(within(dialog).getByRole('button', { name: '确认退款' }));
    await screen.findByText('退款已原路退回');
    expect(callsTo(calls, 'POST', `/orders/${ORDER_NO}/refund`).map((call) => call.body)).toEqual([
      { amount: 5050, lines: [], reason: '缺货，协商部分退款' },
    ]);
  });

  it('refunds a part of a partly refunded order with the lines it gives back, showing what was refunded and what remains', async () => {
    const partly = anOrderDetail({
      status: 'partially_refunded',
      total: 20_000,
      goodsTotal: 20_000,
      shipping: 0,
      items: [
        { ...anOrderDetail().items[0], refund: 'refunded' },
        {
          line: 2,
          skuId: 8,
          productId: 4,
          kind: 'goods',
          title: '五帝钱挂件',
          skuTitle: '默认',
          cover: '/covers/wudi.webp',
          price: 3_600,
          qty: 2,
          refund: 'none',
        },
      ],
      refunds: [
        {
          outRefundNo: `${ORDER_NO}R000001`,
          amount: 12_800,
          status: 'succeeded',
          reason: 'buyer',
          requestedBy: 'kefu01',
          lines: [1],
          providerRefundId: 'SBR1',
          failure: null,
          createdAt: FIXTURE_NOW,
          completedAt: FIXTURE_NOW,
        },
      ],
      refundedAmount: 12_800,
      refundable: 7_200,
    });
    const after = anOrderDetail({ ...partly, status: 'refunded', refundedAmount: 20_000, refundable: 0 });
    const calls = fakeOrdersApi(partly, (call) =>
      call.path === `/orders/${ORDER_NO}/refund` ? okAnswer(after) : undefined,
    );
    const { user } = renderConsole({ path: '/orders', role: 'support' });
    within((await screen.findByText('黄铜罗盘')).closest('tr') as HTMLElement).getByText('部分退款');
    await user.click(screen.getByRole('button', { name: '详情' }));
    const drawer = await findDialog(`订单 ${ORDER_NO}`);
    await within(drawer).findByText('第 1 行');
    const refundedRow = within(drawer).getByText('黄铜罗盘', { selector: 'td' }).closest('tr') as HTMLElement;
    within(refundedRow).getByText('已退款');
    // What ships is what the refund left: the pendant has not been sent yet.
    within(drawer).getByRole('button', { name: '发货' });

    await user.click(within(drawer).getByRole('button', { name: '退款' }));
    const dialog = await findDialog('退款');
    within(dialog).getByText(/实付 ¥200\.00，已退款 ¥128\.00，\s*可退 ¥72\.00/);
    const amount = within(dialog).getByLabelText('退款金额') as HTMLInputElement;
    expect(amount.value).toBe('72.00');
    const given = within(dialog).getByRole('checkbox', { name: '黄铜罗盘 ×1（已退款）' });
    expect(given).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('checkbox', { name: '五帝钱挂件 ×2（¥72.00）' }));
    await within(dialog).findByText('所选商品合计 ¥72.00');
    await user.clear(amount);
    await user.type(amount, '72.01');
    await user.type(within(dialog).getByLabelText('原因'), '买家退回挂件');
    await user.click(within(dialog).getByRole('button', { name: '确认退款' }));
    await within(dialog).findByText('退款金额不能超过可退金额 ¥72.00');
    expect(callsTo(calls, 'POST', `/orders/${ORDER_NO}/refund`)).toEqual([]);
    await user.clear(amount);
    await user.type(amount, '72');
    await user.click(within(dialog).getByRole('button', { name: '确认退款' }));
    await screen.findByText('退款已原路退回');
    expect(callsTo(calls, 'POST', `/orders/${ORDER_NO}/refund`).map((call) => call.body)).toEqual([
      { amount: 7200, lines: [2], reason: '买家退回挂件' },
    ]);
  });

  it("turns down a buyer's refund request with a reason", async () => {
    const asked = anOrderDetail({
      status: 'refunding',
      refundReason: '不想要了',
      timeline: [
        ...anOrderDetail().timeline,
        { status: 'refunding', at: FIXTURE_NOW, note: '不想要了', actor: 'buyer' },
      ],
    });
    const calls = fakeOrdersApi(asked, (call) =>
      call.path === `/orders/${ORDER_NO}/refund-reject`
        ? okAnswer(anOrderDetail({ refundReason: null }))
        : undefined,
    );
    const { user } = renderConsole({ path: '/orders', role: 'support' });
    await user.click(await screen.findByRole('button', { name: '处理退款' }));
    const drawer = await findDialog(`订单 ${ORDER_NO}`);
    await within(drawer).findByText('买家申请退款：不想要了');
    within(drawer).getByRole('button', { name: '同意退款' });
    await user.click(within(drawer).getByRole('button', { name: '拒绝退款' }));
    const dialog = await findDialog('拒绝退款');
    await user.type(within(dialog).getByLabelText('原因'), '商品已拆封');
    await user.click(within(dialog).getByRole('button', { name: '确认拒绝' }));
    await screen.findByText('已拒绝退款申请');
    expect(callsTo(calls, 'POST', `/orders/${ORDER_NO}/refund-reject`).map((call) => call.body)).toEqual([
      { reason: '商品已拆封' },
    ]);
    await waitFor(() => expect(within(drawer).queryByRole('button', { name: '拒绝退款' })).toBeNull());
  });

  it('is not offered to an editor', async () => {
    installFakeApi((call) => meAnswer(call, 'editor'));
    renderConsole({ path: '/orders', role: 'editor' });
    expect(await screen.findByText('无权访问')).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /订单/ })).toBeNull();
  });
});
