import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { Segmented } from '@/components/Segmented';
import { paths } from '@/config/paths';
import { Button, Checkbox, Input } from '@/lib/antd-mobile';
import { toast } from '@/lib/feedback';
import { useNavigation } from '@/lib/navigation';
import { useLogin } from './api/login';
import { codeOf, failureMessage } from './errors';
import styles from './LoginPage.module.css';
import {
  CODE,
  CODE_MESSAGE,
  CodeField,
  FieldMessage,
  FormSubmit,
  LabelledField,
  PHONE,
  PHONE_MESSAGE,
  PhoneField,
  useCodeSender,
} from './PhoneCodeFields';
import { useWechatLogin } from './useWechatLogin';

type Mode = 'code' | 'password';
type Field = 'phone' | 'code' | 'password' | 'agree' | 'form';
type Errors = Partial<Record<Field, string>>;

const MESSAGES = {
  phone: PHONE_MESSAGE,
  code: CODE_MESSAGE,
  password: '请输入密码',
  agree: '请先阅读并同意《用户协议》和《隐私政策》',
} as const;

/** Which field a failed login or SMS belongs beside. */
const FIELD_OF_CODE: Record<string, Field> = {
  InvalidPhone: 'phone',
  // The account of this phone is banned: nothing else the reader types can help.
  AccountBanned: 'phone',
  InvalidCode: 'code',
  LoginFailed: 'password',
};

/** A page to come back to after login: one of ours (`/pages/…`), never the login page itself. */
function safeRedirect(value: string | null): string | null {
  if (!value?.startsWith('/pages/') || value.startsWith(paths.login.path)) return null;
  return value;
}

/** Whether the browser can go back within the app (React Router numbers its history entries). */
function hasHistory(): boolean {
  const state: unknown = window.history.state;
  return (
    !!state && typeof state === 'object' && 'idx' in state && typeof state.idx === 'number' && state.idx > 0
  );
}

/**
 * pages/user/login: the phone and an SMS code (60 s resend countdown), or the phone and a password
 * once one is set; inside WeChat, WeChat login first (useWechatLogin.ts). The agreement must be accepted first. Each message sits beside its field. After
 * login the reader goes back where they came from (`redirect` in the query, else the previous page,
 * else the 我的 tab).
 */
export default function LoginPage() {
  const [search] = useSearchParams();
  const navigation = useNavigation();
  const ids = useId();
  const [mode, setMode] = useState<Mode>('code');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const sender = useCodeSender();
  const login = useLogin();
  const wechat = useWechatLogin(() => {
    toast('登录成功', 'success');
    goBack();
  });

  const setError = (field: Field, message: string | undefined) =>
    setErrors((current) => ({ ...current, [field]: message }));

  /** Checks the phone and the agreement; sets their messages and tells whether both are fine. */
  function checkCommon(next: Errors): boolean {
    next.phone = PHONE.test(phone) ? undefined : MESSAGES.phone;
    next.agree = agreed ? undefined : MESSAGES.agree;
    return !next.phone && !next.agree;
  }

  async function handleSendCode() {
    const next: Errors = { ...errors, code: undefined, form: undefined };
    const ok = checkCommon(next);
    setErrors(next);
    if (!ok) return;
    const error = await sender.send(phone);
    if (error === null) return;
    const field = FIELD_OF_CODE[codeOf(error) ?? ''] === 'phone' ? 'phone' : 'code';
    setError(field, failureMessage(error));
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const next: Errors = { form: undefined };
    let ok = checkCommon(next);
    if (mode === 'code' && !CODE.test(code)) {
      next.code = MESSAGES.code;
      ok = false;
    }
    if (mode === 'password' && password === '') {
      next.password = MESSAGES.password;
      ok = false;
    }
    setErrors(next);
    if (!ok) return;
    try {
      await login.mutateAsync(mode === 'code' ? { phone, code } : { phone, password });
    } catch (error) {
      const field = FIELD_OF_CODE[codeOf(error) ?? ''];
      // A wrong code in password mode cannot happen; keep each message beside a field that is shown.
      setError(field && !(field === 'code' && mode === 'password') ? field : 'form', failureMessage(error));
      return;
    }
    toast('登录成功', 'success');
    goBack();
  }

  /** Back where the reader came from: `redirect`, else the previous page, else the 我的 tab. */
  function goBack() {
    const redirect = safeRedirect(search.get('redirect'));
    if (redirect) navigation.redirect(redirect);
    else if (hasHistory()) navigation.back();
    else navigation.switchTab(paths.user.path);
  }

  const phoneId = `${ids}-phone`;
  const secretId = `${ids}-secret`;

  if (wechat.step !== 'idle') {
    return (
      <div className={styles.page}>
        <PageHeader back />
        <p className={styles.wechatBusy} role="status">
          {wechat.step === 'signing-in' ? '正在用微信登录…' : '正在前往微信授权…'}
        </p>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader back />
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        <h2 className={styles.welcome}>欢迎来到中华玄历</h2>
        {wechat.offered ? (
          <Button
            block
            type="button"
            size="large"
            shape="rounded"
            className={styles.wechat}
            onClick={wechat.startWithProfile}
          >
            微信一键登录
          </Button>
        ) : null}
        <FieldMessage text={wechat.failure ?? undefined} />
        <p className={styles.lead}>未注册的手机号验证后自动创建账号</p>
        <Segmented
          name="login-mode"
          label="登录方式"
          choices={[
            ['code', '验证码登录'],
            ['password', '密码登录'],
          ]}
          value={mode}
          onChange={(value) => {
            setMode(value);
            setErrors({});
          }}
        />

        <PhoneField
          id={phoneId}
          value={phone}
          error={errors.phone}
          onChange={(typed) => {
            setPhone(typed);
            if (errors.phone) setError('phone', undefined);
          }}
          onInvalid={() => setError('phone', MESSAGES.phone)}
        />

        {mode === 'code' ? (
          <CodeField
            id={secretId}
            value={code}
            error={errors.code}
            sender={sender}
            onSend={handleSendCode}
            onChange={(typed) => {
              setCode(typed);
              if (errors.code) setError('code', undefined);
            }}
          />
        ) : (
          <LabelledField
            id={secretId}
            label="密码"
            error={errors.password}
            hint={
              <p className={styles.hint}>
                还没有设置密码？请先用验证码登录，再到「系统设置 → 设置密码」设置。
              </p>
            }
          >
            <Input
              id={secretId}
              className={styles.input}
              type="password"
              autoComplete="current-password"
              maxLength={64}
              placeholder="请输入密码"
              value={password}
              onChange={(value) => {
                setPassword(value);
                if (errors.password) setError('password', undefined);
              }}
            />
          </LabelledField>
        )}

        <fieldset className={styles.agree} aria-label="用户协议与隐私政策">
          <Checkbox
            className={styles.checkbox}
            checked={agreed}
            onChange={(checked) => {
              setAgreed(checked);
              if (checked) setError('agree', undefined);
            }}
          >
            我已阅读并同意
          </Checkbox>
          <span className={styles.docs}>
            <Link to={paths.article.getHref({ label: '协议', name: '用户协议' })}>《用户协议》</Link>和
            <Link to={paths.article.getHref({ label: '协议', name: '隐私政策' })}>《隐私政策》</Link>
          </span>
          <FieldMessage text={errors.agree} />
        </fieldset>

        <FormSubmit error={errors.form} loading={login.isPending}>
          登录
        </FormSubmit>
      </form>
    </div>
  );
}
