/**
 * 操作日志: every change made through the console or the command line, each as a sentence naming the
 * operator and the object (audit-sentences.ts) with its reason; 详情 opens the action's code, the
 * target and the change from what to what. Filtered by operator, action, target and a range of
 * Beijing days. Role admin.
 */
import type { ProColumns } from '@ant-design/pro-components';
import type { AuditEntry, Operator } from '@xuanli/contracts/admin';
import { ADMIN_PAGE_SIZE, AUDIT_ACTION_LABELS } from '@xuanli/contracts/admin-labels';
import { Button, Descriptions, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { listAudit } from '@/api/audit';
import { listOperators } from '@/api/operators';
import { ListTable } from '@/components/ListTable';
import { PageFrame } from '@/components/PageFrame';
import { formatDateTime } from '@/lib/dates';
import { useFeedback } from '@/lib/feedback';
import { AuditDiff } from './AuditDiff';
import { type AuditSearch, auditQueryOf } from './audit-query';
import { actionLabel, auditSentence } from './audit-sentences';

const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }));

/** What 详情 shows of a row: the action and its code, the target as recorded, the change. */
function AuditDetails({ row }: { row: AuditEntry }) {
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={[
        { key: 'action', label: '动作', children: `${actionLabel(row.action)}（${row.action}）` },
        {
          key: 'actor',
          label: '操作人账号',
          children: row.operatorId === null ? `命令行 ${row.actor}` : row.actor,
        },
        { key: 'target', label: '对象', children: row.target },
        { key: 'change', label: '变更', children: <AuditDiff before={row.before} after={row.after} /> },
      ]}
    />
  );
}

/** The audit log page. */
export function AuditPage() {
  const { showError } = useFeedback();
  const [operators, setOperators] = useState<Operator[]>([]);
  const [open, setOpen] = useState<readonly number[]>([]);
  const toggle = (id: number) =>
    setOpen((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));

  useEffect(() => {
    listOperators().then(
      (answer) => setOperators(answer.list),
      (error: unknown) => showError(error),
    );
    // Once per visit (showError is a fresh function each render, so it is not a dependency).
  }, []);

  const columns: ProColumns<AuditEntry>[] = [
    { title: '时间', key: 'time', search: false, width: 150, render: (_, row) => formatDateTime(row.at) },
    {
      title: '时间范围',
      dataIndex: 'at',
      valueType: 'dateRange',
      hideInTable: true,
      fieldProps: { placeholder: ['开始日期', '结束日期'] },
    },
    {
      title: '操作人',
      dataIndex: 'operatorId',
      valueType: 'select',
      hideInTable: true,
      fieldProps: {
        showSearch: true,
        optionFilterProp: 'label',
        options: operators.map((operator) => ({
          value: operator.id,
          label: `${operator.displayName}（${operator.username}）`,
        })),
      },
    },
    {
      title: '动作',
      dataIndex: 'action',
      valueType: 'select',
      hideInTable: true,
      fieldProps: { options: ACTION_OPTIONS, showSearch: true, optionFilterProp: 'label' },
    },
    {
      title: '对象',
      dataIndex: 'target',
      hideInTable: true,
      fieldProps: { placeholder: 'user:42；只填 user: 查全部用户' },
    },
    {
      title: '记录',
      key: 'sentence',
      search: false,
      render: (_, row) => <Typography.Text>{auditSentence(row)}</Typography.Text>,
    },
    { title: '原因', dataIndex: 'reason', search: false, width: 220, render: (_, row) => row.reason ?? '—' },
    {
      title: '操作',
      key: 'details',
      search: false,
      width: 80,
      render: (_, row) => (
        <Button type="link" size="small" aria-expanded={open.includes(row.id)} onClick={() => toggle(row.id)}>
          {open.includes(row.id) ? '收起' : '详情'}
        </Button>
      ),
    },
  ];

  return (
    <PageFrame page="audit" intro="后台和命令行的每一次修改，按时间倒序">
      <ListTable<AuditEntry, AuditSearch>
        rowKey="id"
        columns={columns}
        headerTitle="操作记录"
        searchOpen
        pagination={{ defaultPageSize: ADMIN_PAGE_SIZE, showSizeChanger: true }}
        expandable={{
          expandedRowKeys: open,
          showExpandColumn: false,
          expandedRowRender: (row) => <AuditDetails row={row} />,
        }}
        load={(params) => listAudit(auditQueryOf(params))}
      />
    </PageFrame>
  );
}
