/**
 * 7 天内到期的 VIP (roles of the users area, who renew them): how many, and the soonest with their
 * masked phone and the Beijing time their membership ends; a link to 用户与会员 to extend one.
 */
import type { ExpiringVip, ExpiringVips } from '@xuanli/contracts/admin-dashboard';
import { EXPIRING_VIP_DAYS, EXPIRING_VIP_LIST_MAX } from '@xuanli/contracts/admin-dashboard-labels';
import { Alert, Card, Spin, Typography } from 'antd';
import { Link } from 'react-router';
import { CompactTable } from '@/components/CompactTable';
import { formatDateTime } from '@/lib/dates';

const COLUMNS = [
  { title: '手机号', dataIndex: 'phone', render: (phone: string) => phone || '—' },
  { title: '昵称', dataIndex: 'nickname', ellipsis: true },
  {
    title: '到期时间',
    dataIndex: 'vipExpire',
    width: 150,
    render: (iso: string) => formatDateTime(iso),
  },
];

/** The expiring VIPs card. */
export function ExpiringVipsCard({ vips, failure }: { vips: ExpiringVips | null; failure: string | null }) {
  return (
    <Card
      title={`${EXPIRING_VIP_DAYS} 天内到期的 VIP${vips ? `（${vips.count} 人）` : ''}`}
      extra={<Link to="/users">去续期</Link>}
    >
      {failure ? <Alert type="error" showIcon message={failure} /> : null}
      {!vips && !failure ? <Spin /> : null}
      {vips ? (
        <>
          <CompactTable<ExpiringVip>
            rowKey="userId"
            scroll={{ y: 260 }}
            columns={COLUMNS}
            dataSource={vips.list}
            emptyText={`${EXPIRING_VIP_DAYS} 天内没有到期的 VIP`}
          />
          {vips.count > vips.list.length ? (
            <Typography.Text type="secondary">
              只列出最早到期的 {EXPIRING_VIP_LIST_MAX} 人，其余请在「用户与会员」中查找。
            </Typography.Text>
          ) : null}
        </>
      ) : null}
    </Card>
  );
}
