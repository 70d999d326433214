/** The state of an app account as the console shows it: 正常, 已封禁 (an operator's ban) or 已注销. */
import type { AdminUserSummary } from '@xuanli/contracts/admin';
import { Tag } from 'antd';

/** The account's state as a tag; a deletion outranks a ban (a deleted account cannot log in at all). */
export function AccountStateTag({ user }: { user: Pick<AdminUserSummary, 'bannedAt' | 'deletedAt'> }) {
  if (user.deletedAt) return <Tag color="red">已注销</Tag>;
  if (user.bannedAt) return <Tag color="volcano">已封禁</Tag>;
  return <Tag color="green">正常</Tag>;
}
