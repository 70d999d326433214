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
  /** How a value reads (¥ for money, 单 or 人 for counts). */
  format: (value: number) => string;
  /** The caption under the chart, e.g. 30 天合计 ¥1,234.00. */
  caption: string;
  shape?: 'column' | 'line';
}

/** A day-by-day chart with its caption. */
export function TrendChart({ title, points, format, caption, shape = 'column' }: TrendChartProps) {
  const renderer = useMemo(() => new Renderer(), []);
  const config = {
    data: points,
    xField: 'day',
    yField: 'value',
    height: 220,
    autoFit: true,
    renderer,
    axis: {
      x: { title: false, labelAutoHide: true, labelAutoRotate: false },
      y: { title: false, labelFormatter: (value: number) => format(value) },
    },
    tooltip: {
      title: 'day',
      items: [{ channel: 'y', name: title, valueFormatter: (v: number) => format(v) }],
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
