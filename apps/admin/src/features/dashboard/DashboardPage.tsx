/**
 * 概览, the console's home for every role: today's and this month's (Beijing) paid orders and revenue
 * — what the paid orders took minus the refunds confirmed in the same period — new users, VIPs whose
 * membership is running, and the month's best-selling courses.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import type { Dashboard, DashboardPeriod } from '@xuanli/contracts/admin-shop';
import { Alert, Button, Card, Col, Empty, Row, Spin, Statistic, Table, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { getDashboard } from '@/api/dashboard';
import { formatDateTime } from '@/lib/dates';
import { errorText } from '@/lib/feedback';
import { formatYuan } from '@/lib/money';

type Course = Dashboard['topCourses'][number];

const COURSE_COLUMNS = [
  { title: '排名', key: 'rank', width: 70, render: (_: unknown, __: Course, index: number) => index + 1 },
  { title: '课程', dataIndex: 'title' },
  { title: '本月报名', dataIndex: 'count', width: 120 },
];

/** The cards of one period. */
function PeriodCards({ name, period }: { name: string; period: DashboardPeriod }) {
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
    </Row>
  );
}

/** The dashboard page. */
export function DashboardPage() {
  const [figures, setFigures] = useState<Dashboard | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    setFailure(null);
    try {
      setFigures(await getDashboard());
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <PageContainer
      title="概览"
      subTitle={figures ? `数据时间 ${formatDateTime(figures.asOf)}（北京时间）` : undefined}
      extra={
        <Button icon={<ReloadOutlined />} loading={loading} onClick={() => void load()}>
          刷新
        </Button>
      }
    >
      {failure ? <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} /> : null}
      {!figures && !failure ? <Spin /> : null}
      {figures ? (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
          <PeriodCards name="今日" period={figures.today} />
          <PeriodCards name="本月" period={figures.month} />
          <Row gutter={16}>
            <Col span={6}>
              <Card>
                <Statistic title="有效 VIP" value={figures.activeVips} suffix="人" />
              </Card>
            </Col>
          </Row>
          <Typography.Text type="secondary">
            营收 = 当期支付订单的实付金额 − 当期已退回买家的金额；“今日”“本月”均按北京时间计算。
          </Typography.Text>
          <Card title="本月热门课程">
            <Table<Course>
              rowKey="courseId"
              size="small"
              pagination={false}
              columns={COURSE_COLUMNS}
              dataSource={figures.topCourses}
              locale={{ emptyText: <Empty description="本月还没有课程报名" /> }}
            />
          </Card>
        </div>
      ) : null}
    </PageContainer>
  );
}
