/** A user's VIP at a glance: 有效 with its end, 已过期 with when, or 未开通. */
import { Tag } from 'antd';
import { formatDateTime } from '@/lib/dates';

/** The tag; `isVip` is the server's judgement by its own clock. */
export function VipTag({ isVip, vipExpire }: { isVip: boolean; vipExpire: string | null }) {
  if (isVip) return <Tag color="gold">VIP 至 {formatDateTime(vipExpire)}</Tag>;
  if (vipExpire) return <Tag>已过期 {formatDateTime(vipExpire)}</Tag>;
  return <Tag>未开通</Tag>;
}
