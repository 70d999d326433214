/**
 * 原因: the reason an operator gives for a change to a user or an account, kept in the audit log
 * (admin-labels.ts `ADMIN_REASON_MIN`–`ADMIN_REASON_MAX` characters, as the server checks; counted
 * without the spaces around it, which are not sent).
 */
import { ProFormTextArea } from '@ant-design/pro-components';
import { ADMIN_REASON_MAX, ADMIN_REASON_MIN } from '@xuanli/contracts/admin-labels';
import { problemRule } from '@/lib/form-rules';

/** The message for `value` as a reason, or null when it is acceptable. */
export function reasonProblem(value: string | undefined, required: boolean): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return required ? '请填写原因' : null;
  if (text.length < ADMIN_REASON_MIN) return `原因至少 ${ADMIN_REASON_MIN} 个字`;
  if (text.length > ADMIN_REASON_MAX) return `原因最多 ${ADMIN_REASON_MAX} 个字`;
  return null;
}

/** The reason field of a form, named `reason`; an optional one may stay empty. */
export function ReasonField({ required = true, placeholder }: { required?: boolean; placeholder?: string }) {
  return (
    <ProFormTextArea
      name="reason"
      label="原因"
      required={required}
      placeholder={placeholder ?? '例如：客服会话中核实了付款记录'}
      fieldProps={{ maxLength: ADMIN_REASON_MAX, showCount: true, autoSize: { minRows: 2, maxRows: 5 } }}
      rules={[problemRule((value: string | undefined) => reasonProblem(value, required))]}
    />
  );
}

/** The trimmed reason, or undefined when an optional one was left empty. */
export function reasonOf(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
