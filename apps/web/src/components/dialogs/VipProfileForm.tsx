/**
 * The VIP customisation form (PRODUCT.md#vip, #roles): the birth profile (姓名, 性别, 出生 on the 公历/农历 picker)
 * and the fortune type (财运 事业 感情 健康 学业). Submitting saves them as the account's 定制 profile on
 * the server (./api/dingzhi-profile.ts) — its own record, never the chart the 排盘 page shows — and the
 * type in the session store (PRODUCT.md#screens). The fields carry cache keys, so what a reader typed
 * survives closing the dialog before saving (PRODUCT.md#screens); they are cleared when the account leaves
 * the phone.
 */
import { DEFAULT_YUN_TYPE, isYunType, YUN_TYPE_LABELS, YUN_TYPES } from '@xuanli/almanac/bazi/yunType';
import type { DingzhiProfileBody } from '@xuanli/contracts/dingzhi';
import { useMemo, useState } from 'react';
import { FieldError, type FieldSchema, SchemaForm } from '@/components/SchemaForm';
import { VIP_FORM_CACHE_KEYS } from '@/config/account-keys';
import { ApiError } from '@/lib/api';
import { birthError, fromBornText, SAMPLE_BIRTH, toBornText } from '@/lib/birth';
import { userMessage } from '@/lib/error-message';
import { useSession } from '@/stores/session';
import { BirthPicker } from '../BirthPicker';
import { type DingzhiProfile, useSaveDingzhiProfile } from './api/dingzhi-profile';

/** Longest name kept (as on the 排盘 form; the server takes up to 20, its `DINGZHI_NAME_MAX`). */
const NAME_MAX_LENGTH = 12;

/** The form field a refusal of the server belongs beside: the engine's codes name sex or birth. */
function fieldOfRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  if (error.code === 'WRONG_SEX') return 'sex';
  if (error.code === 'ValidationError' || error.code === 'BadRequest') return 'name';
  return typeof error.code === 'string' && /^(WRONG_|OUT_OF_RANGE)/.test(error.code) ? 'born' : null;
}

/**
 * Local-storage keys of the form's fields (kept on the phone, PRODUCT.md#screens); cleared when the account
 * leaves the phone.
 */
export { VIP_FORM_CACHE_KEYS };

/** The fortune types as selector options, 财运 first. */
export const YUN_TYPE_OPTIONS = YUN_TYPES.map((value) => ({ value, label: YUN_TYPE_LABELS[value] }));

/** The 出生 field: a born text (PRODUCT.md#bazi) edited on the birth picker. */
function BornField({ value, onChange }: { value: unknown; onChange: (v: unknown) => void }) {
  const birth = (typeof value === 'string' && fromBornText(value)) || SAMPLE_BIRTH;
  return <BirthPicker value={birth} onChange={(next) => onChange(toBornText(next))} />;
}

/** Props of {@link VipProfileForm}. */
export interface VipProfileFormProps {
  /** The account's saved profile, which the form starts from; null or absent before the first save. */
  profile?: DingzhiProfile | null;
  /** Called after the profile is saved (the dialog closes then). */
  onSaved?: (profile: DingzhiProfile) => void;
  submitLabel?: string;
}

/** The VIP form; starts from the saved profile (what the reader last typed, when they did). */
export function VipProfileForm({ profile = null, onSaved, submitLabel = '保存' }: VipProfileFormProps) {
  const yunType = useSession((s) => s.yunType);
  const saveProfile = useSaveDingzhiProfile();
  const fields = useMemo<FieldSchema[]>(
    () => [
      {
        name: 'name',
        label: '姓名',
        type: 'text',
        required: '请填写姓名',
        maxlength: NAME_MAX_LENGTH,
        placeholder: '请输入姓名',
        cacheKey: VIP_FORM_CACHE_KEYS.name,
      },
      {
        name: 'sex',
        label: '性别',
        type: 'radio',
        required: '请选择性别',
        options: [
          { label: '男', value: '男' },
          { label: '女', value: '女' },
        ],
        cacheKey: VIP_FORM_CACHE_KEYS.sex,
      },
      {
        name: 'born',
        label: '出生时间',
        type: 'custom',
        required: '请选择出生时间',
        cacheKey: VIP_FORM_CACHE_KEYS.born,
        validate: (value) => {
          const birth = typeof value === 'string' ? fromBornText(value) : null;
          return birth ? (birthError(birth) ?? undefined) : '请选择出生时间';
        },
        render: (value, onChange) => <BornField value={value} onChange={onChange} />,
      },
      {
        name: 'yunType',
        label: '运势类型',
        type: 'selector',
        required: '请选择运势类型',
        options: YUN_TYPE_OPTIONS,
      },
    ],
    [],
  );
  // The start values are read once, when the form opens.
  const [initialValues] = useState(() => ({
    name: profile?.name ?? '',
    sex: profile?.sex ?? '男',
    born: profile?.born ?? toBornText(SAMPLE_BIRTH),
    yunType: isYunType(profile?.yunType) ? profile.yunType : isYunType(yunType) ? yunType : DEFAULT_YUN_TYPE,
  }));

  async function save(values: Record<string, unknown>) {
    const body: DingzhiProfileBody = {
      name: String(values.name ?? '').trim(),
      sex: values.sex === '女' ? '女' : '男',
      born: String(values.born),
      yunType: isYunType(values.yunType) ? values.yunType : DEFAULT_YUN_TYPE,
    };
    let saved: DingzhiProfile;
    try {
      saved = await saveProfile.mutateAsync(body);
    } catch (error) {
      const field = fieldOfRefusal(error);
      throw field ? new FieldError(field, userMessage(error)) : error;
    }
    onSaved?.(saved);
  }

  return (
    <SchemaForm fields={fields} initialValues={initialValues} submitLabel={submitLabel} onSubmit={save} />
  );
}
