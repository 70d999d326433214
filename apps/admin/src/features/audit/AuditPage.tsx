/**
 * 操作日志: every change made through the console or the command line — who, what, on what, from what
 * to what, why and when — filtered by operator, action, target and a range of Beijing days. Role admin.
 */
import { PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import type { AuditEntry, Operator } from '@xuanli/contracts/admin';
import { ADMIN_PAGE_SIZE, AUDIT_ACTION_LABELS } from '@xuanli/contracts/admin-labels';
import { Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { listAudit } from '@/api/audit';
import { listOperators } from '@/api/operators';
import { formatDateTime } from '@/lib/dates';
import { useFeedback } from '@/lib/feedback';
import { AuditDiff } from './AuditDiff';
import { type AuditSearch, auditQueryOf } from './audit-query';

const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }));

/** The Chinese of an action the console knows, else its code. */
function actionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}

/** The audit log page. */
export function AuditPage() {
  const { showError } = useFeedback();
  const [operators, setOperators] = useState<Operator[]>([]);

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
      width: 160,
      fieldProps: {
        showSearch: true,
        optionFilterProp: 'label',
        options: operators.map((operator) => ({
          value: operator.id,
          label: `${operator.displayName}（${operator.username}）`,
        })),
      },
      render: (_, row) =>
        row.operatorId === null ? (
          <span>
            <Tag>命令行</Tag>
            {row.actor}
          </span>
        ) : (
          row.actor
        ),
    },
    {
      title: '动作',
      dataIndex: 'action',
      valueType: 'select',
      width: 160,
      fieldProps: { options: ACTION_OPTIONS, showSearch: true, optionFilterProp: 'label' },
      render: (_, row) => (
        <span title={row.action}>
          {actionLabel(row.action)}
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.action}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: '对象',
      dataIndex: 'target',
      width: 170,
      fieldProps: { placeholder: 'user:42；只填 user: 查全部用户' },
    },
    {
      title: '变更',
      key: 'change',
      search: false,
      width: 380,
      render: (_, row) => <AuditDiff before={row.before} after={row.after} />,
    },
    { title: '原因', dataIndex: 'reason', search: false, width: 200, render: (_, row) => row.reason ?? '—' },
  ];

  return (
    <PageContainer title="操作日志" subTitle="后台和命令行的每一次修改，按时间倒序">
      <ProTable<AuditEntry, AuditSearch>
        rowKey="id"
        columns={columns}
        headerTitle="操作记录"
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        options={{ density: false, setting: false, reload: true }}
        pagination={{ defaultPageSize: ADMIN_PAGE_SIZE, showSizeChanger: true }}
        request={async (params) => {
          try {
            const page = await listAudit(auditQueryOf(params));
            return { data: page.list, total: page.total, success: true };
          } catch (error) {
            showError(error);
            return { data: [], total: 0, success: false };
          }
        }}
      />
    </PageContainer>
  );
}
