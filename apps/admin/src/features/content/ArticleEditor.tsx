/**
 * 编辑文章: a drawer with the article's fields beside a phone preview of how the app will show it.
 * A new article is saved as a draft; 发布 makes it visible in the app, 下架 hides it again. A name
 * already used in the label is shown beside the 名称 field, as every refusal of a field is. Closing
 * it, leaving the page or the tab with unsaved changes asks first.
 */
import { ProForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import type { AdminArticle, AdminArticleBody } from '@xuanli/contracts/admin-content';
import { ADMIN_ARTICLE_LIMITS, ARTICLE_LABEL_HINTS } from '@xuanli/contracts/admin-content-labels';
import { AutoComplete, Button, Col, Drawer, Form, Row, Space, Spin, Tag } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { createArticle, getArticle, setArticlePublished, updateArticle } from '@/api/content';
import { RichTextEditor } from '@/components/RichTextEditor';
import { SortField } from '@/components/SortField';
import { useUnsavedChanges } from '@/components/UnsavedChanges';
import { ApiError } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import { useFeedback } from '@/lib/feedback';
import { filledWithin } from '@/lib/form-rules';
import { PhonePreview } from './PhonePreview';

/** What the drawer edits: an existing article by id, or a new one (with a label to start from). */
export type ArticleTarget = { id: number } | { label?: string };

interface ArticleValues {
  title: string;
  label: string;
  name: string;
  summary?: string;
  sort?: number;
  html?: string;
}

/** The drawer's props. */
export interface ArticleEditorProps {
  target: ArticleTarget | null;
  /** Labels in use, offered in the 标签 field. */
  labels: string[];
  onClose: () => void;
  /** Called after each save, publish or unpublish (the list reloads). */
  onChanged: () => void;
}

/** The article editor drawer. */
export function ArticleEditor({ target, labels, onClose, onChanged }: ArticleEditorProps): ReactNode {
  const { message, showError } = useFeedback();
  const [form] = Form.useForm<ArticleValues>();
  // The latest error reporter, read by the loading effect without re-running it.
  const reportError = useRef(showError);
  reportError.current = showError;
  const [article, setArticle] = useState<AdminArticle | null>(null);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState(false);
  const title = Form.useWatch('title', form) ?? '';
  const html = Form.useWatch('html', form) ?? '';
  const targetId = target && 'id' in target ? target.id : null;
  const newLabel = target && !('id' in target) ? (target.label ?? '') : '';
  const guard = useUnsavedChanges({ form, active: target !== null });
  // The loading effect reads the latest guard without re-running.
  const guardRef = useRef(guard);
  guardRef.current = guard;

  useEffect(() => {
    form.resetFields();
    setArticle(null);
    if (targetId === null) {
      form.setFieldsValue({ label: newLabel, sort: 0, html: '' });
      guardRef.current.markSaved();
      return;
    }
    guardRef.current.forgetSaved();
    let current = true;
    setLoading(true);
    getArticle(targetId)
      .then((loaded) => {
        if (!current) return;
        setArticle(loaded);
        form.setFieldsValue({
          title: loaded.title,
          label: loaded.label,
          name: loaded.name,
          summary: loaded.summary,
          sort: loaded.sort,
          html: loaded.html,
        });
        guardRef.current.markSaved();
      })
      .catch((error) => {
        if (current) reportError.current(error);
      })
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [targetId, newLabel, form]);

  const save = async (values: ArticleValues) => {
    const body: AdminArticleBody = {
      title: values.title.trim(),
      label: values.label.trim(),
      name: values.name.trim(),
      summary: values.summary?.trim() ?? '',
      sort: values.sort ?? 0,
      html: values.html ?? '',
    };
    setBusy(true);
    try {
      const saved = article ? await updateArticle(article.id, body) : await createArticle(body);
      setArticle(saved);
      form.setFieldsValue({ html: saved.html });
      guard.markSaved();
      void message.success(article ? '文章已保存，App 中立即生效' : '已保存为草稿，发布后 App 中可见');
      onChanged();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'Conflict') {
        form.setFields([{ name: 'name', errors: [error.message] }]);
      } else if (error instanceof ApiError && error.code === 'ValidationError' && error.fromServer) {
        const field = /标题/.test(error.message) ? 'title' : /标签/.test(error.message) ? 'label' : 'name';
        form.setFields([{ name: field, errors: [error.message] }]);
      } else {
        showError(error);
      }
    } finally {
      setBusy(false);
    }
  };

  const publish = async (published: boolean) => {
    if (!article) return;
    setBusy(true);
    try {
      const changed = await setArticlePublished(article.id, published);
      setArticle(changed);
      void message.success(published ? '已发布，App 中可见' : '已下架，App 中不再显示');
      onChanged();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const heading = article ? `编辑文章：${article.title}` : '新建文章';

  return (
    <Drawer
      title={heading}
      open={target !== null}
      onClose={() => guard.confirmLeave(onClose)}
      width={1240}
      destroyOnHidden
      extra={
        article ? (
          <Space>
            <Tag color={article.published ? 'green' : 'default'}>
              {article.published ? '已发布' : '未发布'}
            </Tag>
            <span>更新于 {formatDateTime(article.updatedAt)}</span>
          </Space>
        ) : null
      }
    >
      <Spin spinning={loading}>
        <Row gutter={24} wrap={false}>
          <Col flex="auto" style={{ minWidth: 0 }}>
            <ProForm<ArticleValues>
              form={form}
              layout="vertical"
              onFinish={save}
              submitter={{
                render: () => (
                  <Space>
                    <Button type="primary" htmlType="submit" loading={busy}>
                      {article ? '保存' : '保存为草稿'}
                    </Button>
                    {article ? (
                      article.published ? (
                        <Button danger disabled={busy} onClick={() => void publish(false)}>
                          下架
                        </Button>
                      ) : (
                        <Button disabled={busy} onClick={() => void publish(true)}>
                          发布
                        </Button>
                      )
                    ) : null}
                  </Space>
                ),
              }}
            >
              <ProFormText
                name="title"
                label="标题"
                rules={filledWithin(ADMIN_ARTICLE_LIMITS.title, '请填写标题', '标题')}
              />
              <Row gutter={16}>
                <Col span={8}>
                  <Form.Item
                    name="label"
                    label="标签"
                    rules={filledWithin(ADMIN_ARTICLE_LIMITS.label, '请选择或填写标签', '标签')}
                  >
                    <AutoComplete
                      aria-label="标签"
                      options={labels.map((label) => ({
                        value: label,
                        label: ARTICLE_LABEL_HINTS[label] ?? label,
                      }))}
                      placeholder="如 宜忌、协议、帮助"
                      filterOption={(input, option) => String(option?.value ?? '').includes(input)}
                    />
                  </Form.Item>
                </Col>
                <Col span={10}>
                  <ProFormText
                    name="name"
                    label="名称"
                    tooltip="同一标签内不能重复；App 按名称打开文章（如宜忌词条的词、协议的名称）"
                    rules={filledWithin(ADMIN_ARTICLE_LIMITS.name, '请填写名称', '名称')}
                  />
                </Col>
                <Col span={6}>
                  <SortField limit={ADMIN_ARTICLE_LIMITS.sort} tooltip="同一标签内数字小的排在前面" />
                </Col>
              </Row>
              <ProFormTextArea
                name="summary"
                label="摘要"
                fieldProps={{ rows: 2, showCount: true, maxLength: ADMIN_ARTICLE_LIMITS.summary }}
              />
              <Form.Item
                name="html"
                label="正文"
                rules={[
                  {
                    max: ADMIN_ARTICLE_LIMITS.html,
                    message: `正文太长（最多 ${ADMIN_ARTICLE_LIMITS.html} 个字符）`,
                  },
                ]}
              >
                <RichTextEditor label="正文" />
              </Form.Item>
            </ProForm>
          </Col>
          <Col flex="395px">
            {/* The phone stays in view while a long article scrolls. */}
            <div style={{ position: 'sticky', top: 0 }}>
              <PhonePreview title={title} html={html} />
            </div>
          </Col>
        </Row>
      </Spin>
    </Drawer>
  );
}
