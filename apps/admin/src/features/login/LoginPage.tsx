/**
 * 登录: username and password, and the 动态验证码 of the operator's authenticator app once the server
 * answers `TotpRequired` (two-step verification is on for the account). The server gives one answer
 * for an unknown username and a wrong password; this page repeats it as it is.
 */
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { LoginForm, ProFormText } from '@ant-design/pro-components';
import { type AdminRole, TOTP_DIGITS } from '@xuanli/contracts/admin-labels';
import { Alert, Form } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { login } from '@/api/login';
import { ApiError } from '@/lib/api';
import { homePathFor, pagesFor } from '@/lib/console-pages';
import { errorText } from '@/lib/feedback';
import { isExpired, lastEndReason, startSession, useOperatorSession } from '@/lib/session';

interface LoginValues {
  username: string;
  password: string;
  totp?: string;
}

/** A message for a refused login, with the wait of a 429 (`retryAfter` seconds) when there is one. */
function refusalText(error: unknown): string {
  if (error instanceof ApiError && error.code === 'TooManyRequests') {
    const seconds = Number(error.body.retryAfter);
    if (Number.isFinite(seconds) && seconds > 0)
      return `尝试次数过多，请 ${Math.ceil(seconds / 60)} 分钟后再试`;
  }
  return errorText(error);
}

/** Only paths of this console may follow a login (never a URL of somewhere else). */
function safeFrom(from: string | null): string | null {
  return from?.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : null;
}

/**
 * Where a login of `role` continues: the page it was going to when the role may open it (another
 * operator may log in at this desk), else the role's first page.
 */
function nextPath(from: string | null, role: AdminRole): string {
  const allowed =
    from !== null && pagesFor(role).some((page) => from === page.path || from.startsWith(`${page.path}/`));
  return allowed ? from : homePathFor(role);
}

/** The login page. */
export function LoginPage() {
  const session = useOperatorSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<LoginValues>();
  const [needTotp, setNeedTotp] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const from = safeFrom(params.get('from'));

  if (session && !isExpired(session)) {
    return <Navigate to={nextPath(from, session.operator.role)} replace />;
  }
  const notice = refusal ?? (lastEndReason() === 'expired' ? '登录已失效，请重新登录' : null);

  const submit = async (values: LoginValues) => {
    setRefusal(null);
    try {
      const result = await login({
        username: values.username.trim(),
        password: values.password,
        ...(needTotp && values.totp ? { totp: values.totp.trim() } : {}),
      });
      startSession(result);
      navigate(nextPath(from, result.operator.role), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'TotpRequired') {
        setNeedTotp(true);
        return;
      }
      if (error instanceof ApiError && error.code === 'TotpInvalid') {
        form.setFields([{ name: 'totp', errors: [error.message] }]);
        return;
      }
      setRefusal(refusalText(error));
    }
  };

  return (
    <div style={{ minHeight: '100vh', background: '#f5f1ec', paddingTop: '8vh' }}>
      <LoginForm<LoginValues>
        form={form}
        title="玄历后台"
        subTitle="运营人员登录"
        onFinish={submit}
        submitter={{ searchConfig: { submitText: '登录' } }}
        message={
          notice ? <Alert type="error" showIcon message={notice} style={{ marginBottom: 24 }} /> : null
        }
      >
        <ProFormText
          name="username"
          label="用户名"
          fieldProps={{ size: 'large', prefix: <UserOutlined />, autoComplete: 'username' }}
          placeholder="用户名"
          rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}
        />
        <ProFormText.Password
          name="password"
          label="密码"
          fieldProps={{ size: 'large', prefix: <LockOutlined />, autoComplete: 'current-password' }}
          placeholder="密码"
          rules={[{ required: true, message: '请输入密码' }]}
        />
        {needTotp ? (
          <>
            <Alert
              type="info"
              showIcon
              message="此账号开启了两步验证，请输入身份验证器上显示的动态验证码"
              style={{ marginBottom: 16 }}
            />
            <ProFormText
              name="totp"
              label="动态验证码"
              placeholder={`${TOTP_DIGITS} 位数字`}
              fieldProps={{
                size: 'large',
                prefix: <SafetyOutlined />,
                autoComplete: 'one-time-code',
                inputMode: 'numeric',
                maxLength: TOTP_DIGITS,
                autoFocus: true,
              }}
              rules={[
                { required: true, message: '请输入动态验证码' },
                {
                  pattern: new RegExp(`^\\d{${TOTP_DIGITS}}$`),
                  message: `动态验证码是 ${TOTP_DIGITS} 位数字`,
                },
              ]}
            />
          </>
        ) : null}
      </LoginForm>
    </div>
  );
}
