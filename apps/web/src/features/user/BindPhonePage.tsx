import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { paths } from '@/config/paths';
import { toast } from '@/lib/feedback';
import { useNavigation } from '@/lib/navigation';
import { useSession } from '@/stores/session';
import { useBindPhone } from './api/wechat';
import { codeOf, failureMessage } from './errors';
import styles from './LoginPage.module.css';
import {
  CODE,
  CODE_MESSAGE,
  CodeField,
  FormSubmit,
  PHONE,
  PHONE_MESSAGE,
  PhoneField,
  useCodeSender,
} from './PhoneCodeFields';

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
  const sender = useCodeSender();
  const bind = useBindPhone();

  async function handleSend() {
    if (!PHONE.test(phone)) return setErrors({ phone: PHONE_MESSAGE });
    setErrors({});
    const error = await sender.send(phone);
    if (error !== null) setErrors({ code: failureMessage(error) });
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const next: Partial<Record<Field, string>> = {};
    if (!PHONE.test(phone)) next.phone = PHONE_MESSAGE;
    if (!CODE.test(code)) next.code = CODE_MESSAGE;
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
        <PhoneField
          id={phoneId}
          value={phone}
          error={errors.phone}
          onChange={setPhone}
          onInvalid={() => setErrors((current) => ({ ...current, phone: PHONE_MESSAGE }))}
        />
        <CodeField
          id={codeId}
          value={code}
          error={errors.code}
          sender={sender}
          onSend={handleSend}
          onChange={setCode}
        />
        <FormSubmit error={errors.form} loading={bind.isPending} disabled={Boolean(user?.phone)}>
          绑定手机号
        </FormSubmit>
      </form>
    </div>
  );
}
