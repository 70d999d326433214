import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { paths } from '@/config/paths';
import { Button, Input } from '@/lib/antd-mobile';
import { toast } from '@/lib/feedback';
import { useNavigation } from '@/lib/navigation';
import { useSession } from '@/stores/session';
import { useSendSms } from './api/send-sms';
import { useBindPhone } from './api/wechat';
import { codeOf, failureMessage, retryAfterSeconds } from './errors';
import styles from './LoginPage.module.css';
import { useCountdown } from './useCountdown';

const PHONE = /^1[3-9]\d{9}$/;
const CODE = /^\d{6}$/;
const CJK = /[\u4e00-\u9fff]/;

type Field = 'phone' | 'code' | 'form';

/** What a refused link says: the server's own sentence for a conflict (it names what to do), else the code's. */
function bindFailure(error: unknown): string {
  if (codeOf(error) === 'Conflict' && error instanceof Error && CJK.test(error.message)) return error.message;
  return failureMessage(error);
}

/**
 * pages/user/bind-phone (绑定手机号): a WeChat account links a phone by SMS code. When the phone
 * already has an account the two become one there — orders, courses and the longer VIP kept — and the
 * app goes on as that account (the server answers its session).
 */
export default function BindPhonePage() {
  const [search] = useSearchParams();
  const navigation = useNavigation();
  const user = useSession((s) => s.user);
  const ids = useId();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const countdown = useCountdown();
  const sms = useSendSms();
  const bind = useBindPhone();

  async function handleSend() {
    if (!PHONE.test(phone)) return setErrors({ phone: '请输入正确的 11 位手机号' });
    setErrors({});
    try {
      const { resendAfter } = await sms.mutateAsync(phone);
      countdown.start(resendAfter > 0 ? resendAfter : 60);
      toast('验证码已发送');
    } catch (error) {
      setErrors({ code: failureMessage(error) });
      const wait = retryAfterSeconds(error);
      if (wait !== null) countdown.start(wait);
    }
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const next: Partial<Record<Field, string>> = {};
    if (!PHONE.test(phone)) next.phone = '请输入正确的 11 位手机号';
    if (!CODE.test(code)) next.code = '请输入 6 位短信验证码';
    setErrors(next);
    if (next.phone || next.code) return;
    try {
      const result = await bind.mutateAsync({ phone, code });
      toast(result.merged ? '已合并到该手机号的账号' : '手机号绑定成功', 'success');
    } catch (error) {
      const field =
        codeOf(error) === 'InvalidCode' ? 'code' : codeOf(error) === 'InvalidPhone' ? 'phone' : 'form';
      setErrors({ [field]: bindFailure(error) });
      return;
    }
    const back = search.get('redirect');
    navigation.redirect(back?.startsWith('/pages/') ? back : paths.user.path);
  }

  const phoneId = `${ids}-phone`;
  const codeId = `${ids}-code`;
  return (
    <div className={styles.page}>
      <PageHeader back />
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        <p className={styles.lead}>
          {user?.phone
            ? `已绑定手机号 ${user.phone}`
            : '绑定后可用手机号登录；该手机号已有账号时，两个账号的订单、课程和会员会合并到一起'}
        </p>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={phoneId}>
            手机号
          </label>
          <div className={styles.control}>
            <span className={styles.prefix} aria-hidden="true">
              +86
            </span>
            <Input
              id={phoneId}
              className={styles.input}
              type="tel"
              inputMode="numeric"
              maxLength={11}
              placeholder="请输入手机号"
              value={phone}
              onChange={(value) => setPhone(value.replace(/\D/g, '').slice(0, 11))}
            />
          </div>
          {errors.phone ? (
            <p className={styles.error} role="alert">
              {errors.phone}
            </p>
          ) : null}
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={codeId}>
            验证码
          </label>
          <div className={styles.control}>
            <Input
              id={codeId}
              className={styles.input}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="6 位短信验证码"
              value={code}
              onChange={(value) => setCode(value.replace(/\D/g, '').slice(0, 6))}
            />
            <button
              type="button"
              className={styles.send}
              disabled={countdown.left > 0 || sms.isPending}
              onClick={handleSend}
            >
              {countdown.left > 0 ? `重新获取(${countdown.left}s)` : '获取验证码'}
            </button>
          </div>
          {errors.code ? (
            <p className={styles.error} role="alert">
              {errors.code}
            </p>
          ) : null}
        </div>
        {errors.form ? (
          <p className={styles.error} role="alert">
            {errors.form}
          </p>
        ) : null}
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          shape="rounded"
          className={styles.submit}
          loading={bind.isPending}
          disabled={Boolean(user?.phone)}
        >
          绑定手机号
        </Button>
      </form>
    </div>
  );
}
