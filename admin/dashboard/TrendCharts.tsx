import { useMemo } from 'react';
import { useTranslate, type TranslateFunction as Translate } from 'react-admin';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useTheme, type Theme } from '@mui/material/styles';
import type { TrendPoint } from '../../common/api';

// Only what these charts draw (bars, a line, the grid and the tooltip), as SVG: crisp on any
// screen and a fraction of ECharts' full build. This file is its own chunk, loaded after the
// dashboard's figures.
echarts.use([BarChart, LineChart, GridComponent, TooltipComponent, SVGRenderer]);

type Metric = 'examsTaken' | 'avgScore' | 'completions' | 'practiceAnswers';

const CHARTS: Array<{ metric: Metric; kind: 'bar' | 'line'; color: string }> = [
  { metric: 'examsTaken', kind: 'bar', color: '#1890ff' },
  { metric: 'avgScore', kind: 'line', color: '#52c41a' },
  { metric: 'completions', kind: 'bar', color: '#722ed1' },
  { metric: 'practiceAnswers', kind: 'bar', color: '#fa8c16' },
];

const shortDate = (date: string) => date.slice(5);

function chartOption(points: TrendPoint[], metric: Metric, kind: 'bar' | 'line', color: string, name: string, theme: Theme) {
  const text = theme.palette.text.secondary;
  const line = theme.palette.divider;
  const rate = metric === 'avgScore';
  return {
    animation: false,
    grid: { left: 4, right: 8, top: 12, bottom: 2, containLabel: true },
    tooltip: {
      trigger: 'axis',
      confine: true,
      axisPointer: { type: kind === 'bar' ? 'shadow' : 'line' },
      formatter: (items: Array<{ dataIndex: number; value: number | null }>) => {
        const item = items[0];
        const value = item.value === null || item.value === undefined ? '—' : rate ? `${item.value}%` : String(item.value);
        return `${points[item.dataIndex].date}<br/>${name}：<b>${value}</b>`;
      },
    },
    xAxis: {
      type: 'category',
      data: points.map((p) => shortDate(p.date)),
      axisTick: { show: false },
      axisLine: { lineStyle: { color: line } },
      axisLabel: { color: text, fontSize: 11, hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      minInterval: 1,
      splitNumber: 3,
      ...(rate ? { min: 0, max: 100, interval: 50 } : {}),
      axisLabel: { color: text, fontSize: 11, ...(rate ? { formatter: '{value}%' } : {}) },
      splitLine: { lineStyle: { color: line } },
    },
    series: [
      {
        type: kind,
        name,
        data: points.map((p) => p[metric]),
        itemStyle: { color, borderRadius: kind === 'bar' ? [2, 2, 0, 0] : 0 },
        barMaxWidth: 10,
        // A day between days without scores is a lone point: the dot shows it.
        showSymbol: true,
        symbolSize: 5,
        connectNulls: false,
        lineStyle: { width: 2 },
        areaStyle: kind === 'line' ? { color, opacity: 0.08 } : undefined,
      },
    ],
  };
}

/** The chart's figures in words, for whoever cannot see it (its accessible name). */
function summaryOf(translate: Translate, points: TrendPoint[], metric: Metric, name: string): string {
  const days = points.length;
  const values = points.flatMap((p) => (p[metric] === null ? [] : [{ date: p.date, v: p[metric] }]));
  const top = values.reduce<{ date: string; v: number } | null>((best, x) => (best === null || x.v > best.v ? x : best), null);
  if (!top || (metric !== 'avgScore' && top.v === 0)) return translate('dashboard.chartEmpty', { name, days });
  if (metric === 'avgScore') {
    const avg = Math.round((values.reduce((s, x) => s + x.v, 0) / values.length) * 10) / 10;
    return translate('dashboard.chartSummaryRate', { name, days, avg, max: top.v, date: top.date });
  }
  return translate('dashboard.chartSummary', { name, days, total: values.reduce((s, x) => s + x.v, 0), max: top.v, date: top.date });
}

function Headline({ points, metric }: { points: TrendPoint[]; metric: Metric }) {
  const translate = useTranslate();
  if (metric === 'avgScore') {
    const scored = points.filter((p) => p.avgScore !== null);
    const text = scored.length
      ? translate('dashboard.average', { n: Math.round((scored.reduce((s, p) => s + (p.avgScore ?? 0), 0) / scored.length) * 10) / 10 })
      : translate('dashboard.noScore');
    return <>{text}</>;
  }
  return <>{translate('dashboard.total', { n: points.reduce((s, p) => s + p[metric], 0).toLocaleString() })}</>;
}

/** 近 30 天: four small charts, one figure each, readable on a phone (one a row there). */
export default function TrendCharts({ points }: { points: TrendPoint[] }) {
  const translate = useTranslate();
  const theme = useTheme();
  const charts = useMemo(
    () =>
      CHARTS.map((c) => {
        const name = translate(`dashboard.${c.metric}`);
        return { ...c, name, option: chartOption(points, c.metric, c.kind, c.color, name, theme), summary: summaryOf(translate, points, c.metric, name) };
      }),
    [points, theme, translate],
  );
  return (
    <Box sx={{ display: 'grid', gap: { xs: 1.5, sm: 2 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' } }}>
      {charts.map((c) => (
        <Card key={c.metric} component="section" aria-label={c.name} sx={{ p: 2, pb: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600 }}>
              {c.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              <Headline points={points} metric={c.metric} />
            </Typography>
          </Box>
          <Box role="img" aria-label={c.summary}>
            <ReactEChartsCore echarts={echarts} option={c.option} notMerge opts={{ renderer: 'svg' }} style={{ height: 150, width: '100%' }} />
          </Box>
        </Card>
      ))}
    </Box>
  );
}
