/**
 * A user's page in a drawer: the account, VIP, its app logins (with 强制下线, which ends them all) and
 * its newest orders — what customer service looks at during a chat — and 封禁/解除封禁 of the account,
 * each with a reason for the audit log.
 */
import type { AdminUserOrder, AdminUserSession } from '@xuanli/contracts/admin';
import { ORDER_STATUS_LABELS, PRODUCT_KIND_LABELS } from '@xuanli/contracts/shop-labels';
import { Badge, Button, Descriptions, Drawer, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { getUser, revokeUserSessions } from '@/api/users';
import { CompactTable } from '@/components/CompactTable';
import { DrawerLoadState, DrawerSection } from '@/components/DrawerParts';
import { ReasonDialog } from '@/components/ReasonDialog';
import { useDrawerRecord } from '@/hooks/use-drawer-record';
import { formatDateTime } from '@/lib/dates';
import { useFeedback } from '@/lib/feedback';
import { formatYuan } from '@/lib/money';
import { AccountStateTag } from './AccountStateTag';
import { BanDialog, type BanTarget } from './BanDialog';
import { VipTag } from './VipTag';

const SESSION_COLUMNS = [
  { title: '设备号', dataIndex: 'deviceId', render: (id: number | null) => id ?? '—' },
  { title: '登录时间', dataIndex: 'createdAt', render: formatDateTime },
  { title: '最近活动', dataIndex: 'lastSeenAt', render: formatDateTime },
  {
    title: '状态',
    key: 'state',
    render: (_: unknown, session: AdminUserSession) =>
      session.active ? (
        <Badge status="success" text="在线" />
      ) : session.revokedAt ? (
        <Badge status="default" text={`已下线 ${formatDateTime(session.revokedAt)}`} />
      ) : (
        <Badge status="default" text="已过期" />
      ),
  },
];

const ORDER_COLUMNS = [
  { title: '订单号', dataIndex: 'orderNo' },
  {
    title: '商品',
    key: 'title',
    render: (_: unknown, order: AdminUserOrder) =>
      `${order.title}${order.itemCount > 1 ? ` 等 ${order.itemCount} 件` : ''}`,
  },
  { title: '类型', dataIndex: 'kind', render: (kind: AdminUserOrder['kind']) => PRODUCT_KIND_LABELS[kind] },
  { title: '金额', dataIndex: 'total', render: formatYuan },
  {
    title: '状态',
    dataIndex: 'status',
    render: (status: AdminUserOrder['status']) => <Tag>{ORDER_STATUS_LABELS[status]}</Tag>,
  },
  { title: '下单时间', dataIndex: 'createdAt', render: formatDateTime },
  { title: '支付时间', dataIndex: 'paidAt', render: formatDateTime },
];

/** The drawer of user `userId` (closed when null); `version` changes when the user was changed elsewhere. */
export function UserDrawer({
  userId,
  version,
  onClose,
  onChanged,
}: {
  userId: number | null;
  version: number;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { message } = useFeedback();
  // `version` changes when the user was changed from the list (VIP): the open drawer reloads.
  const { record: detail, failure, reload: load } = useDrawerRecord(userId, getUser, version);
  const [revoking, setRevoking] = useState(false);
  const [banning, setBanning] = useState<BanTarget | null>(null);

  const user = detail?.user;
  const activeSessions = detail?.sessions.filter((session) => session.active).length ?? 0;

  return (
    <Drawer
      title={user ? `用户 ${user.nickname}` : '用户详情'}
      open={userId !== null}
      onClose={onClose}
      width={860}
      destroyOnHidden
      extra={
        user && !user.deletedAt ? (
          user.bannedAt ? (
            <Button onClick={() => setBanning({ ...user, action: 'unban' })}>解除封禁</Button>
          ) : (
            <Button danger onClick={() => setBanning({ ...user, action: 'ban' })}>
              封禁
            </Button>
          )
        ) : null
      }
    >
      <DrawerLoadState failure={failure} loaded={detail !== null} />
      {user && detail ? (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={2} bordered size="small">
            <Descriptions.Item label="用户 ID">{user.id}</Descriptions.Item>
            <Descriptions.Item label="手机号">{user.phone ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="昵称">{user.nickname}</Descriptions.Item>
            <Descriptions.Item label="密码登录">
              {user.hasPassword ? '已设置密码' : '未设置'}
            </Descriptions.Item>
            <Descriptions.Item label="VIP">
              <VipTag isVip={user.isVip} vipExpire={user.vipExpire} />
            </Descriptions.Item>
            <Descriptions.Item label="注册时间">{formatDateTime(user.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="账号状态" span={2}>
              <AccountStateTag user={user} />
              {user.bannedAt ? (
                <Typography.Text type="secondary">
                  {formatDateTime(user.bannedAt)} 起，原因：{user.banReason ?? '—'}
                </Typography.Text>
              ) : null}
            </Descriptions.Item>
            {user.deletedAt ? (
              <Descriptions.Item label="注销时间" span={2}>
                <Typography.Text type="danger">{formatDateTime(user.deletedAt)}</Typography.Text>
              </Descriptions.Item>
            ) : null}
          </Descriptions>

          <div>
            <Space style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }}>
              <Typography.Title level={5} style={{ margin: 0 }}>
                登录会话（在线 {activeSessions} 个）
              </Typography.Title>
              <Button danger disabled={activeSessions === 0} onClick={() => setRevoking(true)}>
                强制下线
              </Button>
            </Space>
            <CompactTable<AdminUserSession>
              rowKey="id"
              columns={SESSION_COLUMNS}
              dataSource={detail.sessions}
              emptyText="没有登录记录"
            />
          </div>

          <DrawerSection title="最近订单">
            <CompactTable<AdminUserOrder>
              rowKey="orderNo"
              columns={ORDER_COLUMNS}
              dataSource={detail.orders}
              emptyText="没有订单"
            />
          </DrawerSection>
        </Space>
      ) : null}

      {user ? (
        <ReasonDialog
          title="强制下线"
          description={`结束 ${user.nickname} 在所有设备上的登录，用户需要重新登录。`}
          submitText="确认下线"
          failureWords={{ NotFound: '没有找到这个用户' }}
          open={revoking}
          onOpenChange={setRevoking}
          onConfirm={async (reason) => {
            const { revoked } = await revokeUserSessions({ userId: user.id, reason: reason ?? '' });
            void message.success(`已结束 ${revoked} 个登录会话`);
            await load(user.id);
            onChanged();
          }}
        />
      ) : null}

      {banning ? (
        <BanDialog
          target={banning}
          onClose={() => setBanning(null)}
          onDone={async () => {
            await load(banning.id);
            onChanged();
          }}
        />
      ) : null}
    </Drawer>
  );
}
