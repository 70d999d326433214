import { DashiContact } from './ContactLoader';
import { DialogFrame } from './DialogFrame';

/** Title of the master dialog. */
export const DASHI_DIALOG_TITLE = '联系大师';

/**
 * The master/teacher contact dialog (SPEC §2 dialog 2) for master `sellid`: the cached record when it
 * is the same master, else a fetch (SPEC §4).
 */
export function DashiDialog({ sellid, onClose }: { sellid?: number | string; onClose: () => void }) {
  return (
    <DialogFrame title={DASHI_DIALOG_TITLE} onClose={onClose}>
      <DashiContact sellid={sellid} lead="添加大师微信，一对一咨询。" onLeave={onClose} />
    </DialogFrame>
  );
}
