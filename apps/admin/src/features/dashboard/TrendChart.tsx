/**
 * One trend of 概览 as a chart of @ant-design/charts (G2 5): bars for money and counts per day, a
 * line for orders. Drawn as SVG (@antv/g-svg) rather than on a canvas: 30 points are light work for
 * SVG, the axis labels stay text (selectable, read by screen readers and by the tests, whose jsdom
 * has no canvas), and the picture is sharp at any zoom. The figure's caption states the total, so the
 * numbers are there without hovering.
 */
import { Column, Line } from '@ant-design/charts';
import { Renderer } from '@antv/g-svg';
import { Typography } from 'antd';
import { useMemo } from 'react';
import type { TrendPoint } from './trend-series';

/** The console's brand colour (App.tsx's theme). */
const BRAND = '#672f0d';

/** The chart's props. */
export interface TrendChartProps {
  /** The figure's name, e.g. 每日营收. */
  title: string;
  points: TrendPoint[];
  /** How a value reads on the axis (whole ¥ for money, 单 or 人 for counts). */
  format: (value: number) => string;
  /** How a day's value reads when pointed at (¥ to the fen); the axis's when absent. */
  exact?: (value: number) => string;
  /** The caption under the chart, e.g. 30 天合计 ¥1,234.00. */
  caption: string;
  shape?: 'column' | 'line';
  /**
   * The least top of the value axis, so that quiet days do not stretch pennies or a single order over
   * the whole height (e.g. ¥100 for money, 5 for counts).
   */
  floor: number;
  /** Counts: only whole numbers on the axis. */
  whole?: boolean;
}

/** A day-by-day chart with its caption. */
export function TrendChart(props: TrendChartProps) {
  const { title, points, format, exact = props.format, caption, shape = 'column', floor, whole } = props;
  const renderer = useMemo(() => new Renderer(), []);
  const values = points.map((point) => point.value);
  const config = {
    data: points,
    xField: 'day',
    yField: 'value',
    height: 220,
    autoFit: true,
    renderer,
    scale: {
      y: { domainMin: Math.min(0, ...values), domainMax: Math.max(floor, ...values), nice: true },
    },
    axis: {
      x: { title: false, labelAutoHide: true, labelAutoRotate: false },
      y: {
        title: false,
        labelFormatter: (value: number) => format(value),
        ...(whole ? { tickFilter: (value: number) => Number.isInteger(value) } : {}),
      },
    },
    tooltip: {
      title: 'day',
      items: [{ channel: 'y', name: title, valueFormatter: (v: number) => exact(v) }],
    },
    style:
      shape === 'column'
        ? { fill: BRAND, radiusTopLeft: 2, radiusTopRight: 2 }
        : { stroke: BRAND, lineWidth: 2 },
  };
  return (
    <figure aria-label={title} style={{ margin: 0 }}>
      {shape === 'column' ? <Column {...config} /> : <Line {...config} point={{ style: { fill: BRAND } }} />}
      <figcaption>
        <Typography.Text type="secondary">{caption}</Typography.Text>
      </figcaption>
    </figure>
  );
}
