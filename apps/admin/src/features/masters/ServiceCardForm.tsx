/**
 * 在线客服名片: the card of the app's customer-service dialog (PRODUCT.md#content; read through base/sysapi/label
 * crm/在线客服) — avatar, nickname, introduction, WeChat ID, QR code and the short notice above it.
 */
import { ProCard, ProForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import type { AdminServiceCard } from '@xuanli/contracts/admin-content';
import { MASTER_LIMITS } from '@xuanli/contracts/admin-content-labels';
import { Form, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { getServiceCard, saveServiceCard } from '@/api/content';
import { ImageUpload } from '@/components/ImageUpload';
import { formatDateTime } from '@/lib/dates';
import { errorText, useFeedback } from '@/lib/feedback';
import { filledWithin } from '@/lib/form-rules';
import { DemoTag } from './DemoTag';

type CardValues = Omit<AdminServiceCard, 'updatedAt' | 'avatar' | 'qrcode'> & {
  avatar?: string | null;
  qrcode?: string | null;
};

/** The customer-service card form. */
export function ServiceCardForm() {
  const { message, showError } = useFeedback();
  const [form] = Form.useForm<CardValues>();
  const [card, setCard] = useState<AdminServiceCard | null>(null);
  const reportError = useRef(showError);
  reportError.current = showError;

  useEffect(() => {
    getServiceCard()
      .then((loaded) => {
        setCard(loaded);
        form.setFieldsValue(loaded);
      })
      .catch((error) => reportError.current(error));
  }, [form]);

  return (
    <ProCard
      title={<>在线客服名片 {card?.demo ? <DemoTag /> : null}</>}
      subTitle="App“在线客服”弹窗中显示的客服信息"
      extra={
        card ? (
          <Typography.Text type="secondary">更新于 {formatDateTime(card.updatedAt)}</Typography.Text>
        ) : null
      }
      bordered
      style={{ marginBottom: 16 }}
    >
      <ProForm<CardValues>
        form={form}
        name="serviceCard"
        layout="horizontal"
        labelCol={{ span: 3 }}
        wrapperCol={{ span: 12 }}
        submitter={{
          searchConfig: { submitText: '保存客服名片' },
          resetButtonProps: false,
          render: (_, dom) => <div style={{ marginLeft: '12.5%' }}>{dom}</div>,
        }}
        onFinish={async (values) => {
          try {
            const saved = await saveServiceCard({
              avatar: values.avatar ?? '',
              nickname: values.nickname?.trim() ?? '',
              intro: values.intro?.trim() ?? '',
              wx: values.wx?.trim() ?? '',
              qrcode: values.qrcode ?? '',
              body: values.body?.trim() ?? '',
            });
            setCard(saved);
            void message.success('客服名片已保存，App 中立即生效');
            return true;
          } catch (error) {
            void message.error(errorText(error));
            return false;
          }
        }}
      >
        <ProFormText
          name="nickname"
          label="客服昵称"
          rules={filledWithin(MASTER_LIMITS.nickname, '请填写客服昵称', '昵称')}
        />
        <ProFormTextArea
          name="intro"
          label="客服简介"
          fieldProps={{ rows: 3, showCount: true, maxLength: MASTER_LIMITS.intro }}
        />
        <ProFormText
          name="wx"
          label="客服微信号"
          rules={[{ max: MASTER_LIMITS.wx, message: `微信号最多 ${MASTER_LIMITS.wx} 个字符` }]}
        />
        <ProFormTextArea
          name="body"
          label="说明文字"
          fieldProps={{ rows: 2, showCount: true, maxLength: MASTER_LIMITS.body }}
        />
        <Form.Item name="avatar" label="客服头像">
          <ImageUpload label="上传客服头像" />
        </Form.Item>
        <Form.Item name="qrcode" label="客服二维码">
          <ImageUpload label="上传客服二维码" />
        </Form.Item>
      </ProForm>
    </ProCard>
  );
}
