import type { Address, AddressInput } from '@xuanli/contracts/shop';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { LoadFailure } from '@/components/LoadFailure';
import { PageHeader } from '@/components/PageHeader';
import { RequireLogin } from '@/components/RequireLogin';
import { Skeleton } from '@/components/Skeleton';
import { paths } from '@/config/paths';
import { Button, Form, Input, Switch, TextArea } from '@/lib/antd-mobile';
import { ApiError } from '@/lib/api';
import { userMessage } from '@/lib/error-message';
import { toast } from '@/lib/feedback';
import { useNavigation } from '@/lib/navigation';
import styles from './AddressEditPage.module.css';
import { useCreateAddress } from './api/create-address';
import { useAddresses } from './api/get-addresses';
import { useUpdateAddress } from './api/update-address';
import { safeBack, withParam } from './back-href';
import common from './order.module.css';
import { RegionField } from './RegionField';
import type { Region } from './regions';

/** Mainland mobile numbers (the wire's PHONE_PATTERN; the web imports no schema values). */
const PHONE = /^1[3-9]\d{9}$/;

/** The wire's lengths of an address (AddressInput). */
const NAME_MAX = 20;
const DETAIL_MIN = 2;
const DETAIL_MAX = 100;

/** What each field says when it is not right, beside the field. */
export const ADDRESS_MESSAGES = {
  name: '请填写收货人姓名',
  phone: '请输入正确的 11 位手机号',
  region: '请选择所在地区',
  detail: `请填写详细地址（${DETAIL_MIN}–${DETAIL_MAX} 个字），如街道、门牌号`,
} as const;

/** The form's values: the address with its region as one field. */
interface FormValues {
  name: string;
  phone: string;
  region: Region | null;
  detail: string;
  isDefault: boolean;
}

/**
 * The form field a server refusal names: the envelope's `field`, or Fastify's `body/<property>` in an
 * older message; null when it names none.
 */
function fieldOfRefusal(error: unknown): keyof typeof ADDRESS_MESSAGES | null {
  if (!(error instanceof ApiError) || error.code !== 'ValidationError') return null;
  const answered = (error.body as { field?: unknown } | undefined)?.field;
  const property =
    (typeof answered === 'string' ? answered.split('.')[0] : undefined) ??
    /body\/(\w+)/.exec(error.message)?.[1] ??
    /property '(\w+)'/.exec(error.message)?.[1];
  switch (property) {
    case 'name':
    case 'phone':
    case 'detail':
      return property;
    case 'province':
    case 'city':
    case 'district':
      return 'region';
    default:
      return null;
  }
}

/**
 * pages/user/address-edit (编辑地址), `?id=` to change an address, without it to add one: 收货人,
 * 手机号, 所在地区 (省/市/区 picker), 详细地址 and 设为默认地址. Each message sits beside its field,
 * the server's refusals too. After saving it goes back — or, with `?back=<checkout href>`, to that
 * page with the new `addressId`.
 */
export default function AddressEditPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const back = safeBack(params.get('back'));
  const navigation = useNavigation();
  return (
    <div className={common.page}>
      <PageHeader
        back
        title={id ? '编辑收货地址' : '新增收货地址'}
        onBack={back ? () => navigation.redirect(back) : undefined}
      />
      <RequireLogin what="管理收货地址">
        <AddressEditor id={id} back={back} />
      </RequireLogin>
    </div>
  );
}

function AddressEditor({ id, back }: { id: number | null; back: string | null }) {
  const addresses = useAddresses();
  const navigation = useNavigation();
  if (addresses.isError)
    return <LoadFailure error={addresses.error} onRetry={() => void addresses.refetch()} />;
  if (!addresses.data) return <Skeleton lines={6} label="正在加载地址" className={styles.loading} />;
  const editing = id === null ? null : (addresses.data.list.find((a) => a.id === id) ?? null);
  if (id !== null && !editing) {
    return (
      <EmptyState
        title="这个地址已不存在"
        text="它可能已被删除，可以新增一个地址。"
        action={{ label: '返回地址列表', onClick: () => navigation.redirect(paths.address.path) }}
      />
    );
  }
  return (
    <AddressForm
      key={editing?.id ?? 'new'}
      editing={editing}
      // The first address is the default one.
      firstAddress={addresses.data.list.length === 0}
      back={back}
    />
  );
}

