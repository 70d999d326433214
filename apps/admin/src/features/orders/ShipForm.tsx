/**
 * 发货: the carrier (one of the common ones the server accepts) and the tracking number; the buyer's
 * app then shows the order as 已发货 with both.
 */
import { ModalForm, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import type { AdminOrderDetail, ShipCarrier } from '@xuanli/contracts/admin-shop';
import { SHIP_CARRIERS, TRACKING_NO_PATTERN } from '@xuanli/contracts/admin-shop-labels';
import { shipOrder } from '@/api/orders';
import { useFeedback } from '@/lib/feedback';
import { problemRule } from '@/lib/form-rules';

interface ShipValues {
  carrier: ShipCarrier;
  trackingNo: string;
}

const TRACKING_NO = new RegExp(TRACKING_NO_PATTERN);

/** The message for `value` as a tracking number, or null when it is acceptable. */
export function trackingNoProblem(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  if (!text) return '请输入运单号';
  if (!TRACKING_NO.test(text)) return '运单号为 6–40 位字母、数字或短横线';
  return null;
}

/** The ship dialog of order `orderNo`. */
export function ShipForm({
  orderNo,
  open,
  onOpenChange,
  onShipped,
}: {
  orderNo: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onShipped: (order: AdminOrderDetail) => void;
}) {
  const { message, showError } = useFeedback();
  return (
    <ModalForm<ShipValues>
      title="发货"
      open={open}
      onOpenChange={onOpenChange}
      width={480}
      modalProps={{ destroyOnHidden: true, maskClosable: false }}
      submitter={{ searchConfig: { submitText: '确认发货', resetText: '取消' } }}
      onFinish={async (values) => {
        try {
          const order = await shipOrder(orderNo, {
            carrier: values.carrier,
            trackingNo: values.trackingNo.trim(),
          });
          void message.success(`订单 ${orderNo} 已发货`);
          onShipped(order);
          return true;
        } catch (error) {
          showError(error, { OrderStateConflict: '订单已不是待发货状态，请刷新后查看' });
          return false;
        }
      }}
    >
      <ProFormSelect
        name="carrier"
        label="快递公司"
        placeholder="选择快递公司"
        options={SHIP_CARRIERS.map((carrier) => ({ label: carrier, value: carrier }))}
        rules={[{ required: true, message: '请选择快递公司' }]}
      />
      <ProFormText
        name="trackingNo"
        label="运单号"
        placeholder="例如 SF1234567890"
        fieldProps={{ maxLength: 40 }}
        required
        rules={[problemRule(trackingNoProblem)]}
      />
    </ModalForm>
  );
}
