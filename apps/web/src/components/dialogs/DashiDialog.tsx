import { DashiContact } from './ContactLoader';
import { DialogFrame } from './DialogFrame';

/** Title of the master dialog. */
export const DASHI_DIALOG_TITLE = '联系大师';

/**
 * The master/teacher contact dialog (PRODUCT.md#screens) for master `sellid`: the cached record when it
 * is the same master, else a fetch (PRODUCT.md#content).
 */
export function DashiDialog({ sellid, onClose }: { sellid?: number | string; onClose: () => void }) {
  return (
    <DialogFrame title={DASHI_DIALOG_TITLE} onClose={onClose}>
      <DashiContact sellid={sellid} lead="添加大师微信，一对一咨询。" onLeave={onClose} />
    </DialogFrame>
  );
}
