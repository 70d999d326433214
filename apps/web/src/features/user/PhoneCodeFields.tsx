import { type ReactNode, useState } from 'react';
import { Button, Input } from '@/lib/antd-mobile';
import { toast } from '@/lib/feedback';
import { useSendSms } from './api/send-sms';
import { retryAfterSeconds } from './errors';
import styles from './LoginPage.module.css';
import { useCountdown } from './useCountdown';

/** Mainland mobile numbers (the wire's PHONE_PATTERN; the web imports no schema values). */
export const PHONE = /^1[3-9]\d{9}$/;
/** An SMS code as the server sends it. */
export const CODE = /^\d{6}$/;
export const PHONE_MESSAGE = '请输入正确的 11 位手机号';
export const CODE_MESSAGE = '请输入 6 位短信验证码';

/** Seconds before another code may be asked for when the answer does not say (accounts wire). */
const RESEND_SECONDS = 60;

/** A message beside a field, read out when it appears. */
export function FieldMessage({ text }: { text?: string }) {
  return text ? (
    <p className={styles.error} role="alert">
      {text}
    </p>
  ) : null;
}

/** The SMS code's sending: the request, the resend countdown (the server's wait when it refuses), the button's words. */
export interface CodeSender {
  /** Sends a code to `phone`; answers the refusal, or null when the code went out. */
  send(phone: string): Promise<unknown>;
  label: string;
  disabled: boolean;
}

/** A {@link CodeSender} for a form with a phone and an SMS code (login, binding a phone). */
export function useCodeSender(): CodeSender {
  const countdown = useCountdown();
  const sms = useSendSms();
  const [sentOnce, setSentOnce] = useState(false);
  async function send(phone: string): Promise<unknown> {
    try {
      const { resendAfter } = await sms.mutateAsync(phone);
      setSentOnce(true);
      countdown.start(resendAfter > 0 ? resendAfter : RESEND_SECONDS);
      toast('验证码已发送');
      return null;
    } catch (error) {
      const wait = retryAfterSeconds(error);
      if (wait !== null) countdown.start(wait);
      return error;
    }
  }
  const waiting = countdown.left > 0 ? `重新获取(${countdown.left}s)` : sentOnce ? '重新获取' : '获取验证码';
  return {
    send,
    label: sms.isPending ? '发送中…' : waiting,
    disabled: countdown.left > 0 || sms.isPending,
  };
}

/** Props of {@link FormSubmit}. */
export interface FormSubmitProps {
  /** Why the last submit failed when no field is to blame. */
  error?: string;
  loading: boolean;
  disabled?: boolean;
  /** The button's words, e.g. 登录. */
  children: ReactNode;
}

/**
 * The foot of the sign-in forms (登录, 绑定手机号): the message of a failure no field is to blame for,
 * then the wide rounded submit button, so both forms end alike.
 */
export function FormSubmit({ error, loading, disabled, children }: FormSubmitProps) {
  return (
    <>
      <FieldMessage text={error} />
      <Button
        block
        type="submit"
        color="primary"
        size="large"
        shape="rounded"
        className={styles.submit}
        loading={loading}
        disabled={disabled}
      >
        {children}
      </Button>
    </>
  );
}

/** Props of {@link LabelledField}. */
export interface LabelledFieldProps {
  /** The input's id; the label and the fieldset's name are derived from it. */
  id: string;
  label: string;
  error?: string;
  /** The input and what sits beside it (a +86 prefix, a send button). */
  children: ReactNode;
  /** Said under the message, e.g. how to get what the field asks for. */
  hint?: ReactNode;
}

/**
 * One field of the sign-in forms (手机号, 验证码, 密码): a fieldset named by its label, the input row
 * and its message underneath, so every field of those forms is laid out and announced alike.
 */
export function LabelledField({ id, label, error, children, hint }: LabelledFieldProps) {
  return (
    <fieldset className={styles.field} aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.control}>{children}</div>
      <FieldMessage text={error} />
      {hint}
    </fieldset>
  );
}

interface FieldProps {
  id: string;
  value: string;
  /** Called with the digits typed, already cut to the field's length. */
  onChange: (value: string) => void;
  error?: string;
}

interface DigitsInputProps {
  id: string;
  type?: 'tel';
  autoComplete: string;
  /** How many digits it takes at the most. */
  digits: number;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
}

/** An input of digits alone (a phone number, a code): the number pad, anything else typed dropped. */
function DigitsInput({
  id,
  type,
  autoComplete,
  digits,
  placeholder,
  value,
  onChange,
  onBlur,
}: DigitsInputProps) {
  return (
    <Input
      id={id}
      className={styles.input}
      type={type}
      inputMode="numeric"
      autoComplete={autoComplete}
      maxLength={digits}
      placeholder={placeholder}
      value={value}
      onChange={(typed) => onChange(typed.replace(/\D/g, '').slice(0, digits))}
      onBlur={onBlur}
    />
  );
}

/** 手机号 with the +86 prefix: digits only, 11 at most, a message when left half typed. */
export function PhoneField({
  id,
  value,
  onChange,
  error,
  onInvalid,
}: FieldProps & { onInvalid: () => void }) {
  return (
    <LabelledField id={id} label="手机号" error={error}>
      <span className={styles.prefix} aria-hidden="true">
        +86
      </span>
      <DigitsInput
        id={id}
        type="tel"
        autoComplete="tel-national"
        digits={11}
        placeholder="请输入手机号"
        value={value}
        onChange={onChange}
        onBlur={() => {
          if (value !== '' && !PHONE.test(value)) onInvalid();
        }}
      />
    </LabelledField>
  );
}

/** 验证码 with its send button. */
export function CodeField({
  id,
  value,
  onChange,
  error,
  sender,
  onSend,
}: FieldProps & { sender: CodeSender; onSend: () => void }) {
  return (
    <LabelledField id={id} label="验证码" error={error}>
      <DigitsInput
        id={id}
        autoComplete="one-time-code"
        digits={6}
        placeholder="6 位短信验证码"
        value={value}
        onChange={onChange}
      />
      <button type="button" className={styles.send} disabled={sender.disabled} onClick={onSend}>
        {sender.label}
      </button>
    </LabelledField>
  );
}
