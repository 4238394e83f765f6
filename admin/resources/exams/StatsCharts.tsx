import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, BoxplotChart, RadarChart, ScatterChart } from 'echarts/charts';
import { GridComponent, MarkLineComponent, RadarComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import Box from '@mui/material/Box';
import { useTheme, type Theme } from '@mui/material/styles';
import type { StatsBand, StatsDepart, StatsMastery } from '../../../common/api';
import { bandLabel, figure } from './statsFormat';

// Only what the statistics draw (bars, box plots, a radar, marker lines, the grid and the tooltip), as SVG.
// This file is its own chunk: the page's figures and tables show before ECharts has loaded.
echarts.use([BarChart, BoxplotChart, RadarChart, ScatterChart, GridComponent, MarkLineComponent, RadarComponent, TooltipComponent, SVGRenderer]);

const PASS = '#f5222d';
const EXCELLENT = '#52c41a';

function axisStyle(theme: Theme) {
  const text = theme.palette.text.secondary;
  const line = theme.palette.divider;
  return { text, line, label: { color: text, fontSize: 11 } };
}

function Chart({ option, label, height }: { option: object; label: string; height: number }) {
  return (
    <Box role="img" aria-label={label} sx={{ minWidth: 0 }}>
      <ReactEChartsCore echarts={echarts} option={option} notMerge opts={{ renderer: 'svg' }} style={{ height, width: '100%' }} />
    </Box>
  );
}

/**
 * 分数直方图: one bar per score band, with the pass and excellence lines. The lines sit on a hidden
 * value axis over the same width (from the first band's start to the last band's end), so they fall
 * inside their band where the score lies rather than on a band's centre.
 */
export function ScoreHistogram({ bands, qualifyScore, excellentScore }: { bands: StatsBand[]; qualifyScore: number; excellentScore: number }) {
  const translate = useTranslate();
  const theme = useTheme();
  const { option, label } = useMemo(() => {
    const a = axisStyle(theme);
    const total = bands.reduce((n, b) => n + b.count, 0);
    const top = bands.reduce<StatsBand | null>((best, b) => (best === null || b.count > best.count ? b : best), null);
    const min = bands.length ? bands[0].from : 0;
    const max = bands.length ? bands[bands.length - 1].to : 100;
    const line = (name: string, value: number, color: string) => ({
      xAxis: value,
      lineStyle: { color, type: 'dashed', width: 1.5 },
      label: { formatter: `${name} ${figure(value)}`, color, fontSize: 11, position: 'end' },
    });
    return {
      label: translate('examhall.stats.histogramSummary', {
        n: total,
        band: top ? bandLabel(top) : '—',
        count: top?.count ?? 0,
        pass: figure(qualifyScore),
      }),
      option: {
        animation: false,
        grid: { left: 4, right: 12, top: 28, bottom: 4, containLabel: true },
        tooltip: {
          trigger: 'axis',
          confine: true,
          axisPointer: { type: 'shadow' },
          formatter: (items: Array<{ dataIndex: number; value: number }>) => {
            const item = items.find((i) => typeof i.value === 'number');
            if (!item) return '';
            const b = bands[item.dataIndex];
            return `${bandLabel(b)}<br/>${translate('examhall.stats.count')}：<b>${b.count}</b>`;
          },
        },
        xAxis: [
          {
            type: 'category',
            data: bands.map(bandLabel),
            axisTick: { show: false },
            axisLine: { lineStyle: { color: a.line } },
            axisLabel: { ...a.label, hideOverlap: true },
          },
          { type: 'value', min, max, show: false },
        ],
        yAxis: { type: 'value', minInterval: 1, axisLabel: a.label, splitLine: { lineStyle: { color: a.line } } },
        series: [
          {
            type: 'bar',
            name: translate('examhall.stats.count'),
            data: bands.map((b) => b.count),
            barCategoryGap: '12%',
            itemStyle: { color: theme.palette.primary.main, borderRadius: [2, 2, 0, 0] },
          },
          {
            type: 'scatter',
            xAxisIndex: 1,
            data: [],
            silent: true,
            markLine: {
              symbol: 'none',
              silent: true,
              data: [line(translate('examhall.stats.passLine'), qualifyScore, PASS), line(translate('examhall.stats.excellentLine'), excellentScore, EXCELLENT)],
            },
          },
        ],
      },
    };
  }, [bands, qualifyScore, excellentScore, theme, translate]);
  return <Chart option={option} label={label} height={260} />;
}

/**
 * 部门对比: one horizontal box per department (lowest, quartiles, highest of its scores; long names
 * read well on the left), its mean as a dot and the pass mark as a line. The tooltip gives the five
 * numbers and the mean.
 */
export function DepartBoxPlot({ departs, qualifyScore, totalScore }: { departs: StatsDepart[]; qualifyScore: number; totalScore: number }) {
  const translate = useTranslate();
  const theme = useTheme();
  const { option, label } = useMemo(() => {
    const a = axisStyle(theme);
    // Top to bottom in the table's order: a category axis draws its first entry at the bottom.
    const rows = [...departs].reverse();
    const round = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
    const tip = (d: StatsDepart) =>
      [
        `<b>${d.name}</b>（${translate('examhall.stats.count')} ${d.attempts}）`,
        `${translate('examhall.stats.box.max')}：${figure(d.max)}`,
        `${translate('examhall.stats.box.q3')}：${figure(d.q3)}`,
        `${translate('examhall.stats.box.median')}：${figure(d.median)}`,
        `${translate('examhall.stats.box.q1')}：${figure(d.q1)}`,
        `${translate('examhall.stats.box.min')}：${figure(d.min)}`,
        `${translate('examhall.stats.mean')}：${figure(d.mean)}`,
      ].join('<br/>');
    return {
      label: translate('examhall.stats.departsSummary', {
        list: departs.map((d) => translate('examhall.stats.box.summary', { name: d.name, min: figure(d.min), median: figure(d.median), max: figure(d.max) })).join('；'),
      }),
      option: {
        animation: false,
        grid: { left: 4, right: 16, top: 24, bottom: 4, containLabel: true },
        tooltip: { trigger: 'item', confine: true, formatter: (p: { dataIndex: number }) => tip(rows[p.dataIndex]) },
        xAxis: { type: 'value', min: 0, max: totalScore || undefined, axisLabel: a.label, splitLine: { lineStyle: { color: a.line } } },
        yAxis: {
          type: 'category',
          data: rows.map((d) => d.name),
          axisTick: { show: false },
          axisLine: { lineStyle: { color: a.line } },
          axisLabel: { ...a.label, width: 96, overflow: 'truncate' },
        },
        series: [
          {
            type: 'boxplot',
            name: translate('examhall.stats.departs'),
            data: rows.map((d) => [d.min, d.q1, d.median, d.q3, d.max].map(round)),
            boxWidth: [8, 18],
            itemStyle: { color: theme.palette.primary.light, borderColor: theme.palette.primary.main, borderWidth: 1.5 },
            markLine: {
              symbol: 'none',
              silent: true,
              data: [{ xAxis: qualifyScore, lineStyle: { color: PASS, type: 'dashed' }, label: { formatter: translate('examhall.stats.passLine'), color: PASS, fontSize: 11, position: 'end' } }],
            },
          },
          {
            type: 'scatter',
            name: translate('examhall.stats.mean'),
            data: rows.map((d, i) => [round(d.mean), i]),
            symbol: 'diamond',
            symbolSize: 8,
            itemStyle: { color: theme.palette.secondary.main },
            tooltip: { formatter: (p: { dataIndex: number }) => tip(rows[p.dataIndex]) },
          },
        ],
      },
    };
  }, [departs, qualifyScore, totalScore, theme, translate]);
  return <Chart option={option} label={label} height={Math.max(160, 44 + departs.length * 36)} />;
}

/** 知识点得分率: a radar from three knowledge points on, bars below that (a radar of two is a line). */
export function MasteryChart({ mastery }: { mastery: StatsMastery[] }) {
  const translate = useTranslate();
  const theme = useTheme();
  const { option, label } = useMemo(() => {
    const a = axisStyle(theme);
    const name = translate('examhall.stats.scoreRate');
    const label = translate('examhall.stats.masterySummary', { list: mastery.map((m) => `${m.tag} ${figure(m.scoreRate)}%`).join('，') });
    if (mastery.length >= 3)
      return {
        label,
        option: {
          animation: false,
          tooltip: { confine: true },
          radar: {
            radius: '68%',
            center: ['50%', '54%'],
            indicator: mastery.map((m) => ({ name: m.tag, max: 100 })),
            axisName: { color: a.text, fontSize: 11 },
            splitLine: { lineStyle: { color: a.line } },
            splitArea: { show: false },
            axisLine: { lineStyle: { color: a.line } },
          },
          series: [
            {
              type: 'radar',
              name,
              data: [{ value: mastery.map((m) => m.scoreRate), name }],
              symbolSize: 4,
              lineStyle: { color: theme.palette.primary.main, width: 2 },
              itemStyle: { color: theme.palette.primary.main },
              areaStyle: { color: theme.palette.primary.main, opacity: 0.15 },
            },
          ],
        },
      };
    return {
      label,
      option: {
        animation: false,
        grid: { left: 4, right: 36, top: 8, bottom: 4, containLabel: true },
        xAxis: { type: 'value', min: 0, max: 100, axisLabel: { ...a.label, formatter: '{value}%' }, splitLine: { lineStyle: { color: a.line } } },
        yAxis: { type: 'category', data: mastery.map((m) => m.tag), axisTick: { show: false }, axisLabel: a.label },
        series: [
          {
            type: 'bar',
            name,
            data: mastery.map((m) => m.scoreRate),
            barMaxWidth: 18,
            itemStyle: { color: theme.palette.primary.main },
            label: { show: true, position: 'right', formatter: '{c}%', color: a.text, fontSize: 11 },
          },
        ],
      },
    };
  }, [mastery, theme, translate]);
  return <Chart option={option} label={label} height={mastery.length >= 3 ? 300 : 60 + mastery.length * 36} />;
}
