/** Display labels of the coded values of spec section 3 (zh-CN first, English for the admin's en locale). */
export interface CodeLabel {
  value: number;
  label: string;
  en: string;
}

export type CodeSet = readonly CodeLabel[];

export const USER_STATE: CodeSet = [
  { value: 0, label: '正常', en: 'Normal' },
  { value: 1, label: '禁用', en: 'Disabled' },
  { value: 2, label: '待审核', en: 'Pending review' },
];

export const GENERIC_STATE: CodeSet = [
  { value: 0, label: '正常', en: 'Normal' },
  { value: 1, label: '禁用', en: 'Disabled' },
];

export const QUESTION_TYPE: CodeSet = [
  { value: 1, label: '单选题', en: 'Single choice' },
  { value: 2, label: '多选题', en: 'Multiple choice' },
  { value: 3, label: '判断题', en: 'True/false' },
  { value: 4, label: '简答题', en: 'Short answer' },
  { value: 5, label: '填空题', en: 'Fill in the blank' },
  { value: 6, label: '配对题', en: 'Matching' },
  { value: 99, label: '组合题', en: 'Combined' },
];

export const EXAM_RESULT: CodeSet = [
  { value: 1, label: '通过', en: 'Pass' },
  { value: 0, label: '未通过', en: 'Fail' },
];

export const PAPER_STATE: CodeSet = [
  { value: 0, label: '考试中', en: 'In exam' },
  { value: 1, label: '待阅卷', en: 'Awaiting marking' },
  { value: 2, label: '已完成', en: 'Finished' },
  { value: 3, label: '已弃考', en: 'Abandoned' },
];

export const EXAM_OPEN_TYPE: CodeSet = [
  { value: 1, label: '完全公开', en: 'Fully public' },
  { value: 2, label: '指定部门', en: 'Specified departments' },
  { value: 3, label: '指定人员', en: 'Specified people' },
  { value: 9, label: '需要密码', en: 'Password required' },
];

export const QUESTION_LEVEL: CodeSet = [
  { value: 1, label: '普通', en: 'Ordinary' },
  { value: 2, label: '较难', en: 'Harder' },
];

export const MENU_TYPE: CodeSet = [
  { value: 1, label: '菜单', en: 'Menu' },
  { value: 2, label: '功能', en: 'Function' },
  { value: 3, label: '路由', en: 'Route' },
];

export const CYCLE_TYPE: CodeSet = [
  { value: 1, label: '每日', en: 'Daily' },
  { value: 2, label: '每周', en: 'Weekly' },
  { value: 3, label: '每月', en: 'Monthly' },
];

export const BOOLEAN: CodeSet = [
  { value: 1, label: '是', en: 'Yes' },
  { value: 0, label: '否', en: 'No' },
];

export const ROLE_TYPE: CodeSet = [
  { value: 1, label: '学员', en: 'Learner' },
  { value: 2, label: '管理员', en: 'Administrator' },
];

/** The label of a code, '' when the code is not in the set (or is missing). */
export function labelOf(set: CodeSet, value: number | null | undefined, lang: 'zh' | 'en' = 'zh'): string {
  const entry = set.find((item) => item.value === value);
  if (!entry) return '';
  return lang === 'en' ? entry.en : entry.label;
}
