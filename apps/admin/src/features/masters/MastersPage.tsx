/**
 * 大师与客服: the masters of the app's master dialog (dashi, PRODUCT.md#content) — added, changed, ordered,
 * shown or hidden — and the 在线客服 card. Roles admin and editor (area content).
 */
import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type { AdminMaster } from '@xuanli/contracts/admin-content';
import { Avatar, Button, Tag } from 'antd';
import { useRef, useState } from 'react';
import { listMasters } from '@/api/content';
import { actionsColumn, ListTable, updatedAtColumn } from '@/components/ListTable';
import { PageFrame } from '@/components/PageFrame';
import { DemoTag } from './DemoTag';
import { MasterForm } from './MasterForm';
import { ServiceCardForm } from './ServiceCardForm';

/** The masters and customer-service page. */
export function MastersPage() {
  const table = useRef<ActionType>(undefined);
  // The master dialog: closed (undefined), adding (null) or changing a master.
  const [editing, setEditing] = useState<AdminMaster | null | undefined>(undefined);

  const columns: ProColumns<AdminMaster>[] = [
    {
      title: '头像',
      dataIndex: 'avatar',
      width: 70,
      render: (_, master) => (
        <Avatar src={master.avatar || undefined} alt={`${master.nickname}的头像`}>
          {master.nickname.slice(0, 1) || '师'}
        </Avatar>
      ),
    },
    { title: '编号', dataIndex: 'sellid', width: 70 },
    { title: '昵称', dataIndex: 'nickname', render: (_, master) => master.nickname || '七星堂师傅' },
    { title: '微信号', dataIndex: 'wx', render: (_, master) => master.wx || '—' },
    { title: '简介', dataIndex: 'intro', ellipsis: true },
    { title: '排序', dataIndex: 'sort', width: 70 },
    {
      title: '状态',
      dataIndex: 'active',
      width: 90,
      render: (_, master) => (
        <>
          {master.active ? <Tag color="green">显示中</Tag> : <Tag>已隐藏</Tag>}
          {master.demo ? <DemoTag /> : null}
        </>
      ),
    },
    updatedAtColumn(),
    actionsColumn(80, (_, master) => [
      <Button key="edit" type="link" size="small" onClick={() => setEditing(master)}>
        编辑
      </Button>,
    ]),
  ];

  return (
    <PageFrame page="masters" intro="App 中联系大师与在线客服时显示的信息；保存后立即生效">
      <ServiceCardForm />
      <ListTable<AdminMaster>
        rowKey="sellid"
        actionRef={table}
        columns={columns}
        headerTitle="大师列表"
        search={false}
        pagination={false}
        toolBarRender={() => [
          <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            新增大师
          </Button>,
        ]}
        load={() => listMasters()}
      />
      <MasterForm
        key={editing === undefined ? 'closed' : (editing?.sellid ?? 'new')}
        master={editing ?? null}
        open={editing !== undefined}
        onOpenChange={(open) => {
          if (!open) setEditing(undefined);
        }}
        onSaved={() => void table.current?.reload()}
      />
    </PageFrame>
  );
}
