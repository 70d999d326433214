/**
 * 我的账号: who is logged in and until when, two-step verification (enrol an authenticator app by QR
 * code, confirm with its code; or turn it off with a code) and the own password.
 */
import { ProCard, ProForm, ProFormText } from '@ant-design/pro-components';
import type { TotpEnrolResult } from '@xuanli/contracts/admin';
import {
  ADMIN_ROLE_LABELS,
  OPERATOR_PASSWORD_MAX,
  OPERATOR_PASSWORD_MIN,
  TOTP_DIGITS,
  TOTP_ISSUER,
} from '@xuanli/contracts/admin-labels';
import { Alert, Badge, Button, Descriptions, Form, Image, Space, Typography } from 'antd';
import { useState } from 'react';
import { changePassword, confirmTotp, disableTotp, enrolTotp } from '@/api/me';
import { PageFrame } from '@/components/PageFrame';
import { ApiError } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import { useFeedback } from '@/lib/feedback';
import { updateOperator, useOperatorSession } from '@/lib/session';
import { totpQrDataUrl } from './totp-qr';

const CODE_RULES = [
  { required: true, message: '请输入动态验证码' },
  { pattern: new RegExp(`^\\d{${TOTP_DIGITS}}$`), message: `动态验证码是 ${TOTP_DIGITS} 位数字` },
];

/** The secret in groups of four, easier to type into an app by hand. */
function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

function CodeField({ label }: { label: string }) {
  return (
    <ProFormText
      name="code"
      label={label}
      width="sm"
      placeholder={`${TOTP_DIGITS} 位数字`}
      fieldProps={{ inputMode: 'numeric', maxLength: TOTP_DIGITS, autoComplete: 'one-time-code' }}
      rules={CODE_RULES}
    />
  );
}

/** Two-step verification: enrolment with a QR code, or turning it off. */
function TotpCard({ enabled }: { enabled: boolean }) {
  const { message, showError } = useFeedback();
  const [form] = Form.useForm<{ code: string }>();
  const [enrolment, setEnrolment] = useState<(TotpEnrolResult & { qr: string }) | null>(null);
  const [starting, setStarting] = useState(false);

  /** A wrong code is the field's message; anything else a message at the top. */
  const showCodeError = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'TotpInvalid')
      form.setFields([{ name: 'code', errors: [error.message] }]);
    else
      showError(error, {
        Conflict: enabled ? '两步验证已经关闭，请刷新页面' : '请重新点「开启两步验证」获取新的二维码',
      });
  };

  const start = async () => {
    setStarting(true);
    try {
      const result = await enrolTotp();
      setEnrolment({ ...result, qr: await totpQrDataUrl(result.otpauthUrl) });
    } catch (error) {
      showError(error, { Conflict: '两步验证已经开启，请刷新页面' });
    } finally {
      setStarting(false);
    }
  };

  if (enabled) {
    return (
      <ProCard title="两步验证" extra={<Badge status="success" text="已开启" />}>
        <Typography.Paragraph>登录时除密码外还需输入身份验证器上的动态验证码。</Typography.Paragraph>
        <ProForm<{ code: string }>
          form={form}
          layout="inline"
          submitter={{
            searchConfig: { submitText: '关闭两步验证' },
            resetButtonProps: false,
            submitButtonProps: { danger: true },
          }}
          onFinish={async ({ code }) => {
            try {
              const { operator } = await disableTotp({ code: code.trim() });
              updateOperator(operator);
              void message.success('两步验证已关闭');
              form.resetFields();
            } catch (error) {
              showCodeError(error);
            }
          }}
        >
          <CodeField label="动态验证码" />
        </ProForm>
      </ProCard>
    );
  }

  return (
    <ProCard title="两步验证" extra={<Badge status="default" text="未开启" />}>
      {enrolment ? (
        <Space align="start" size="large" wrap>
          <Image src={enrolment.qr} alt="两步验证二维码" width={192} height={192} preview={false} />
          <div style={{ maxWidth: 420 }}>
            <Typography.Paragraph>
              1. 用身份验证器（如 Google Authenticator、Microsoft
              Authenticator、腾讯身份验证器）扫描左侧二维码， 出现「{TOTP_ISSUER}」的 {TOTP_DIGITS} 位动态码。
            </Typography.Paragraph>
            <Typography.Paragraph>
              无法扫码时手动输入密钥：
              <Typography.Text code copyable={{ text: enrolment.secret }}>
                {groupedSecret(enrolment.secret)}
              </Typography.Text>
            </Typography.Paragraph>
            <Typography.Paragraph>2. 输入验证器上现在显示的动态码，确认开启。</Typography.Paragraph>
            <ProForm<{ code: string }>
              form={form}
              layout="inline"
              submitter={{ searchConfig: { submitText: '确认开启' }, resetButtonProps: false }}
              onFinish={async ({ code }) => {
                try {
                  const { operator } = await confirmTotp({ code: code.trim() });
                  updateOperator(operator);
                  setEnrolment(null);
                  void message.success('两步验证已开启，下次登录需要输入动态验证码');
                } catch (error) {
                  showCodeError(error);
                }
              }}
            >
              <CodeField label="动态验证码" />
            </ProForm>
          </div>
        </Space>
      ) : (
        <>
          <Typography.Paragraph>
            开启后，登录除了密码还要输入手机身份验证器上的动态验证码，密码泄露时账号仍然安全。
          </Typography.Paragraph>
          <Button type="primary" loading={starting} onClick={() => void start()}>
            开启两步验证
          </Button>
        </>
      )}
    </ProCard>
  );
}