function AddressForm({
  editing,
  firstAddress,
  back,
}: {
  editing: Address | null;
  firstAddress: boolean;
  back: string | null;
}) {
  const [form] = Form.useForm<FormValues>();
  const navigation = useNavigation();
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const [error, setError] = useState<string | null>(null);
  const saving = create.isPending || update.isPending;
  const initialValues: FormValues = editing
    ? {
        name: editing.name,
        phone: editing.phone,
        region: { province: editing.province, city: editing.city, district: editing.district },
        detail: editing.detail,
        isDefault: editing.isDefault,
      }
    : { name: '', phone: '', region: null, detail: '', isDefault: firstAddress };

  async function handleFinish(values: FormValues) {
    if (!values.region) return;
    const input: AddressInput = {
      name: values.name.trim(),
      phone: values.phone.trim(),
      province: values.region.province,
      city: values.region.city,
      district: values.region.district,
      detail: values.detail.trim(),
      isDefault: values.isDefault,
    };
    setError(null);
    let saved: Address;
    try {
      saved = editing ? await update.mutateAsync({ id: editing.id, input }) : await create.mutateAsync(input);
    } catch (failure) {
      const field = fieldOfRefusal(failure);
      if (field) form.setFields([{ name: field, errors: [ADDRESS_MESSAGES[field]] }]);
      else setError(userMessage(failure));
      return;
    }
    toast('地址已保存', 'success');
    if (back) navigation.redirect(withParam(back, 'addressId', saved.id));
    else navigation.back();
  }

  return (
    <Form
      form={form}
      name="address"
      layout="horizontal"
      className={styles.form}
      initialValues={initialValues}
      onFinish={handleFinish}
      footer={
        <>
          {error ? (
            <p className={common.error} role="alert">
              {error}
            </p>
          ) : null}
          <Button block type="submit" color="primary" size="large" shape="rounded" loading={saving}>
            保存
          </Button>
        </>
      }
    >
      <Form.Item
        name="name"
        label="收货人"
        rules={[
          {
            validator: async (_, value: string) => {
              if (!value?.trim()) throw new Error(ADDRESS_MESSAGES.name);
            },
          },
        ]}
      >
        <Input placeholder="收货人姓名" maxLength={NAME_MAX} clearable autoComplete="name" />
      </Form.Item>
      <Form.Item
        name="phone"
        label="手机号"
        rules={[
          {
            validator: async (_, value: string) => {
              if (!PHONE.test(value?.trim() ?? '')) throw new Error(ADDRESS_MESSAGES.phone);
            },
          },
        ]}
      >
        <Input
          type="tel"
          inputMode="numeric"
          maxLength={11}
          placeholder="11 位手机号"
          autoComplete="tel-national"
        />
      </Form.Item>
      <Form.Item
        name="region"
        label="所在地区"
        rules={[
          {
            validator: async (_, value: Region | null) => {
              if (!value) throw new Error(ADDRESS_MESSAGES.region);
            },
          },
        ]}
      >
        <RegionField />
      </Form.Item>
      <Form.Item
        name="detail"
        label="详细地址"
        rules={[
          {
            validator: async (_, value: string) => {
              const length = [...(value?.trim() ?? '')].length;
              if (length < DETAIL_MIN || length > DETAIL_MAX) throw new Error(ADDRESS_MESSAGES.detail);
            },
          },
        ]}
      >
        <TextArea
          placeholder="街道、楼栋、门牌号"
          maxLength={DETAIL_MAX}
          autoSize={{ minRows: 2, maxRows: 4 }}
        />
      </Form.Item>
      <Form.Item name="isDefault" label="设为默认地址" valuePropName="checked" childElementPosition="right">
        <Switch />
      </Form.Item>
    </Form>
  );
}
