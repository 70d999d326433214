import type { FeedbackBody } from '@xuanli/contracts/upload';
import { PageHeader } from '@/components/PageHeader';
import { RequireLogin } from '@/components/RequireLogin';
import { type FieldSchema, SchemaForm } from '@/components/SchemaForm';
import { toast } from '@/lib/feedback';
import { useNavigation } from '@/lib/navigation';
import { useSendFeedback } from './api/send-feedback';
import styles from './user.module.css';

const FIELDS: FieldSchema[] = [
  {
    name: 'content',
    label: '意见内容',
    type: 'textarea',
    required: '请写下您的意见或建议',
    maxlength: 500,
    placeholder: '遇到的问题、想要的功能，或者对黄历内容的建议，都可以告诉我们',
    validate: (value) =>
      typeof value === 'string' && value !== '' && value.trim() === '' ? '请写下您的意见或建议' : undefined,
  },
  { name: 'rating', label: '评分', type: 'rating', required: '请为玄历打个分' },
  { name: 'images', label: '截图（选填，最多 9 张）', type: 'upload', multi: 9, purpose: 'feedback' },
  {
    name: 'contact',
    label: '联系方式（选填）',
    type: 'text',
    maxlength: 100,
    placeholder: '手机号、微信号或邮箱，方便我们回复您',
  },
];

/**
 * pages/user/feedback (意见反馈): the text, a 1–5 rating, up to 9 pictures and an optional way to
 * reply, stored for the operators (`POST crm/feedback`).
 */
export default function FeedbackPage() {
  return (
    <div className={styles.page}>
      <PageHeader back />
      <RequireLogin what="提交意见反馈">
        <FeedbackForm />
      </RequireLogin>
    </div>
  );
}

function FeedbackForm() {
  const navigation = useNavigation();
  const mutation = useSendFeedback();

  async function handleSubmit(values: Record<string, unknown>) {
    const contact = String(values.contact ?? '').trim();
    const body: FeedbackBody = {
      content: String(values.content ?? '').trim(),
      rating: Number(values.rating),
      images: Array.isArray(values.images) ? values.images.filter((url) => typeof url === 'string') : [],
      ...(contact ? { contact } : {}),
    };
    await mutation.mutateAsync(body);
    toast('感谢反馈', 'success');
    navigation.back();
  }

  return <SchemaForm fields={FIELDS} submitLabel="提交反馈" onSubmit={handleSubmit} />;
}
