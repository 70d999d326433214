/**
 * 概览, the console's home for every role: today's and this month's (Beijing) paid orders and revenue
 * — what the paid orders took minus the refunds confirmed in the same period — new users, VIPs whose
 * membership is running, the last 30 days as charts, and the month's best-selling courses; the VIPs
 * about to lapse for the roles who renew them, and the 开店清单 for admins. Each part loads on its own,
 * so one that fails says so in its card while the others show.
 */
import { ReloadOutlined } from '@ant-design/icons';
import type { DashboardTrends, ExpiringVips, SetupChecklist } from '@xuanli/contracts/admin-dashboard';
import { roleMayUse } from '@xuanli/contracts/admin-labels';
import type { Dashboard, DashboardPeriod } from '@xuanli/contracts/admin-shop';
import { Alert, Button, Card, Col, Row, Spin, Statistic, Typography } from 'antd';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { getDashboard, getDashboardTrends, getExpiringVips, getSetupChecklist } from '@/api/dashboard';
import { CompactTable } from '@/components/CompactTable';
import { PageFrame } from '@/components/PageFrame';
import { formatDateTime } from '@/lib/dates';
import { errorText } from '@/lib/feedback';
import { formatYuan } from '@/lib/money';
import { useOperatorSession } from '@/lib/session';
import { ExpiringVipsCard } from './ExpiringVipsCard';
import { SetupChecklistCard } from './SetupChecklistCard';
import { TrendsCard } from './TrendsCard';

type Course = Dashboard['topCourses'][number];

const COURSE_COLUMNS = [
  { title: '排名', key: 'rank', width: 70, render: (_: unknown, __: Course, index: number) => index + 1 },
  { title: '课程', dataIndex: 'title' },
  { title: '本月报名', dataIndex: 'count', width: 120 },
];

/** The cards of one period, and one more card (`extra`) at the row's end. */
function PeriodCards({ name, period, extra }: { name: string; period: DashboardPeriod; extra?: ReactNode }) {
  return (
    <Row gutter={16}>
      <Col span={6}>
        <Card>
          <Statistic title={`${name}支付订单`} value={period.paidOrders} suffix="单" />
        </Card>
      </Col>
      <Col span={6}>
        <Card>
          <Statistic title={`${name}营收`} value={formatYuan(period.revenue)} />
          <Typography.Text type="secondary">
            收款 {formatYuan(period.paidAmount)}，退款 {formatYuan(period.refundedAmount)}
          </Typography.Text>
        </Card>
      </Col>
      <Col span={6}>
        <Card>
          <Statistic title={`${name}新用户`} value={period.newUsers} suffix="人" />
        </Card>
      </Col>
      {extra ? <Col span={6}>{extra}</Col> : null}
    </Row>
  );
}

/** One part of the page: its answer, its failure (in Chinese), whether it is loading, and how to reload it. */
interface Part<T> {
  data: T | null;
  failure: string | null;
  loading: boolean;
  reload: () => Promise<void>;
}

/** Loads `fetch` when `wanted` (at once, and on each reload); a failure stays in its own part. */
function usePart<T>(fetch: () => Promise<T>, wanted = true): Part<T> {
  const [data, setData] = useState<T | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const reload = useCallback(async () => {
    if (!wanted) return;
    setLoading(true);
    setFailure(null);
    try {
      setData(await fetch());
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setLoading(false);
    }
  }, [fetch, wanted]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, failure, loading, reload };
}

/** The top courses card. */
function TopCourses({ courses }: { courses: Course[] }) {
  return (
    <Card title="本月热门课程">
      <CompactTable<Course>
        rowKey="courseId"
        columns={COURSE_COLUMNS}
        dataSource={courses}
        emptyText="本月还没有课程报名"
      />
    </Card>
  );
}

/** The dashboard page. */
export function DashboardPage() {
  const role = useOperatorSession()?.operator.role ?? 'editor';
  const renewsVips = roleMayUse(role, 'users');
  const figures = usePart<Dashboard>(getDashboard);
  const trends = usePart<DashboardTrends>(getDashboardTrends);
  const vips = usePart<ExpiringVips>(getExpiringVips, renewsVips);
  const setup = usePart<SetupChecklist>(getSetupChecklist, role === 'admin');
  const loading = figures.loading || trends.loading || vips.loading || setup.loading;
  const reloadAll = () => Promise.all([figures.reload(), trends.reload(), vips.reload(), setup.reload()]);

  return (
    <PageFrame
      page="dashboard"
      intro={figures.data ? `数据时间 ${formatDateTime(figures.data.asOf)}（北京时间）` : undefined}
      extra={
        <Button icon={<ReloadOutlined />} loading={loading} onClick={() => void reloadAll()}>
          刷新
        </Button>
      }
    >
      <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        {role === 'admin' ? <SetupChecklistCard checklist={setup.data} failure={setup.failure} /> : null}
        {figures.failure ? <Alert type="error" showIcon message={figures.failure} /> : null}
        {!figures.data && !figures.failure ? <Spin /> : null}
        {figures.data ? (
          <>
            <PeriodCards
              name="今日"
              period={figures.data.today}
              extra={
                <Card>
                  <Statistic title="有效 VIP" value={figures.data.activeVips} suffix="人" />
                </Card>
              }
            />
            <PeriodCards name="本月" period={figures.data.month} />
            <Typography.Text type="secondary">
              营收 = 当期支付订单的实付金额 − 当期已退回买家的金额；“今日”“本月”和每日数据均按北京时间计算。
            </Typography.Text>
          </>
        ) : null}
        <TrendsCard trends={trends.data} failure={trends.failure} />
        <Row gutter={16}>
          {renewsVips ? (
            <Col span={12}>
              <ExpiringVipsCard vips={vips.data} failure={vips.failure} />
            </Col>
          ) : null}
          <Col span={renewsVips ? 12 : 24}>
            {figures.data ? <TopCourses courses={figures.data.topCourses} /> : null}
          </Col>
        </Row>
      </div>
    </PageFrame>
  );
}
