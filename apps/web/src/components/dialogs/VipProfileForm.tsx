/**
 * The VIP customisation form (SPEC §4, §6): the birth profile (姓名, 性别, 出生 on the 公历/农历 picker)
 * and the fortune type (财运 事业 感情 健康 学业). Submitting saves `bazi` and `yunType` in the session
 * store, which keeps them locally (SPEC §3). The fields carry cache keys, so what a reader typed
 * survives closing the dialog before saving (SPEC §4).
 */
import { DEFAULT_YUN_TYPE, isYunType, YUN_TYPE_LABELS, YUN_TYPES } from '@xuanli/almanac/bazi/yunType';
import { useMemo, useState } from 'react';
import { type FieldSchema, SchemaForm } from '@/components/SchemaForm';
import { birthError, fromBornText, SAMPLE_BIRTH, toBornText } from '@/lib/birth';
import { type BaziProfile, useSession } from '@/stores/session';
import { BirthPicker } from '../BirthPicker';

/** Longest name kept (as on the 排盘 form). */
const NAME_MAX_LENGTH = 12;

/** Local-storage keys of the form's fields (SPEC §4 cache keys). */
export const VIP_FORM_CACHE_KEYS = {
  name: 'vip-form-name',
  sex: 'vip-form-sex',
  born: 'vip-form-born',
} as const;

/** The fortune types as selector options, 财运 first. */
export const YUN_TYPE_OPTIONS = YUN_TYPES.map((value) => ({ value, label: YUN_TYPE_LABELS[value] }));

/** The 出生 field: a born text (SPEC §3) edited on the birth picker. */
function BornField({ value, onChange }: { value: unknown; onChange: (v: unknown) => void }) {
  const birth = (typeof value === 'string' && fromBornText(value)) || SAMPLE_BIRTH;
  return <BirthPicker value={birth} onChange={(next) => onChange(toBornText(next))} />;
}

/** Props of {@link VipProfileForm}. */
export interface VipProfileFormProps {
  /** Called after the profile and type are saved (the dialog closes then). */
  onSaved?: (bazi: BaziProfile, yunType: string) => void;
  submitLabel?: string;
}

/** The VIP form; starts from the saved profile and type. */
export function VipProfileForm({ onSaved, submitLabel = '保存' }: VipProfileFormProps) {
  const bazi = useSession((s) => s.bazi);
  const yunType = useSession((s) => s.yunType);
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
    name: bazi?.name ?? '',
    sex: bazi?.sex ?? '男',
    born: bazi?.born ?? toBornText(SAMPLE_BIRTH),
    yunType: isYunType(yunType) ? yunType : DEFAULT_YUN_TYPE,
  }));

  function save(values: Record<string, unknown>) {
    const profile: BaziProfile = {
      name: String(values.name ?? '').trim(),
      sex: values.sex === '女' ? '女' : '男',
      born: String(values.born),
    };
    const type = isYunType(values.yunType) ? values.yunType : DEFAULT_YUN_TYPE;
    const { setBazi, setYunType } = useSession.getState();
    setBazi(profile);
    setYunType(type);
    onSaved?.(profile, type);
  }

  return (
    <SchemaForm fields={fields} initialValues={initialValues} submitLabel={submitLabel} onSubmit={save} />
  );
}
