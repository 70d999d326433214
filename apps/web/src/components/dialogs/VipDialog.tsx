import { toast } from '@/lib/feedback';
import { isVip, useSession } from '@/stores/session';
import { useDingzhiProfile } from './api/dingzhi-profile';
import { KefuContact } from './ContactLoader';
import { DialogFrame } from './DialogFrame';
import styles from './dialogs.module.css';
import { VipProfileForm } from './VipProfileForm';

/** Why a reader who is not VIP sees the customer-service card (PRODUCT.md#vip: VIP is granted by people). */
export const VIP_NEEDED_LEAD =
  '私人定制是VIP专享服务。添加客服微信开通VIP后，即可填写资料，每天查看专属运势。';

/**
 * The VIP customisation dialog (PRODUCT.md#screens, #vip): a VIP gets the form (birth profile and fortune
 * type; saving stores them as the account's 定制 profile and closes the dialog), anyone else the
 * customer-service card.
 */
export function VipDialog({ onClose }: { onClose: () => void }) {
  const vip = useSession((s) => isVip(s.user));
  return (
    <DialogFrame title={vip ? '定制资料' : '开通VIP'} onClose={onClose}>
      {vip ? <ProfileEditor onClose={onClose} /> : <KefuContact lead={VIP_NEEDED_LEAD} onLeave={onClose} />}
    </DialogFrame>
  );
}

/**
 * The form, once the saved profile is known (the 定制 tab has usually fetched it already). When it
 * cannot be fetched (offline) the form still opens, from what the reader last typed; saving then says
 * why it failed.
 */
function ProfileEditor({ onClose }: { onClose: () => void }) {
  const profile = useDingzhiProfile();
  if (profile.data === undefined && profile.isPending && profile.fetchStatus === 'fetching') {
    return (
      <div className={styles.state} role="status">
        <p className={styles.stateText}>加载中...</p>
      </div>
    );
  }
  return (
    <VipProfileForm
      profile={profile.data ?? null}
      onSaved={() => {
        toast('资料已保存', 'success');
        onClose();
      }}
    />
  );
}
