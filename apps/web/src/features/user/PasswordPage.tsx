import { PageHeader } from '@/components/PageHeader';
import { RequireLogin } from '@/components/RequireLogin';
import { FieldError, type FieldSchema, SchemaForm } from '@/components/SchemaForm';
import { toast } from '@/lib/feedback';
import { useNavigation } from '@/lib/navigation';
import { useSession } from '@/stores/session';
import { useSetPassword } from './api/set-password';
import { codeOf } from './errors';
import styles from './user.module.css';

/** The wire's PASSWORD_PATTERN: 8–64 characters with a letter and a digit. */
const PASSWORD = /^(?=.*[A-Za-z])(?=.*\d).{8,64}$/;
const PASSWORD_RULE = '密码需 8–64 位，同时包含字母和数字';

function checkPassword(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' && !PASSWORD.test(value) ? PASSWORD_RULE : undefined;
}

/**
 * pages/user/password (设置密码): sets the password for phone + password login, asking for the
 * current one when one is already set (accounts wire `crm/member/password`).
 */
export default function PasswordPage() {
  return (
    <div className={styles.page}>
      <PageHeader back />
      <RequireLogin what="设置密码">
        <PasswordForm />
      </RequireLogin>
    </div>
  );
}

function PasswordForm() {
  const hasPassword = useSession((s) => s.user?.hasPassword ?? false);
  const navigation = useNavigation();
  const mutation = useSetPassword();

  const fields: FieldSchema[] = [
    ...(hasPassword
      ? [
          {
            name: 'oldPassword',
            label: '当前密码',
            type: 'password',
            required: '请输入当前密码',
            maxlength: 64,
          } as const,
        ]
      : []),
    {
      name: 'password',
      label: '新密码',
      type: 'password',
      required: '请输入新密码',
      maxlength: 64,
      placeholder: '8–64 位，包含字母和数字',
      validate: checkPassword,
    },
    { name: 'confirm', label: '确认新密码', type: 'password', required: '请再输入一次新密码', maxlength: 64 },
  ];

  async function handleSubmit(values: Record<string, unknown>) {
    const password = String(values.password ?? '');
    if (values.confirm !== password) throw new FieldError('confirm', '两次输入的密码不一致');
    try {
      await mutation.mutateAsync(
        hasPassword ? { password, oldPassword: String(values.oldPassword ?? '') } : { password },
      );
    } catch (error) {
      if (codeOf(error) === 'LoginFailed') throw new FieldError('oldPassword', '当前密码不对，请重新输入');
      throw error;
    }
    toast(hasPassword ? '密码已修改' : '密码已设置，以后可用手机号和密码登录', 'success');
    navigation.back();
  }

  return (
    <>
      <p className={`${styles.text} ${styles.intro}`}>
        {hasPassword ? '修改登录密码。' : '设置密码后，也可以用手机号和密码登录。'}
      </p>
      <SchemaForm
        fields={fields}
        submitLabel={hasPassword ? '修改密码' : '设置密码'}
        onSubmit={handleSubmit}
      />
    </>
  );
}
