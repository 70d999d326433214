/**
 * 录入节假日: one day, or a run of days (a whole break) that becomes one entry per day, each with the
 * holiday's name, 放假 or 调休上班, and the State Council notice it comes from. An entry of a date
 * already entered replaces it (the server's rule), which the form says before saving.
 */
import {
  ModalForm,
  ProFormDatePicker,
  ProFormDateRangePicker,
  ProFormDependency,
  ProFormRadio,
  ProFormText,
} from '@ant-design/pro-components';
import type { AdminHolidayDay } from '@xuanli/contracts/holidays';
import { Alert } from 'antd';
import type { Dayjs } from 'dayjs';
import { saveHoliday } from '@/api/holidays';
import { daysBetween } from '@/lib/dates';
import { dayjs } from '@/lib/dayjs';
import { errorText, useFeedback } from '@/lib/feedback';
import { filledWithin } from '@/lib/form-rules';
import {
  HOLIDAY_NAME_MAX,
  HOLIDAY_NOTICE_MAX,
  HOLIDAY_RANGE_MAX_DAYS,
  HOLIDAY_YEAR_MAX,
  HOLIDAY_YEAR_MIN,
} from './holiday-limits';

type DateValue = string | Dayjs | null | undefined;

interface HolidayValues {
  mode: 'single' | 'range';
  date?: DateValue;
  range?: [DateValue, DateValue];
  name: string;
  offDay: boolean;
  notice: string;
}

/** 'YYYY-MM-DD' of a picker value (a dayjs while editing, a string once submitted), or null. */
function dateText(value: DateValue): string | null {
  if (!value) return null;
  const day = typeof value === 'string' ? dayjs(value) : value;
  return day.isValid() ? day.format('YYYY-MM-DD') : null;
}

/** The days a form's values enter, in order; empty while the date is not chosen. */
export function daysOfEntry(values: Pick<HolidayValues, 'mode' | 'date' | 'range'>): string[] {
  if (values.mode === 'single') {
    const date = dateText(values.date);
    return date ? [date] : [];
  }
  const first = dateText(values.range?.[0]);
  const last = dateText(values.range?.[1]);
  return first && last && first <= last ? daysBetween(first, last) : [];
}

function inYears(date: string): boolean {
  const year = Number(date.slice(0, 4));
  return year >= HOLIDAY_YEAR_MIN && year <= HOLIDAY_YEAR_MAX;
}

const outOfYears = `日期须在 ${HOLIDAY_YEAR_MIN} 到 ${HOLIDAY_YEAR_MAX} 年之间`;

