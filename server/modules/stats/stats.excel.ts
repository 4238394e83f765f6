import ExcelJS from 'exceljs';
import { QuType } from '../../../common/codes';
import type { ExamStatsResult } from './stats.model';
import { FLAG_EXPLAIN } from './stats.math';

/**
 * An exam's statistics as one workbook, a sheet per view: 概览 (test figures), 分数段, 部门,
 * 试题分析 (item analysis with flags), 选项分析 (distractors), 知识点 (mastery), 说明 (what each
 * figure means). Built in the statistics worker.
 */

const pct = (v: number | null) => (v === null ? '' : Math.round(v * 100) / 100);
const num = (v: number | null) => (v === null ? '' : Math.round(v * 100) / 100);

function sheet(wb: ExcelJS.Workbook, name: string, header: string[], rows: Array<Array<string | number>>, widths: number[] = []) {
  const ws = wb.addWorksheet(name);
  ws.addRow(header).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  header.forEach((_, i) => (ws.getColumn(i + 1).width = widths[i] ?? 14));
  ws.views = [{ state: 'frozen', ySplit: 1 }];
}

export async function buildStatsWorkbook(title: string, modeLabel: string, r: ExamStatsResult): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const s = r.summary;
  sheet(
    wb,
    '概览',
    ['项目', '值'],
    [
      ['考试', title],
      ['统计范围', modeLabel],
      ['试卷总分', s.totalScore],
      ['及格线', s.qualifyScore],
      ['优秀线', s.excellentScore],
      ['参考人次', s.attempts],
      ['平均分', num(s.mean)],
      ['中位数', num(s.median)],
      ['标准差', num(s.sd)],
      ['偏度', num(s.skewness)],
      ['峰度', num(s.kurtosis)],
      ['内部一致性系数 CIC (%)', pct(s.cic)],
      ['误差率 (%)', pct(s.errorRatio)],
      ['标准误', num(s.standardError)],
      ['及格率 (%)', pct(s.passRate)],
      ['优秀率 (%)', pct(s.excellentRate)],
    ],
    [28, 30],
  );
  sheet(
    wb,
    '分数段',
    ['分数段', '人次', '占比 (%)'],
    s.bands.map((b) => [`${b.from}–${b.to}`, b.count, s.attempts ? pct((100 * b.count) / s.attempts) : '']),
  );
  sheet(
    wb,
    '部门',
    ['部门', '参考人次', '平均分', '及格率 (%)', '最低分', '下四分位数', '中位数', '上四分位数', '最高分'],
    s.byDepart.map((d) => [d.name, d.attempts, num(d.mean), pct(d.passRate), num(d.min), num(d.q1), num(d.median), num(d.q3), num(d.max)]),
    [24],
  );
  sheet(
    wb,
    '试题分析',
    ['序号', '题型', '题目', '分值', '难度系数 (%)', '标准差 (%)', '随机猜对得分 (%)', '区分度指数 (%)', '区分效率 (%)', '有效权重 (%)', '高低分组区分度 D (%)', '点二列相关 (%)', '删除该题后 α (%)', '提示'],
    r.questions.map((q) => [
      q.slot,
      QuType.label(q.quType),
      q.title,
      q.maxScore,
      pct(q.facility),
      pct(q.sd),
      pct(q.randomGuessScore),
      pct(q.discriminationIndex),
      pct(q.discriminativeEfficiency),
      pct(q.effectiveWeight),
      pct(q.upperLowerD),
      pct(q.pointBiserial),
      pct(q.alphaIfDeleted),
      q.flags.join('；'),
    ]),
    [6, 10, 40],
  );
  sheet(
    wb,
    '选项分析',
    ['序号', '题目', '选项', '正确', '全体 (%)', '高分组 (%)', '低分组 (%)'],
    r.questions.flatMap((q) => q.options.map((o, i) => [q.slot, q.title, `${String.fromCharCode(65 + i)}. ${o.content}`, o.isRight ? '✓' : '', pct(o.all), pct(o.upper), pct(o.lower)])),
    [6, 40, 30],
  );
  sheet(
    wb,
    '知识点',
    ['知识点', '题数', '得分率 (%)'],
    r.mastery.map((m) => [m.tag, m.questions, m.scoreRate]),
    [24],
  );
  sheet(
    wb,
    '说明',
    ['提示', '含义'],
    Object.entries(FLAG_EXPLAIN).map(([k, v]) => [k, v]),
    [16, 80],
  );
  return new Uint8Array(await wb.xlsx.writeBuffer());
}
