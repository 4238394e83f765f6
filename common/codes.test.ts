import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import {
  Bool,
  CycleType,
  ExamOpenType,
  ExamResult,
  GenericState,
  MenuType,
  PaperState,
  QuLevel,
  QuType,
  RoleType,
  UserState,
  labelOf,
  type CodeSet,
} from './codes';

const zh = (set: CodeSet) => set.map((c) => [c.value, c.label]);

describe('code tables of spec section 3', () => {
  it.each([
    ['UserState', UserState.items, [[0, '正常'], [1, '禁用'], [2, '待审核']]],
    ['GenericState', GenericState.items, [[0, '正常'], [1, '禁用']]],
    ['QuType', QuType.items, [[1, '单选题'], [2, '多选题'], [3, '判断题'], [4, '简答题'], [5, '填空题'], [6, '配对题'], [99, '组合题']]],
    ['ExamResult', ExamResult.items, [[1, '通过'], [0, '未通过']]],
    ['PaperState', PaperState.items, [[0, '考试中'], [1, '待阅卷'], [2, '已完成'], [3, '已弃考']]],
    ['ExamOpenType', ExamOpenType.items, [[1, '完全公开'], [2, '指定部门'], [3, '指定人员'], [9, '需要密码']]],
    ['QuLevel', QuLevel.items, [[1, '普通'], [2, '较难']]],
    ['MenuType', MenuType.items, [[1, '菜单'], [2, '功能'], [3, '路由']]],
    ['CycleType', CycleType.items, [[1, '每日'], [2, '每周'], [3, '每月']]],
    ['Bool', Bool.items, [[1, '是'], [0, '否']]],
    ['RoleType', RoleType.items, [[1, '学员'], [2, '管理员']]],
  ])('%s has the spec values and labels', (_name, set, expected) => {
    expect(zh(set)).toEqual(expected);
  });

  it('names its values', () => {
    expect(PaperState.AWAITING_MARK).toBe(1);
    expect(QuType.COMBINED).toBe(99);
    expect(ExamOpenType.PASSWORD).toBe(9);
    expect(RoleType.ADMIN).toBe(2);
  });

  it('validates exactly its values', () => {
    expect(Value.Check(PaperState.schema, 3)).toBe(true);
    expect(Value.Check(PaperState.schema, 4)).toBe(false);
    expect(Value.Check(QuType.schema, 99)).toBe(true);
    expect(Value.Check(QuType.schema, '1')).toBe(false);
    expect(QuType.has(6)).toBe(true);
    expect(QuType.has(7)).toBe(false);
  });

  it('labels in both languages, empty for unknown or missing codes', () => {
    expect(QuType.label(99)).toBe('组合题');
    expect(UserState.label(2, 'en')).toBe('Pending review');
    expect(Bool.label(0, 'en')).toBe('No');
    expect(ExamResult.label(0)).toBe('未通过');
    expect(QuType.label(7)).toBe('');
    expect(labelOf(PaperState.items, null)).toBe('');
    expect(PaperState.label(undefined, 'en')).toBe('');
  });
});