/** The entry dialog for `year`; `editing` opens it on one entered day (its date fixed). */
export function HolidayForm({
  year,
  editing,
  entered,
  defaultNotice,
  open,
  onOpenChange,
  onSaved,
}: {
  year: number;
  editing: AdminHolidayDay | null;
  /** The dates of the year already entered, to say which ones an entry replaces. */
  entered: ReadonlySet<string>;
  /** The notice the year's entries cite, offered for new ones. */
  defaultNotice: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const { message } = useFeedback();
  const pickerStart = dayjs(`${year}-01-01`);
  return (
    <ModalForm<HolidayValues>
      title={editing ? `修改 ${editing.date}` : `录入 ${year} 年节假日`}
      open={open}
      onOpenChange={onOpenChange}
      width={560}
      modalProps={{ destroyOnHidden: true, maskClosable: false }}
      submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
      initialValues={
        editing
          ? {
              mode: 'single',
              date: editing.date,
              name: editing.name,
              offDay: editing.offDay,
              notice: editing.notice,
            }
          : { mode: 'single', offDay: true, notice: defaultNotice }
      }
      onFinish={async (values) => {
        const days = daysOfEntry(values);
        const saved: string[] = [];
        for (const date of days) {
          try {
            await saveHoliday({
              date,
              name: values.name.trim(),
              offDay: values.offDay,
              notice: values.notice.trim(),
            });
            saved.push(date);
          } catch (error) {
            void message.error(
              `${date} 保存失败：${errorText(error)}${saved.length > 0 ? `（之前的 ${saved.length} 天已保存）` : ''}`,
            );
            if (saved.length > 0) onSaved();
            return false;
          }
        }
        void message.success(days.length === 1 ? `已保存 ${days[0]}` : `已保存 ${days.length} 天`);
        onSaved();
        return true;
      }}
    >
      {editing ? null : (
        <ProFormRadio.Group
          name="mode"
          label="日期"
          radioType="button"
          options={[
            { label: '单日', value: 'single' },
            { label: '连续多天', value: 'range' },
          ]}
        />
      )}
      <ProFormDependency name={['mode']}>
        {({ mode }) =>
          (mode as HolidayValues['mode']) === 'range' ? (
            <ProFormDateRangePicker
              name="range"
              label="起止日期"
              placeholder={['开始日期', '结束日期']}
              fieldProps={{ defaultPickerValue: [pickerStart, pickerStart] }}
              rules={[
                { required: true, message: '请选择起止日期' },
                {
                  validator: (_rule: unknown, value: HolidayValues['range']) => {
                    const days = daysOfEntry({ mode: 'range', range: value });
                    if (days.length === 0) return Promise.resolve();
                    if (!days.every(inYears)) return Promise.reject(new Error(outOfYears));
                    if (days.length > HOLIDAY_RANGE_MAX_DAYS)
                      return Promise.reject(new Error(`一次最多录入 ${HOLIDAY_RANGE_MAX_DAYS} 天`));
                    return Promise.resolve();
                  },
                },
              ]}
              extra="每一天保存为一条记录。"
            />
          ) : (
            <ProFormDatePicker
              name="date"
              label={editing ? '日期' : '哪一天'}
              disabled={!!editing}
              placeholder="选择日期"
              fieldProps={{ defaultPickerValue: pickerStart }}
              rules={[
                { required: true, message: '请选择日期' },
                {
                  validator: (_rule: unknown, value: DateValue) => {
                    const date = dateText(value);
                    return date && !inYears(date) ? Promise.reject(new Error(outOfYears)) : Promise.resolve();
                  },
                },
              ]}
            />
          )
        }
      </ProFormDependency>
      <ProFormText
        name="name"
        label="名称"
        placeholder="如 国庆节；调休上班日填它所属的节日"
        fieldProps={{ maxLength: HOLIDAY_NAME_MAX, showCount: true }}
        rules={filledWithin(HOLIDAY_NAME_MAX, '请输入节日名称', '名称')}
      />
      <ProFormRadio.Group
        name="offDay"
        label="类型"
        radioType="button"
        options={[
          { label: '放假', value: true },
          { label: '调休上班', value: false },
        ]}
        rules={[{ required: true, message: '请选择放假或调休上班' }]}
      />
      <ProFormText
        name="notice"
        label="通知名称"
        placeholder={`如 国务院办公厅关于${year}年部分节假日安排的通知`}
        fieldProps={{ maxLength: HOLIDAY_NOTICE_MAX }}
        rules={filledWithin(HOLIDAY_NOTICE_MAX, '请输入通知名称', '通知名称')}
      />
      {editing ? null : (
        <ProFormDependency name={['mode', 'date', 'range']}>
          {(values) => {
            const replaced = daysOfEntry(values as Pick<HolidayValues, 'mode' | 'date' | 'range'>).filter(
              (date) => entered.has(date),
            );
            return replaced.length > 0 ? (
              <Alert
                type="warning"
                showIcon
                message={`${replaced.join('、')} 已录入，保存后将被替换`}
                style={{ marginBottom: 16 }}
              />
            ) : null;
          }}
        </ProFormDependency>
      )}
    </ModalForm>
  );
}
