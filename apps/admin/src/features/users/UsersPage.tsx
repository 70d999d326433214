/**
 * 用户与会员: find a user by phone digits or nickname (each with its state: 正常, 已封禁, 已注销), open
 * their page (sessions, orders, 封禁/解除封禁), grant, extend or end VIP. Roles admin and support
 * (admin-labels.ts `ADMIN_AREA_ROLES.users`).
 */
import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type { AdminUserSummary } from '@xuanli/contracts/admin';
import { Button, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import { listUsers, revokeVip } from '@/api/users';
import { actionsColumn, ListTable, searchField } from '@/components/ListTable';
import { PageFrame } from '@/components/PageFrame';
import { ReasonDialog } from '@/components/ReasonDialog';
import { formatDateTime } from '@/lib/dates';
import { useFeedback } from '@/lib/feedback';
import { AccountStateTag } from './AccountStateTag';
import { UserDrawer } from './UserDrawer';
import { VipGrantForm, type VipTarget } from './VipGrantForm';
import { VipTag } from './VipTag';

/** The search form's values (ProTable passes them with `current` and `pageSize`). */
interface UserSearch {
  q?: string;
  current?: number;
  pageSize?: number;
}

/** The users page. */
export function UsersPage() {
  const { message } = useFeedback();
  const table = useRef<ActionType>(undefined);
  const [openUserId, setOpenUserId] = useState<number | null>(null);
  const [drawerVersion, setDrawerVersion] = useState(0);
  // The grant dialog: closed (undefined), for a typed phone (null) or for a listed user.
  const [granting, setGranting] = useState<VipTarget | null | undefined>(undefined);
  const [revoking, setRevoking] = useState<AdminUserSummary | null>(null);

  const changed = () => {
    void table.current?.reload();
    setDrawerVersion((version) => version + 1);
  };

  const columns: ProColumns<AdminUserSummary>[] = [
    searchField('q', '手机号/昵称', '手机号的任意几位，或昵称'),
    { title: '用户 ID', dataIndex: 'id', search: false, width: 90 },
    {
      title: '手机号',
      dataIndex: 'phone',
      search: false,
      // No phone: the account was deleted, or it signs in another way (the demo account).
      render: (_, user) =>
        user.phone ?? (
          <Typography.Text type="secondary">{user.deletedAt ? '已注销' : '无手机号'}</Typography.Text>
        ),
    },
    { title: '昵称', dataIndex: 'nickname', search: false },
    {
      title: '账号状态',
      dataIndex: 'bannedAt',
      search: false,
      width: 100,
      render: (_, user) =>
        user.bannedAt && !user.deletedAt ? (
          <Tooltip title={`原因：${user.banReason ?? '—'}`}>
            <span>
              <AccountStateTag user={user} />
            </span>
          </Tooltip>
        ) : (
          <AccountStateTag user={user} />
        ),
    },
    {
      title: 'VIP 到期',
      dataIndex: 'vipExpire',
      search: false,
      render: (_, user) => <VipTag isVip={user.isVip} vipExpire={user.vipExpire} />,
    },
    {
      title: '注册时间',
      dataIndex: 'createdAt',
      search: false,
      render: (_, user) => formatDateTime(user.createdAt),
    },
    { title: '订单', dataIndex: 'orderCount', search: false, width: 70 },
    { title: '在线会话', dataIndex: 'activeSessionCount', search: false, width: 90 },
    actionsColumn(220, (_, user) => {
      const phone = user.phone;
      return [
        <Button key="detail" type="link" size="small" onClick={() => setOpenUserId(user.id)}>
          详情
        </Button>,
        phone ? (
          <Button
            key="grant"
            type="link"
            size="small"
            onClick={() => setGranting({ phone, nickname: user.nickname, vipExpire: user.vipExpire })}
          >
            {user.isVip ? '延长 VIP' : '开通 VIP'}
          </Button>
        ) : null,
        phone && user.isVip ? (
          <Button key="revoke" type="link" size="small" danger onClick={() => setRevoking(user)}>
            取消 VIP
          </Button>
        ) : null,
      ];
    }),
  ];

  return (
    <PageFrame page="users" intro="按手机号或昵称查找用户，开通、延长或取消 VIP">
      <ListTable<AdminUserSummary, UserSearch>
        rowKey="id"
        actionRef={table}
        columns={columns}
        headerTitle="用户列表"
        toolBarRender={() => [
          <Button key="grant" type="primary" icon={<PlusOutlined />} onClick={() => setGranting(null)}>
            按手机号开通 VIP
          </Button>,
        ]}
        load={(params) =>
          listUsers({ q: params.q?.trim() || undefined, page: params.current, size: params.pageSize })
        }
      />

      <UserDrawer
        userId={openUserId}
        version={drawerVersion}
        onClose={() => setOpenUserId(null)}
        onChanged={() => void table.current?.reload()}
      />

      <VipGrantForm
        key={granting === undefined ? 'closed' : (granting?.phone ?? 'typed')}
        target={granting ?? null}
        open={granting !== undefined}
        onOpenChange={(open) => {
          if (!open) setGranting(undefined);
        }}
        onGranted={changed}
      />

      {revoking?.phone ? (
        <ReasonDialog
          title="取消 VIP"
          description={`${revoking.nickname}（${revoking.phone}）的 VIP 将立即结束，定制功能随之关闭。`}
          submitText="确认取消"
          failureWords={{ NotFound: '没有找到这个手机号的用户' }}
          open
          onOpenChange={(open) => {
            if (!open) setRevoking(null);
          }}
          onConfirm={async (reason) => {
            const phone = revoking.phone ?? '';
            const state = await revokeVip({ phone, reason: reason ?? '' });
            void message.success(`已取消 ${state.nickname} 的 VIP`);
            changed();
          }}
        />
      ) : null}
    </PageFrame>
  );
}
