/**
 * 文章与标签: every article of the app — agreements (协议), the 宜/忌 glossary (宜忌), the 节气, help
 * pages — with drafts, found by label, a word of the title or name and the published state; opened in
 * the editor with its phone preview; published, unpublished or deleted. Roles admin and editor.
 */
import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns, ProFormInstance } from '@ant-design/pro-components';
import type { AdminArticleSummary } from '@xuanli/contracts/admin-content';
import { ARTICLE_LABEL_HINTS } from '@xuanli/contracts/admin-content-labels';
import { Button, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { deleteArticle, listArticleLabels, listArticles, setArticlePublished } from '@/api/content';
import { ConfirmLink } from '@/components/ConfirmLink';
import { actionsColumn, ListTable, searchField, updatedAtColumn } from '@/components/ListTable';
import { PageFrame } from '@/components/PageFrame';
import { useFeedback } from '@/lib/feedback';
import { ArticleEditor, type ArticleTarget } from './ArticleEditor';

/** The search form's values (ProTable adds `current` and `pageSize`). */
interface ArticleSearch {
  label?: string;
  q?: string;
  published?: 'true' | 'false';
  current?: number;
  pageSize?: number;
}

/** The labels the toolbar opens with one click: the texts operators look for most. */
const QUICK_LABELS = [
  { label: '宜忌', text: '宜/忌 词条' },
  { label: '协议', text: '协议文本' },
];

/** The articles page. */
export function ArticlesPage() {
  const { message, showError } = useFeedback();
  const table = useRef<ActionType>(undefined);
  const searchForm = useRef<ProFormInstance<ArticleSearch>>(undefined);
  const [labels, setLabels] = useState<{ label: string; count: number }[]>([]);
  const [editing, setEditing] = useState<ArticleTarget | null>(null);

  const loadLabels = useCallback(() => {
    listArticleLabels()
      .then((answer) => setLabels(answer.list))
      .catch(() => setLabels([]));
  }, []);
  useEffect(loadLabels, []);

  const changed = () => {
    void table.current?.reload();
    loadLabels();
  };

  const showLabel = (label: string) => {
    searchForm.current?.setFieldsValue({ label });
    searchForm.current?.submit();
  };

  const togglePublished = async (article: AdminArticleSummary) => {
    try {
      await setArticlePublished(article.id, !article.published);
      void message.success(article.published ? `已下架「${article.title}」` : `已发布「${article.title}」`);
      changed();
    } catch (error) {
      showError(error);
    }
  };

  const columns: ProColumns<AdminArticleSummary>[] = [
    {
      title: '标签',
      dataIndex: 'label',
      valueType: 'select',
      width: 110,
      fieldProps: {
        showSearch: true,
        allowClear: true,
        placeholder: '全部标签',
        options: labels.map(({ label, count }) => ({
          value: label,
          label: `${ARTICLE_LABEL_HINTS[label] ?? label}（${count} 篇）`,
        })),
      },
      render: (_, article) => <Tag>{article.label}</Tag>,
    },
    searchField('q', '标题/名称', '标题或名称中的字词'),
    {
      title: '标题',
      dataIndex: 'title',
      search: false,
      render: (_, article) => (
        <Space direction="vertical" size={0}>
          <Typography.Link onClick={() => setEditing({ id: article.id })}>{article.title}</Typography.Link>
          <Typography.Text type="secondary">名称：{article.name}</Typography.Text>
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'published',
      valueType: 'select',
      width: 100,
      valueEnum: {
        true: { text: '已发布', status: 'Success' },
        false: { text: '未发布', status: 'Default' },
      },
      render: (_, article) => (article.published ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>),
    },
    { title: '排序', dataIndex: 'sort', search: false, width: 70 },
    updatedAtColumn({ sorter: true }),
    actionsColumn(190, (_, article) => [
      <Button key="edit" type="link" size="small" onClick={() => setEditing({ id: article.id })}>
        编辑
      </Button>,
      <Button
        key="publish"
        type="link"
        size="small"
        danger={article.published}
        onClick={() => void togglePublished(article)}
      >
        {article.published ? '下架' : '发布'}
      </Button>,
      <ConfirmLink
        key="delete"
        action="删除"
        title={`删除「${article.title}」？`}
        description="删除后不能恢复；只想暂时不显示请用“下架”。"
        dangerOk
        onConfirm={async () => {
          try {
            await deleteArticle(article.id);
            void message.success(`已删除「${article.title}」`);
            changed();
          } catch (error) {
            showError(error);
          }
        }}
      />,
    ]),
  ];

  return (
    <PageFrame page="content" intro="协议、宜/忌 词条、节气与帮助文章；保存后 App 中立即生效">
      <ListTable<AdminArticleSummary, ArticleSearch>
        rowKey="id"
        actionRef={table}
        formRef={searchForm}
        columns={columns}
        headerTitle="文章列表"
        toolBarRender={() => [
          ...QUICK_LABELS.map(({ label, text }) => (
            <Button key={label} onClick={() => showLabel(label)}>
              {text}
            </Button>
          )),
          <Button
            key="new"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ label: searchForm.current?.getFieldValue('label') })}
          >
            新建文章
          </Button>,
        ]}
        load={(params, sort) => {
          const byUpdate = sort.updatedAt;
          return listArticles({
            label: params.label || undefined,
            q: params.q?.trim() || undefined,
            published: params.published,
            order: byUpdate === 'descend' ? 'updatedDesc' : byUpdate === 'ascend' ? 'updatedAsc' : undefined,
            page: params.current,
            size: params.pageSize,
          });
        }}
      />
      <ArticleEditor
        target={editing}
        labels={labels.map(({ label }) => label)}
        onClose={() => setEditing(null)}
        onChanged={changed}
      />
    </PageFrame>
  );
}
