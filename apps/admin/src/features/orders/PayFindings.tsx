/**
 * 对账异常: what asking WeChat Pay, Alipay and the sandbox found that their callbacks had not told us —
 * money booked without a callback, money for a closed order refunded automatically, amounts or
 * records that do not match, a provider that would not answer — newest first, the open ones by
 * default. 标记已处理 asks what was done; the server keeps it with the finding and in the audit log.
 */
import { type ActionType, ModalForm, type ProColumns, ProFormTextArea } from '@ant-design/pro-components';
import type { AdminPayFinding } from '@xuanli/contracts/admin-pay';
import {
  PAY_FINDING_KIND_LABELS,
  PAY_FINDING_NOTE_MAX,
  PAY_FINDING_NOTE_MIN,
  PAY_FINDING_STATUS_LABELS,
  PAY_FINDING_STATUSES,
  type PayFindingKind,
  type PayFindingStatus,
} from '@xuanli/contracts/admin-pay-labels';
import { PAY_CHANNEL_LABELS } from '@xuanli/contracts/shop-labels';
import { Button, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { listPayFindings, resolvePayFinding } from '@/api/pay-findings';
import { ListTable } from '@/components/ListTable';
import { formatDateTime } from '@/lib/dates';
import { useFeedback } from '@/lib/feedback';
import { problemRule } from '@/lib/form-rules';

/** The search form's values (ProTable passes them with `current` and `pageSize`). */
interface FindingSearch {
  status?: PayFindingStatus | 'all';
  orderNo?: string;
  current?: number;
  pageSize?: number;
}

/** Kinds where money sits where it should not until an operator acts, in red. */
const URGENT: ReadonlySet<PayFindingKind> = new Set([
  'amount-mismatch',
  'record-mismatch',
  'provider-refunded',
]);

/** The message beside the note field for `value`, or null when it will be accepted. */
export function noteProblem(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return '请填写处理说明';
  if (text.length < PAY_FINDING_NOTE_MIN) return `处理说明至少 ${PAY_FINDING_NOTE_MIN} 个字`;
  if (text.length > PAY_FINDING_NOTE_MAX) return `处理说明最多 ${PAY_FINDING_NOTE_MAX} 个字`;
  return null;
}

/** 标记已处理 for `finding`: asks what was done, then tells the server. */
function ResolveDialog({
  finding,
  onClose,
  onResolved,
}: {
  finding: AdminPayFinding | null;
  onClose: () => void;
  onResolved: () => void;
}) {
  const { message, showError } = useFeedback();
  return (
    <ModalForm<{ note?: string }>
      title="标记已处理"
      open={finding !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      width={520}
      modalProps={{ destroyOnHidden: true, maskClosable: false }}
      submitter={{ searchConfig: { submitText: '确认已处理', resetText: '取消' } }}
      onFinish={async ({ note }) => {
        if (!finding) return true;
        try {
          await resolvePayFinding(finding.id, { note: (note ?? '').trim() });
          void message.success(`订单 ${finding.orderNo} 的对账异常已标记处理`);
          onResolved();
          return true;
        } catch (error) {
          showError(error);
          return false;
        }
      }}
    >
      {finding ? (
        <Typography.Paragraph>
          订单 {finding.orderNo}（{PAY_CHANNEL_LABELS[finding.channel]}）：{finding.detail}
        </Typography.Paragraph>
      ) : null}
      <ProFormTextArea
        name="note"
        label="处理说明"
        required
        placeholder="例如：已在商户平台核对到账，并电话告知买家"
        fieldProps={{
          maxLength: PAY_FINDING_NOTE_MAX,
          showCount: true,
          autoSize: { minRows: 2, maxRows: 5 },
        }}
        rules={[problemRule(noteProblem)]}
      />
    </ModalForm>
  );
}

/** The 对账异常 list of the orders page. */
export function PayFindings() {
  const table = useRef<ActionType>(undefined);
  const [resolving, setResolving] = useState<AdminPayFinding | null>(null);
  const [openCount, setOpenCount] = useState<number | null>(null);

  const columns: ProColumns<AdminPayFinding>[] = [
    {
      title: '状态',
      dataIndex: 'status',
      valueType: 'select',
      hideInTable: true,
      initialValue: 'open',
      valueEnum: {
        all: { text: '全部' },
        ...Object.fromEntries(
          PAY_FINDING_STATUSES.map((status) => [status, { text: PAY_FINDING_STATUS_LABELS[status] }]),
        ),
      },
      fieldProps: { allowClear: false },
    },
    {
      title: '发现时间',
      dataIndex: 'foundAt',
      search: false,
      width: 150,
      render: (_, row) => formatDateTime(row.foundAt),
    },
    {
      title: '订单号',
      dataIndex: 'orderNo',
      copyable: true,
      fieldProps: { placeholder: '订单号或前几位', allowClear: true },
    },
    {
      title: '支付方式',
      dataIndex: 'channel',
      search: false,
      width: 90,
      render: (_, row) => PAY_CHANNEL_LABELS[row.channel],
    },
    {
      title: '异常',
      dataIndex: 'kind',
      search: false,
      width: 170,
      render: (_, row) => (
        <Tag color={URGENT.has(row.kind) ? 'red' : 'orange'}>{PAY_FINDING_KIND_LABELS[row.kind]}</Tag>
      ),
    },
    {
      title: '情况',
      dataIndex: 'detail',
      search: false,
      render: (_, row) => (
        <>
          <div>{row.detail}</div>
          <Typography.Text type="secondary" copyable={{ text: row.outTradeNo }}>
            商户单号 {row.outTradeNo}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '处理',
      key: 'resolution',
      search: false,
      width: 200,
      render: (_, row) =>
        row.resolvedAt ? (
          <>
            <Tag color="green">已处理</Tag>
            <Typography.Text type="secondary">
              {row.resolvedBy} · {formatDateTime(row.resolvedAt)}
            </Typography.Text>
            <div>{row.resolution}</div>
          </>
        ) : (
          <Button type="link" size="small" onClick={() => setResolving(row)}>
            标记已处理
          </Button>
        ),
    },
  ];

  return (
    <>
      <ListTable<AdminPayFinding, FindingSearch>
        rowKey="id"
        actionRef={table}
        columns={columns}
        headerTitle={openCount === null ? '对账异常' : `对账异常（待处理 ${openCount} 条）`}
        searchOpen
        load={async (params) => {
          const page = await listPayFindings({
            status: params.status === 'all' ? undefined : (params.status ?? 'open'),
            orderNo: params.orderNo?.trim() || undefined,
            page: params.current,
            size: params.pageSize,
          });
          setOpenCount(page.open);
          return page;
        }}
      />
      <ResolveDialog
        finding={resolving}
        onClose={() => setResolving(null)}
        onResolved={() => void table.current?.reload()}
      />
    </>
  );
}
