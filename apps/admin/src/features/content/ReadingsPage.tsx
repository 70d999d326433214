/**
 * 命书解读: the texts of the app's 八字 readings (miji) — day masters, strength, five elements, ten
 * gods, 神煞 — listed by group and edited one at a time. A saved text shows in the app's next reading;
 * an edited text is marked, and the start-up seed never overwrites it. Roles admin and editor.
 */

import type { ActionType } from '@ant-design/pro-components';
import { ModalForm, type ProColumns, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import type { AdminReading } from '@xuanli/contracts/admin-content';
import {
  READING_GROUP_LABELS,
  READING_LIMITS,
  type ReadingGroup,
} from '@xuanli/contracts/admin-content-labels';
import { Button, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { listReadings, saveReading } from '@/api/content';
import { actionsColumn, ListTable, searchField, updatedAtColumn } from '@/components/ListTable';
import { PageFrame } from '@/components/PageFrame';
import { errorText, useFeedback } from '@/lib/feedback';
import { filledWithin } from '@/lib/form-rules';

/** The search form's values. */
interface ReadingSearch {
  group?: ReadingGroup;
  q?: string;
}

const groupName = (group: string) => READING_GROUP_LABELS[group as ReadingGroup] ?? group;

/** The reading texts page. */
export function ReadingsPage() {
  const { message } = useFeedback();
  const table = useRef<ActionType>(undefined);
  const [editing, setEditing] = useState<AdminReading | null>(null);

  const columns: ProColumns<AdminReading>[] = [
    {
      title: '分组',
      dataIndex: 'group',
      valueType: 'select',
      width: 110,
      fieldProps: { placeholder: '全部分组' },
      valueEnum: Object.fromEntries(
        Object.entries(READING_GROUP_LABELS).map(([group, text]) => [group, { text }]),
      ),
      render: (_, reading) => <Tag>{groupName(reading.group)}</Tag>,
    },
    searchField('q', '标题/正文', '标题或正文中的字词'),
    { title: '标题', dataIndex: 'title', search: false, width: 200 },
    {
      title: '解读正文',
      dataIndex: 'body',
      search: false,
      ellipsis: true,
    },
    {
      title: '状态',
      dataIndex: 'edited',
      search: false,
      width: 90,
      render: (_, reading) => (reading.edited ? <Tag color="orange">已修改</Tag> : <Tag>原文</Tag>),
    },
    updatedAtColumn(),
    actionsColumn(80, (_, reading) => [
      <Button key="edit" type="link" size="small" onClick={() => setEditing(reading)}>
        编辑
      </Button>,
    ]),
  ];

  return (
    <PageFrame page="readings" intro="八字命书中各条解读的文字；保存后用户下次查看命书即为新内容">
      <ListTable<AdminReading, ReadingSearch>
        rowKey="key"
        actionRef={table}
        columns={columns}
        headerTitle="解读列表"
        load={async (params) => {
          const { list } = await listReadings(params.group);
          const q = params.q?.trim() ?? '';
          // About seventy texts: the search runs here, over the whole list.
          return { list: q ? list.filter((r) => r.title.includes(q) || r.body.includes(q)) : list };
        }}
      />
      <ModalForm<{ title: string; body: string }>
        key={editing?.key ?? 'closed'}
        title={editing ? `编辑解读：${editing.title}` : '编辑解读'}
        open={editing !== null}
        width={720}
        initialValues={editing ? { title: editing.title, body: editing.body } : undefined}
        modalProps={{ destroyOnHidden: true, onCancel: () => setEditing(null) }}
        submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
        onFinish={async (values) => {
          if (!editing) return false;
          try {
            await saveReading({ key: editing.key, title: values.title.trim(), body: values.body.trim() });
            void message.success('解读已保存，App 中立即生效');
            setEditing(null);
            void table.current?.reload();
            return true;
          } catch (error) {
            void message.error(errorText(error));
            return false;
          }
        }}
      >
        {editing ? (
          <Typography.Paragraph type="secondary">
            {groupName(editing.group)} · 键 {editing.key}
          </Typography.Paragraph>
        ) : null}
        <ProFormText
          name="title"
          label="标题"
          rules={filledWithin(READING_LIMITS.title, '请填写标题', '标题')}
        />
        <ProFormTextArea
          name="body"
          label="解读正文"
          fieldProps={{ rows: 8, showCount: true, maxLength: READING_LIMITS.body }}
          rules={[{ required: true, whitespace: true, message: '请填写解读正文' }]}
        />
      </ModalForm>
    </PageFrame>
  );
}
