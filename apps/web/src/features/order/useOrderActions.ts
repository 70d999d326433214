/**
 * The buyer's two confirmable order actions, shared by my orders and the order page: 取消订单 (pending)
 * and 确认收货 (shipped). Each asks first, then calls the server; the answer replaces the cached order
 * and the lists refresh. A refusal (e.g. the order was paid or cancelled meanwhile) is said in Chinese.
 */
import { userMessage } from '@/lib/error-message';
import { type ConfirmOptions, confirm, notify, toast } from '@/lib/feedback';
import { useCancelOrder } from './api/cancel-order';
import { useConfirmOrder } from './api/confirm-order';

/** What 取消订单 asks before it runs. */
const CANCEL_QUESTION: ConfirmOptions = {
  title: '取消订单',
  content: '确定要取消这个订单吗？取消后商品将不再为您保留。',
  cancelText: '再想想',
  confirmText: '取消订单',
};

/** What 确认收货 asks before it runs. */
const RECEIPT_QUESTION: ConfirmOptions = {
  title: '确认收货',
  content: '请确认已收到全部商品。确认后订单完成，不能再申请退款。',
  cancelText: '还没收到',
  confirmText: '确认收货',
};

/** `cancel(orderNo)` and `confirmReceipt(orderNo)`, each resolving whether the order changed. */
export function useOrderActions() {
  const cancel = useCancelOrder();
  const receive = useConfirmOrder();

  /** Asks `question`; once the buyer agrees, runs `call` and says `done`, or the server's refusal. */
  async function askThenRun(question: ConfirmOptions, call: () => Promise<unknown>, done: string) {
    if (!(await confirm(question))) return false;
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
    cancel: (orderNo: string): Promise<boolean> =>
      askThenRun(CANCEL_QUESTION, () => cancel.mutateAsync(orderNo), '订单已取消'),
    confirmReceipt: (orderNo: string): Promise<boolean> =>
      askThenRun(RECEIPT_QUESTION, () => receive.mutateAsync(orderNo), '已确认收货'),
  };
}
