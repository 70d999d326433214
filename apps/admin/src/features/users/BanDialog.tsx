/**
 * 封禁 / 解除封禁 of an app account, with the reason the audit log keeps. A ban ends every login of the
 * account at once and refuses its phone's SMS codes and logins until it is lifted.
 */
import type { AdminUserSummary } from '@xuanli/contracts/admin';
import { banUser, unbanUser } from '@/api/users';
import { ReasonDialog } from '@/components/ReasonDialog';
import { useFeedback } from '@/lib/feedback';

/** The account to ban or unban. */
export type BanTarget = Pick<AdminUserSummary, 'id' | 'nickname' | 'phone'> & { action: 'ban' | 'unban' };

const FAILURE_WORDS = {
  NotFound: '没有找到这个用户',
  Conflict: '这个账号的状态已经变了，请关闭后重新打开查看',
};

/** The confirmation of a ban or its lifting; `onDone` runs after the server made the change. */
export function BanDialog({
  target,
  onClose,
  onDone,
}: {
  target: BanTarget;
  onClose: () => void;
  onDone: () => Promise<void> | void;
}) {
  const { message } = useFeedback();
  const who = `${target.nickname}${target.phone ? `（${target.phone}）` : ''}`;
  const banning = target.action === 'ban';
  return (
    <ReasonDialog
      title={banning ? '封禁用户' : '解除封禁'}
      description={
        banning
          ? `封禁后 ${who} 在所有设备上立即下线，该手机号无法再获取验证码或登录，直到解除封禁。`
          : `解除后 ${who} 可以重新获取验证码并登录。`
      }
      submitText={banning ? '确认封禁' : '确认解除'}
      failureWords={FAILURE_WORDS}
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      onConfirm={async (reason) => {
        const body = { userId: target.id, reason: reason ?? '' };
        if (banning) {
          const { sessionsEnded } = await banUser(body);
          void message.success(`已封禁 ${target.nickname}，结束了 ${sessionsEnded} 个登录会话`);
        } else {
          await unbanUser(body);
          void message.success(`已解除 ${target.nickname} 的封禁`);
        }
        await onDone();
      }}
    />
  );
}
