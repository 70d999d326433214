/**
 * 节假日: the days operators entered for a year from the State Council's notice, beside the plan
 * built into the engine. Saving or deleting a day changes the versioned table the API serves, which
 * the app's calendar and the `xuanli` CLI pick up at once. Roles admin and editor.
 */
import { PlusOutlined } from '@ant-design/icons';
import { ProCard } from '@ant-design/pro-components';
import { beijingDateAt } from '@xuanli/almanac/beijingTime';
import type { AdminHolidayDay, AdminHolidayList, HolidayDay } from '@xuanli/contracts/holidays';
import { Alert, Button, Collapse, DatePicker, Empty, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { deleteHoliday, listHolidays } from '@/api/holidays';
import { CompactTable } from '@/components/CompactTable';
import { ConfirmLink } from '@/components/ConfirmLink';
import { PageFrame } from '@/components/PageFrame';
import { formatDateTime, weekdayOf } from '@/lib/dates';
import { dayjs } from '@/lib/dayjs';
import { errorText, useFeedback } from '@/lib/feedback';
import { HolidayForm } from './HolidayForm';
import { HOLIDAY_YEAR_MAX, HOLIDAY_YEAR_MIN } from './holiday-limits';

/** The Beijing year now. */
function currentYear(): number {
  return beijingDateAt(Date.now()).year;
}

function KindTag({ offDay }: { offDay: boolean }) {
  return offDay ? <Tag color="green">放假</Tag> : <Tag color="orange">调休上班</Tag>;
}

function dateCell(date: string) {
  return (
    <span>
      {date} <Typography.Text type="secondary">{weekdayOf(date)}</Typography.Text>
    </span>
  );
}

const BUILT_IN_COLUMNS = [
  { title: '日期', dataIndex: 'date', render: dateCell },
  { title: '名称', dataIndex: 'name' },
  { title: '类型', dataIndex: 'offDay', render: (offDay: boolean) => <KindTag offDay={offDay} /> },
];

/** The holidays page. */
export function HolidaysPage() {
  const { message, showError } = useFeedback();
  const [year, setYear] = useState(currentYear);
  const [list, setList] = useState<AdminHolidayList | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  // The entry dialog: closed (undefined), a new entry (null) or one entered day.
  const [editing, setEditing] = useState<AdminHolidayDay | null | undefined>(undefined);

  const load = useCallback(async (which: number) => {
    setLoading(true);
    setFailure(null);
    try {
      setList(await listHolidays(which));
    } catch (error) {
      setList(null);
      setFailure(errorText(error));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(year);
  }, [year, load]);

  const yearData = list?.years.find((entry) => entry.year === year);
  const days = yearData?.days ?? [];
  const builtIn: HolidayDay[] = yearData?.builtIn ?? [];
  const entered = useMemo(() => new Set(days.map((day) => day.date)), [days]);
  const defaultNotice = days[0]?.notice ?? '';
  const hasBuiltIn = list ? year >= list.builtInYears.from && year <= list.builtInYears.to : false;

  const remove = async (day: AdminHolidayDay) => {
    try {
      await deleteHoliday(day.date);
      void message.success(`已删除 ${day.date} 的录入`);
      await load(year);
    } catch (error) {
      showError(error);
    }
  };

  const columns = [
    { title: '日期', dataIndex: 'date', render: dateCell },
    { title: '名称', dataIndex: 'name' },
    {
      title: '放假或调休上班',
      dataIndex: 'offDay',
      render: (offDay: boolean) => <KindTag offDay={offDay} />,
    },
    { title: '通知', dataIndex: 'notice', ellipsis: true },
    {
      title: '最后修改',
      key: 'updated',
      render: (_: unknown, day: AdminHolidayDay) => `${day.updatedBy} ${formatDateTime(day.updatedAt)}`,
    },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_: unknown, day: AdminHolidayDay) => (
        <Space>
          <Button type="link" size="small" onClick={() => setEditing(day)}>
            修改
          </Button>
          <ConfirmLink
            action="删除"
            title={`删除 ${day.date}（${day.name}）？`}
            description={hasBuiltIn ? '删除后这一天按内置安排显示。' : '删除后这一天不再是节假日或调休日。'}
            dangerOk
            onConfirm={() => remove(day)}
          />
        </Space>
      ),
    },
  ];

  return (
    <PageFrame page="holidays" intro="按国务院办公厅的通知录入放假和调休上班的日期，保存后日历立即生效">
      <ProCard
        title={
          <Space>
            <span>年份</span>
            <DatePicker
              picker="year"
              aria-label="年份"
              allowClear={false}
              value={dayjs(`${year}-01-01`)}
              disabledDate={(date) => date.year() < HOLIDAY_YEAR_MIN || date.year() > HOLIDAY_YEAR_MAX}
              onChange={(date) => {
                if (date) setYear(date.year());
              }}
            />
          </Space>
        }
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            录入节假日
          </Button>
        }
      >
        {failure ? <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} /> : null}
        {yearData?.days.length ? (
          <Typography.Paragraph type="secondary">
            {yearData.days.length} 天已录入，会替代内置安排中的同一天。
          </Typography.Paragraph>
        ) : null}
        <Table<AdminHolidayDay>
          rowKey="date"
          size="middle"
          loading={loading}
          columns={columns}
          dataSource={days}
          pagination={false}
          locale={{
            emptyText: (
              <Empty
                description={
                  hasBuiltIn
                    ? `${year} 年还没有录入，日历使用内置安排`
                    : `${year} 年还没有录入，也没有内置安排`
                }
              />
            ),
          }}
        />
        {list ? (
          <Collapse
            style={{ marginTop: 24 }}
            items={[
              {
                key: 'builtIn',
                label: hasBuiltIn
                  ? `内置安排（${builtIn.length} 天，来自已发布的通知，随版本发布）`
                  : `内置安排：${year} 年没有（内置 ${list.builtInYears.from}–${list.builtInYears.to} 年）`,
                children: (
                  <CompactTable<HolidayDay> rowKey="date" columns={BUILT_IN_COLUMNS} dataSource={builtIn} />
                ),
              },
            ]}
          />
        ) : null}
      </ProCard>

      <HolidayForm
        key={editing === undefined ? 'closed' : (editing?.date ?? 'new')}
        year={year}
        editing={editing ?? null}
        entered={entered}
        defaultNotice={defaultNotice}
        open={editing !== undefined}
        onOpenChange={(open) => {
          if (!open) setEditing(undefined);
        }}
        onSaved={() => void load(year)}
      />
    </PageFrame>
  );
}
