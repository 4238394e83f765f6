import { describe, expect, it } from 'vitest';
import {
  BOOLEAN,
  CYCLE_TYPE,
  EXAM_OPEN_TYPE,
  EXAM_RESULT,
  GENERIC_STATE,
  MENU_TYPE,
  PAPER_STATE,
  QUESTION_LEVEL,
  QUESTION_TYPE,
  ROLE_TYPE,
  USER_STATE,
  labelOf,
  type CodeSet,
} from './labels';

const zh = (set: CodeSet) => set.map((c) => [c.value, c.label]);

describe('code sets of spec section 3', () => {
  it.each([
    ['USER_STATE', USER_STATE, [[0, '正常'], [1, '禁用'], [2, '待审核']]],
    ['GENERIC_STATE', GENERIC_STATE, [[0, '正常'], [1, '禁用']]],
    ['QUESTION_TYPE', QUESTION_TYPE, [[1, '单选题'], [2, '多选题'], [3, '判断题'], [4, '简答题'], [5, '填空题'], [6, '配对题'], [99, '组合题']]],
    ['EXAM_RESULT', EXAM_RESULT, [[1, '通过'], [0, '未通过']]],
    ['PAPER_STATE', PAPER_STATE, [[0, '考试中'], [1, '待阅卷'], [2, '已完成'], [3, '已弃考']]],
    ['EXAM_OPEN_TYPE', EXAM_OPEN_TYPE, [[1, '完全公开'], [2, '指定部门'], [3, '指定人员'], [9, '需要密码']]],
    ['QUESTION_LEVEL', QUESTION_LEVEL, [[1, '普通'], [2, '较难']]],
    ['MENU_TYPE', MENU_TYPE, [[1, '菜单'], [2, '功能'], [3, '路由']]],
    ['CYCLE_TYPE', CYCLE_TYPE, [[1, '每日'], [2, '每周'], [3, '每月']]],
    ['BOOLEAN', BOOLEAN, [[1, '是'], [0, '否']]],
    ['ROLE_TYPE', ROLE_TYPE, [[1, '学员'], [2, '管理员']]],
  ] as const)('%s', (_name, set, expected) => {
    expect(zh(set)).toEqual(expected);
    set.forEach((c) => expect(c.en).toMatch(/^[A-Z][A-Za-z /]+$/));
  });
});

describe('labelOf', () => {
  it('gives the Chinese label by default and the English one on request', () => {
    expect(labelOf(QUESTION_TYPE, 99)).toBe('组合题');
    expect(labelOf(USER_STATE, 2, 'zh')).toBe('待审核');
    expect(labelOf(USER_STATE, 2, 'en')).toBe('Pending review');
    expect(labelOf(EXAM_RESULT, 0)).toBe('未通过');
    expect(labelOf(BOOLEAN, 0, 'en')).toBe('No');
  });

  it("gives '' for an unknown or missing code", () => {
    expect(labelOf(QUESTION_TYPE, 7)).toBe('');
    expect(labelOf(PAPER_STATE, null)).toBe('');
    expect(labelOf(PAPER_STATE, undefined, 'en')).toBe('');
  });
});