interface PasswordValues {
  oldPassword: string;
  password: string;
  passwordAgain: string;
}

/** The own password. */
function PasswordCard() {
  const { message, showError } = useFeedback();
  const [form] = Form.useForm<PasswordValues>();
  return (
    <ProCard title="修改密码">
      <ProForm<PasswordValues>
        form={form}
        submitter={{ searchConfig: { submitText: '保存新密码' }, resetButtonProps: false }}
        onFinish={async (values) => {
          try {
            const me = await changePassword({ oldPassword: values.oldPassword, password: values.password });
            updateOperator(me.operator, me.expiresAt);
            void message.success('密码已修改，其他地方的登录已退出');
            form.resetFields();
          } catch (error) {
            if (error instanceof ApiError && error.code === 'WrongOldPassword')
              form.setFields([{ name: 'oldPassword', errors: [error.message] }]);
            else showError(error);
          }
        }}
      >
        <ProFormText.Password
          name="oldPassword"
          label="当前密码"
          width="md"
          fieldProps={{ autoComplete: 'current-password' }}
          rules={[{ required: true, message: '请输入当前密码' }]}
        />
        <ProFormText.Password
          name="password"
          label="新密码"
          width="md"
          fieldProps={{ autoComplete: 'new-password' }}
          rules={[
            { required: true, message: '请输入新密码' },
            { min: OPERATOR_PASSWORD_MIN, message: `密码至少 ${OPERATOR_PASSWORD_MIN} 位` },
            { max: OPERATOR_PASSWORD_MAX, message: `密码最多 ${OPERATOR_PASSWORD_MAX} 位` },
          ]}
        />
        <ProFormText.Password
          name="passwordAgain"
          label="再输一次"
          width="md"
          dependencies={['password']}
          fieldProps={{ autoComplete: 'new-password' }}
          rules={[
            { required: true, message: '请再输入一次新密码' },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('两次输入的密码不一样')),
            }),
          ]}
        />
      </ProForm>
    </ProCard>
  );
}

/** The own account page. */
export function MePage() {
  const session = useOperatorSession();
  if (!session) return null;
  const { operator } = session;
  return (
    <PageFrame page="me">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <ProCard title="账号">
          <Descriptions column={2} size="small">
            <Descriptions.Item label="用户名">{operator.username}</Descriptions.Item>
            <Descriptions.Item label="显示名">{operator.displayName}</Descriptions.Item>
            <Descriptions.Item label="角色">{ADMIN_ROLE_LABELS[operator.role]}</Descriptions.Item>
            <Descriptions.Item label="本次登录有效至">{formatDateTime(session.expiresAt)}</Descriptions.Item>
          </Descriptions>
          {operator.totpEnabled ? null : (
            <Alert
              type="warning"
              showIcon
              message="建议开启两步验证，保护后台账号"
              style={{ marginTop: 12 }}
            />
          )}
        </ProCard>
        <TotpCard enabled={operator.totpEnabled} />
        <PasswordCard />
      </Space>
    </PageFrame>
  );
}
