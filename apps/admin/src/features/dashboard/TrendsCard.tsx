/**
 * 近 30 天: revenue (paid − refunded, per Beijing day as the server counts it), paid orders and new
 * users, each as a chart with its 30-day total. The chart library (≈ 540 KB gzip) loads after the
 * page, so the figures above are readable before the charts arrive.
 */
import type { DashboardTrends } from '@xuanli/contracts/admin-dashboard';
import { DASHBOARD_TREND_DAYS } from '@xuanli/contracts/admin-dashboard-labels';
import { Alert, Card, Col, Row, Skeleton, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { formatYuan } from '@/lib/money';
import type { TrendChartProps } from './TrendChart';
import { trendSeries, trendTotal } from './trend-series';

const LazyTrendChart = lazy(() => import('./TrendChart').then((module) => ({ default: module.TrendChart })));

/** A chart, with a placeholder of its height while the chart library loads. */
function TrendChart(props: TrendChartProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} title={false} />}>
      <LazyTrendChart {...props} />
    </Suspense>
  );
}

/** Money on an axis: whole 元 (the tooltip and the caption keep the fen). */
const yuanAxis = (fen: number) => `¥${Math.round(fen / 100)}`;

/** The least top of the money axis (¥100) and of the count axes. */
const MONEY_FLOOR = 10_000;
const COUNT_FLOOR = 5;

/** The trends card: charts, a failure, or a spinner while they load. */
export function TrendsCard({ trends, failure }: { trends: DashboardTrends | null; failure: string | null }) {
  const span = `${trends?.days[0]?.date ?? ''} 至 ${trends?.days[DASHBOARD_TREND_DAYS - 1]?.date ?? ''}`;
  return (
    <Card title={`近 ${DASHBOARD_TREND_DAYS} 天`} extra={trends ? `${span}（北京时间）` : null}>
      {failure ? <Alert type="error" showIcon message={failure} /> : null}
      {!trends && !failure ? <Spin /> : null}
      {trends ? (
        <Row gutter={[24, 24]}>
          <Col span={8}>
            <TrendChart
              title="每日营收"
              points={trendSeries(trends.days, 'revenue')}
              format={yuanAxis}
              exact={formatYuan}
              floor={MONEY_FLOOR}
              caption={`每日营收 · ${DASHBOARD_TREND_DAYS} 天合计 ${formatYuan(trendTotal(trends.days, 'revenue'))}`}
            />
          </Col>
          <Col span={8}>
            <TrendChart
              title="每日支付订单"
              shape="line"
              points={trendSeries(trends.days, 'paidOrders')}
              format={(n) => `${n} 单`}
              floor={COUNT_FLOOR}
              whole
              caption={`每日支付订单 · ${DASHBOARD_TREND_DAYS} 天合计 ${trendTotal(trends.days, 'paidOrders')} 单`}
            />
          </Col>
          <Col span={8}>
            <TrendChart
              title="每日新用户"
              points={trendSeries(trends.days, 'newUsers')}
              format={(n) => `${n} 人`}
              floor={COUNT_FLOOR}
              whole
              caption={`每日新用户 · ${DASHBOARD_TREND_DAYS} 天合计 ${trendTotal(trends.days, 'newUsers')} 人`}
            />
          </Col>
        </Row>
      ) : null}
    </Card>
  );
}
