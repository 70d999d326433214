/**
 * 开通/延长 VIP: adds a number of days to a user's VIP, counted from the later of now and the current
 * expiry (the server's rule, admin.ts `VipGrantBodySchema`), with the reason kept in the audit log.
 * Opened from a user's row (phone filled in) or from the list's toolbar (phone typed, as given in a
 * customer-service chat).
 */
import { ModalForm, ProFormDependency, ProFormDigit, ProFormText } from '@ant-design/pro-components';
import type { VipState } from '@xuanli/contracts/admin';
import { VIP_GRANT_DAYS_MAX, VIP_GRANT_DAYS_MIN } from '@xuanli/contracts/admin-labels';
import { Form, Typography } from 'antd';
import { grantVip } from '@/api/users';
import { ReasonField } from '@/components/ReasonField';
import { ApiError } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import { dayjs } from '@/lib/dayjs';
import { useFeedback } from '@/lib/feedback';
import { problemRule } from '@/lib/form-rules';
import { PHONE_REGEX } from '@/lib/phone';

/** The user a grant is for, when it is opened from the list. */
export interface VipTarget {
  phone: string;
  nickname: string;
  vipExpire: string | null;
}

interface VipGrantValues {
  phone: string;
  days: number;
  reason: string;
}

/** The message for `value` as a number of days, or null when it is acceptable. */
export function daysProblem(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return '请输入天数';
  const days = Number(value);
  if (!Number.isInteger(days) || days < VIP_GRANT_DAYS_MIN || days > VIP_GRANT_DAYS_MAX)
    return `天数须为 ${VIP_GRANT_DAYS_MIN} 到 ${VIP_GRANT_DAYS_MAX} 之间的整数`;
  return null;
}

/** The expiry after adding `days` to `vipExpire`, counted from now when VIP has already ended. */
function expiryAfter(vipExpire: string | null, days: number): string {
  const now = dayjs();
  const from = vipExpire && dayjs(vipExpire).isAfter(now) ? dayjs(vipExpire) : now;
  return from.add(days, 'day').toISOString();
}

/** The grant dialog; `target` null asks for the phone. */
export function VipGrantForm({
  target,
  open,
  onOpenChange,
  onGranted,
}: {
  target: VipTarget | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onGranted: (state: VipState) => void;
}) {
  const { message, showError } = useFeedback();
  const [form] = Form.useForm<VipGrantValues>();
  return (
    <ModalForm<VipGrantValues>
      form={form}
      title="开通/延长 VIP"
      open={open}
      onOpenChange={onOpenChange}
      width={520}
      modalProps={{ destroyOnHidden: true, maskClosable: false }}
      initialValues={{ phone: target?.phone ?? '' }}
      submitter={{ searchConfig: { submitText: '确认开通', resetText: '取消' } }}
      onFinish={async (values) => {
        try {
          const state = await grantVip({
            phone: values.phone.trim(),
            days: Number(values.days),
            reason: values.reason.trim(),
          });
          void message.success(
            `已为 ${state.nickname} 开通 VIP，到期时间 ${formatDateTime(state.vipExpire)}`,
          );
          onGranted(state);
          return true;
        } catch (error) {
          // An unknown phone is the phone field's problem.
          if (error instanceof ApiError && error.code === 'NotFound' && !error.fromServer)
            form.setFields([{ name: 'phone', errors: ['没有找到这个手机号的用户'] }]);
          else showError(error);
          return false;
        }
      }}
    >
      {target ? (
        <Typography.Paragraph type="secondary">
          {target.nickname}，当前 VIP
          {target.vipExpire && dayjs(target.vipExpire).isAfter(dayjs())
            ? `到期时间 ${formatDateTime(target.vipExpire)}`
            : '未开通或已过期'}
        </Typography.Paragraph>
      ) : null}
      <ProFormText
        name="phone"
        label="手机号"
        disabled={!!target}
        placeholder="用户注册的 11 位手机号"
        fieldProps={{ maxLength: 11, inputMode: 'numeric' }}
        rules={[
          { required: true, whitespace: true, message: '请输入手机号' },
          { pattern: PHONE_REGEX, message: '请输入正确的 11 位手机号' },
        ]}
      />
      <ProFormDigit
        name="days"
        label="天数"
        required
        placeholder={`${VIP_GRANT_DAYS_MIN}–${VIP_GRANT_DAYS_MAX}`}
        fieldProps={{ addonAfter: '天', style: { width: 200 } }}
        rules={[problemRule(daysProblem)]}
        extra="从当前到期时间往后加；已过期或未开通时从现在算起。"
      />
      {target ? (
        <ProFormDependency name={['days']}>
          {({ days }) =>
            daysProblem(days) === null ? (
              <Typography.Paragraph>
                开通后到期时间约为{' '}
                <strong>{formatDateTime(expiryAfter(target.vipExpire, Number(days)))}</strong>
              </Typography.Paragraph>
            ) : null
          }
        </ProFormDependency>
      ) : null}
      <ReasonField />
    </ModalForm>
  );
}
