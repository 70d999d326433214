import { toast } from '@/lib/feedback';
import { isVip, useSession } from '@/stores/session';
import { KefuContact } from './ContactLoader';
import { DialogFrame } from './DialogFrame';
import { VipProfileForm } from './VipProfileForm';

/** Why a reader who is not VIP sees the customer-service card (SPEC §1: VIP is granted by people). */
export const VIP_NEEDED_LEAD =
  '私人定制是VIP专享服务。添加客服微信开通VIP后，即可填写资料，每天查看专属运势。';

/**
 * The VIP customisation dialog (SPEC §2 dialog 1, §4): a VIP gets the form (birth profile and fortune
 * type; saving stores them and closes the dialog), anyone else the customer-service card.
 */
export function VipDialog({ onClose }: { onClose: () => void }) {
  const vip = useSession((s) => isVip(s.user));
  return (
    <DialogFrame title={vip ? '定制资料' : '开通VIP'} onClose={onClose}>
      {vip ? (
        <VipProfileForm
          onSaved={() => {
            toast('资料已保存', 'success');
            onClose();
          }}
        />
      ) : (
        <KefuContact lead={VIP_NEEDED_LEAD} onLeave={onClose} />
      )}
    </DialogFrame>
  );
}
