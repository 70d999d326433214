/**
 * The buyer's two confirmable order actions, shared by my orders and the order page: 取消订单 (pending)
 * and 确认收货 (shipped). Each asks first, then calls the server; the answer replaces the cached order
 * and the lists refresh. A refusal (e.g. the order was paid or cancelled meanwhile) is said in Chinese.
 */
import { userMessage } from '@/lib/error-message';
import { confirm, notify, toast } from '@/lib/feedback';
import { useCancelOrder } from './api/cancel-order';
import { useConfirmOrder } from './api/confirm-order';

/** `cancel(orderNo)` and `confirmReceipt(orderNo)`, each resolving whether the order changed. */
export function useOrderActions() {
  const cancel = useCancelOrder();
  const receive = useConfirmOrder();

  async function run(call: () => Promise<unknown>, done: string): Promise<boolean> {
    try {
      await call();
      toast(done, 'success');
      return true;
    } catch (error) {
      notify(userMessage(error));
      return false;
    }
  }

  return {
    busy: cancel.isPending || receive.isPending,
    async cancel(orderNo: string): Promise<boolean> {
      const sure = await confirm({
        title: '取消订单',
        content: '确定要取消这个订单吗？取消后商品将不再为您保留。',
        cancelText: '再想想',
        confirmText: '取消订单',
      });
      return sure ? run(() => cancel.mutateAsync(orderNo), '订单已取消') : false;
    },
    async confirmReceipt(orderNo: string): Promise<boolean> {
      const sure = await confirm({
        title: '确认收货',
        content: '请确认已收到全部商品。确认后订单完成，不能再申请退款。',
        cancelText: '还没收到',
        confirmText: '确认收货',
      });
      return sure ? run(() => receive.mutateAsync(orderNo), '已确认收货') : false;
    },
  };
}
