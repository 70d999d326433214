import { KefuContact } from './ContactLoader';
import { DialogFrame } from './DialogFrame';

/** Title of the customer-service dialog. */
export const KEFU_DIALOG_TITLE = '在线客服';

/** The online customer-service dialog (PRODUCT.md#screens): opening it fetches the card. */
export function KefuDialog({ onClose }: { onClose: () => void }) {
  return (
    <DialogFrame title={KEFU_DIALOG_TITLE} onClose={onClose}>
      <KefuContact lead="有任何问题，或想开通VIP，请添加客服微信。" onLeave={onClose} />
    </DialogFrame>
  );
}
