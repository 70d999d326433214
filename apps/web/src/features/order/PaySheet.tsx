import type { PayChannel } from '@xuanli/contracts/shop';
import { useState } from 'react';
import { BottomSheet } from '@/components/BottomSheet';
import { userMessage } from '@/lib/error-message';
import { formatFen } from '@/lib/money';
import { usePayChannels } from './api/get-pay-channels';
import { ChannelChoice, defaultChannel } from './ChannelChoice';
import styles from './order.module.css';
import { SheetForm } from './SheetForm';
import sheet from './sheet.module.css';
import { type PayFrom, usePayment } from './usePayment';

/** The order a sheet pays: its number and the server's 实付. */
export interface PayableOrder {
  orderNo: string;
  total: number;
}

/** Props of {@link PaySheet}. */
export interface PaySheetProps {
  /** The order to pay; null keeps the sheet closed. */
  order: PayableOrder | null;
  onClose: () => void;
  /** How the buyer leaves this page for the payment (see usePayment). */
  from: PayFrom;
}

/**
 * 去支付 for an existing order: the amount, the open channels and 确认支付, which starts a payment and
 * follows it (the same way checkout does). A failed start stays here with its reason beside the button,
 * so the buyer can retry or pick another channel.
 */
export function PaySheet({ order, onClose, from }: PaySheetProps) {
  return (
    <BottomSheet open={order !== null} label="选择支付方式" onClose={onClose}>
      {order ? <PayChoice key={order.orderNo} order={order} onClose={onClose} from={from} /> : null}
    </BottomSheet>
  );
}

function PayChoice({ order, onClose, from }: Omit<PaySheetProps, 'order'> & { order: PayableOrder }) {
  const channels = usePayChannels();
  const list = channels.data?.list ?? [];
  const [picked, setPicked] = useState<PayChannel | null>(null);
  const channel = picked ?? defaultChannel(list);
  const [error, setError] = useState<string | null>(null);
  const { pay, starting } = usePayment(from);

  async function handlePay() {
    if (!channel) return;
    setError(null);
    try {
      await pay(order.orderNo, channel);
      onClose();
    } catch (failure) {
      setError(userMessage(failure));
    }
  }

  return (
    <SheetForm
      title="选择支付方式"
      onClose={onClose}
      error={error}
      submitLabel={starting ? '正在发起支付…' : '确认支付'}
      submitDisabled={!channel || starting}
      onSubmit={handlePay}
    >
      <p className={sheet.amount}>
        <span className={styles.muted}>实付</span>{' '}
        <span className={styles.total}>{formatFen(order.total)}</span>
      </p>
      {channels.isError ? (
        <p className={styles.error} role="alert">
          支付方式加载失败：{userMessage(channels.error)}
        </p>
      ) : channels.data ? (
        <ChannelChoice list={list} value={channel} onChange={setPicked} />
      ) : (
        <p className={styles.muted}>正在加载支付方式…</p>
      )}
    </SheetForm>
  );
}
