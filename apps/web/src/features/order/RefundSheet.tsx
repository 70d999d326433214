import { useId, useState } from 'react';
import { BottomSheet } from '@/components/BottomSheet';
import { userMessage } from '@/lib/error-message';
import { toast } from '@/lib/feedback';
import { useRefundOrder } from './api/refund-order';
import styles from './order.module.css';
import { SheetForm } from './SheetForm';
import sheet from './sheet.module.css';

/** The reasons a buyer picks from; 其他原因 asks them to say more. */
export const REFUND_REASONS = [
  '不想要了',
  '拍错了或多拍了',
  '地址或电话填错了',
  '商家发货太慢',
  '其他原因',
] as const;

/** Longest refund reason the wire takes (RefundRequest.reason). */
const REASON_MAX = 200;

/** The reason sent to the server: the picked reason, then the buyer's words after a colon, if any. */
export function refundReason(picked: string, words: string): string {
  const said = words.trim();
  return (said ? `${picked}：${said}` : picked).slice(0, REASON_MAX);
}

/**
 * 申请退款 for a paid order: pick a reason, optionally say more, 提交申请. The order moves to 退款中
 * until an operator approves (the money goes back the way it was paid) or refuses.
 */
export function RefundSheet({
  orderNo,
  open,
  onClose,
}: {
  orderNo: string;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <BottomSheet open={open} label="申请退款" onClose={onClose}>
      {open ? <RefundForm orderNo={orderNo} onClose={onClose} /> : null}
    </BottomSheet>
  );
}

function RefundForm({ orderNo, onClose }: { orderNo: string; onClose: () => void }) {
  const ids = useId();
  const [picked, setPicked] = useState<string | null>(null);
  const [words, setWords] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refund = useRefundOrder();

  async function handleSubmit() {
    if (!picked) {
      setError('请选择退款原因');
      return;
    }
    if (picked === '其他原因' && words.trim() === '') {
      setError('请写下退款原因');
      return;
    }
    setError(null);
    try {
      await refund.mutateAsync({ orderNo, body: { reason: refundReason(picked, words) } });
      toast('退款申请已提交', 'success');
      onClose();
    } catch (failure) {
      setError(userMessage(failure));
    }
  }

  return (
    <SheetForm
      title="申请退款"
      onClose={onClose}
      error={error}
      submitLabel={refund.isPending ? '正在提交…' : '提交申请'}
      submitDisabled={refund.isPending}
      onSubmit={handleSubmit}
    >
      <fieldset className={sheet.reasons}>
        <legend className={sheet.legend}>退款原因</legend>
        {REFUND_REASONS.map((reason) => (
          <label key={reason} className={sheet.reason}>
            <span>{reason}</span>
            <input
              type="radio"
              name={`${ids}-reason`}
              className={styles.radio}
              checked={picked === reason}
              onChange={() => setPicked(reason)}
            />
          </label>
        ))}
      </fieldset>
      <label className={sheet.legend} htmlFor={`${ids}-words`}>
        补充说明（选填）
      </label>
      <textarea
        id={`${ids}-words`}
        className={styles.textArea}
        rows={3}
        maxLength={150}
        placeholder="说说具体情况，方便尽快处理"
        value={words}
        onChange={(event) => setWords(event.target.value)}
      />
    </SheetForm>
  );
}
