/**
 * 新增大师 / 编辑大师: a master's picture, name, introduction, WeChat ID and QR code as the app's
 * master dialog shows them (dashi, PRODUCT.md#content), with the order and whether the app shows the master.
 * Pictures are uploaded by {@link ImageUpload} and saved by their URL.
 */
import {
  ModalForm,
  ProFormDigit,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import type { AdminMaster } from '@xuanli/contracts/admin-content';
import { MASTER_LIMITS } from '@xuanli/contracts/admin-content-labels';
import { Form } from 'antd';
import { createMaster, updateMaster } from '@/api/content';
import { ImageUpload } from '@/components/ImageUpload';
import { SortField } from '@/components/SortField';
import { ApiError } from '@/lib/api';
import { errorText, useFeedback } from '@/lib/feedback';

interface MasterValues {
  sellid?: number;
  nickname?: string;
  intro?: string;
  wx?: string;
  avatar?: string | null;
  qrcode?: string | null;
  sort?: number;
  active?: boolean;
}

/** The form's props: the master to change, or null to add one. */
export interface MasterFormProps {
  master: AdminMaster | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}

/** The master dialog. */
export function MasterForm({ master, open, onOpenChange, onSaved }: MasterFormProps) {
  const { message } = useFeedback();
  const [form] = Form.useForm<MasterValues>();
  return (
    <ModalForm<MasterValues>
      form={form}
      name="master"
      title={master ? `编辑大师：${master.nickname || '七星堂师傅'}` : '新增大师'}
      open={open}
      onOpenChange={onOpenChange}
      width={640}
      modalProps={{ destroyOnHidden: true }}
      submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
      initialValues={
        master
          ? { ...master }
          : { nickname: '', intro: '', wx: '', avatar: '', qrcode: '', sort: 0, active: true }
      }
      onFinish={async (values) => {
        const body = {
          nickname: values.nickname?.trim() ?? '',
          intro: values.intro?.trim() ?? '',
          wx: values.wx?.trim() ?? '',
          avatar: values.avatar ?? '',
          qrcode: values.qrcode ?? '',
          sort: values.sort ?? 0,
          active: values.active ?? true,
        };
        try {
          if (master) await updateMaster(master.sellid, body);
          else await createMaster({ sellid: values.sellid ?? 0, ...body });
          void message.success('已保存，App 中立即生效');
          onSaved();
          return true;
        } catch (error) {
          if (error instanceof ApiError && error.code === 'Conflict') {
            form.setFields([{ name: 'sellid', errors: [error.message] }]);
          } else {
            void message.error(errorText(error));
          }
          return false;
        }
      }}
    >
      {master ? null : (
        <ProFormDigit
          name="sellid"
          label="大师编号"
          tooltip="课程与商品按这个编号关联大师，保存后不能修改"
          min={1}
          fieldProps={{ precision: 0 }}
          rules={[{ required: true, message: '请填写大师编号' }]}
        />
      )}
      <ProFormText
        name="nickname"
        label="昵称"
        placeholder="不填时 App 显示“七星堂师傅”"
        rules={[{ max: MASTER_LIMITS.nickname, message: `昵称最多 ${MASTER_LIMITS.nickname} 个字` }]}
      />
      <ProFormTextArea
        name="intro"
        label="简介"
        fieldProps={{ rows: 4, showCount: true, maxLength: MASTER_LIMITS.intro }}
      />
      <ProFormText
        name="wx"
        label="微信号"
        placeholder="不填时 App 显示“暂无微信号”"
        rules={[{ max: MASTER_LIMITS.wx, message: `微信号最多 ${MASTER_LIMITS.wx} 个字符` }]}
      />
      <Form.Item name="avatar" label="头像">
        <ImageUpload label="上传头像" />
      </Form.Item>
      <Form.Item name="qrcode" label="微信二维码">
        <ImageUpload label="上传二维码" />
      </Form.Item>
      <SortField
        limit={MASTER_LIMITS.sort}
        tooltip="数字小的排在前面；排在最前的在用大师是 App 默认联系的大师"
      />
      <ProFormSwitch name="active" label="在 App 中显示" />
    </ModalForm>
  );
}
