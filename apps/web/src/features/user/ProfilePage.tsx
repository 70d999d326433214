import type { ProfileUpdate } from '@xuanli/contracts/member';
import { PageHeader } from '@/components/PageHeader';
import { RequireLogin } from '@/components/RequireLogin';
import { type FieldSchema, SchemaForm } from '@/components/SchemaForm';
import { toast } from '@/lib/feedback';
import { type User, useSession } from '@/stores/session';
import { useUpdateProfile } from './api/update-profile';
import styles from './user.module.css';

/** Nickname length after trimming (accounts wire: 1–20 characters). */
const NICKNAME_MAX = 20;

const FIELDS: FieldSchema[] = [
  { name: 'avatar', label: '头像', type: 'upload', purpose: 'avatar' },
  {
    name: 'nickname',
    label: '昵称',
    type: 'text',
    required: '请填写昵称',
    maxlength: NICKNAME_MAX,
    placeholder: '1–20 个字',
    validate: (value) =>
      typeof value === 'string' && value !== '' && value.trim() === '' ? '昵称不能只有空格' : undefined,
  },
];

/**
 * pages/user/profile (个人资料): the avatar (uploaded with progress, cropped square by the server) and
 * the nickname, saved with `POST crm/member/profile`. The phone is shown masked and cannot be edited.
 */
export default function ProfilePage() {
  return (
    <div className={styles.page}>
      <PageHeader back />
      <RequireLogin what="编辑个人资料">
        <ProfileForm />
      </RequireLogin>
    </div>
  );
}

function ProfileForm() {
  const user = useSession((s) => s.user) as User;
  const mutation = useUpdateProfile();

  async function handleSubmit(values: Record<string, unknown>) {
    const nickname = String(values.nickname ?? '').trim();
    const avatar = typeof values.avatar === 'string' ? values.avatar : '';
    // Only what changed, so a save never overwrites a change made on another phone.
    const body: ProfileUpdate = {};
    if (nickname !== user.nickname) body.nickname = nickname;
    if (avatar !== user.avatar) body.avatar = avatar;
    if (Object.keys(body).length > 0) await mutation.mutateAsync(body);
    toast('已保存', 'success');
  }

  return (
    <>
      <section className={styles.section} aria-label="账号">
        <p className={styles.text}>手机号：{user.phone}</p>
      </section>
      <SchemaForm
        key={user.id}
        fields={FIELDS}
        initialValues={{ avatar: user.avatar, nickname: user.nickname }}
        submitLabel="保存"
        onSubmit={handleSubmit}
      />
    </>
  );
}
