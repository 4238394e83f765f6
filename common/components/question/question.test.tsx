import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { AnswerInput, QuBody } from '../../api/qu';
import { QuType } from '../../codes';
import { QuestionAnswer, QuestionReview, hasAnswer, type AnswerableQu } from '.';

const base = { quId: 'q1', content: '<p>题干</p>', answerList: [], blankCount: 0, leftList: [], rightList: [], subList: [] };

function Harness({ qu, onValue }: { qu: AnswerableQu; onValue: (v: AnswerInput) => void }) {
  const [value, setValue] = useState<AnswerInput>({});
  const [subs, setSubs] = useState<Record<string, AnswerInput>>({});
  return (
    <QuestionAnswer
      qu={qu}
      value={value}
      subValues={subs}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
      onSubChange={(id, v) => {
        setSubs((s) => ({ ...s, [id]: v }));
        onValue(v);
      }}
    />
  );
}

describe('QuestionAnswer', () => {
  it('single choice answers one option id', () => {
    const seen: AnswerInput[] = [];
    const qu = { ...base, quType: QuType.SINGLE, answerList: [{ id: 'a', content: '甲' }, { id: 'b', content: '乙' }] };
    render(<Harness qu={qu} onValue={(v) => seen.push(v)} />);
    fireEvent.click(screen.getByRole('radio', { name: 'B. 乙' }));
    fireEvent.click(screen.getByRole('radio', { name: 'A. 甲' }));
    expect(seen.at(-1)).toEqual({ answers: ['a'] });
  });

  it('multiple choice keeps the options order and unticks', () => {
    const seen: AnswerInput[] = [];
    const qu = { ...base, quType: QuType.MULTIPLE, answerList: ['a', 'b', 'c'].map((id) => ({ id, content: id.toUpperCase() })) };
    render(<Harness qu={qu} onValue={(v) => seen.push(v)} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'C. C' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'A. A' }));
    expect(seen.at(-1)).toEqual({ answers: ['a', 'c'] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'C. C' }));
    expect(seen.at(-1)).toEqual({ answers: ['a'] });
  });

  it('fill in the blank puts an input in each blank of the stem', async () => {
    const seen: AnswerInput[] = [];
    const qu = { ...base, quType: QuType.FILL, blankCount: 2, content: '<p>甲<span data-blank="1"></span>乙<span data-blank="2"></span></p>' };
    const { container } = render(<Harness qu={qu} onValue={(v) => seen.push(v)} />);
    const second = await screen.findByRole('textbox', { name: '第2空' });
    expect(container.querySelector('span[data-blank="2"]')!.contains(second)).toBe(true);
    fireEvent.change(second, { target: { value: '二' } });
    expect(seen.at(-1)).toEqual({ blanks: ['', '二'] });
  });

  it('matching answers pairs in left order', () => {
    const seen: AnswerInput[] = [];
    const qu = {
      ...base,
      quType: QuType.MATCH,
      leftList: [{ id: 'l1', content: '中国' }, { id: 'l2', content: '日本' }],
      rightList: [{ id: 'r1', content: '东京' }, { id: 'r2', content: '北京' }, { id: 'r3', content: '首尔' }],
    };
    render(<Harness qu={qu} onValue={(v) => seen.push(v)} />);
    fireEvent.change(screen.getByRole('combobox', { name: '第2项的配对' }), { target: { value: 'r1' } });
    fireEvent.change(screen.getByRole('combobox', { name: '第1项的配对' }), { target: { value: 'r2' } });
    expect(seen.at(-1)).toEqual({ pairs: [{ leftId: 'l1', rightId: 'r2' }, { leftId: 'l2', rightId: 'r1' }] });
  });

  it('combined shows the material and answers each sub-question by its id', () => {
    const seen: AnswerInput[] = [];
    const qu = {
      ...base,
      quType: QuType.COMBINED,
      content: '<p>材料</p>',
      subList: [{ ...base, quId: 's1', share: 1, quType: QuType.SHORT, content: '<p>小题一</p>' }],
    };
    render(<Harness qu={qu} onValue={(v) => seen.push(v)} />);
    expect(screen.getByText('材料')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: '作答' }), { target: { value: '我的回答' } });
    expect(seen.at(-1)).toEqual({ answer: '我的回答' });
  });

  it('hasAnswer ignores whitespace and empty lists', () => {
    expect(hasAnswer({ blanks: [' ', ''] })).toBe(false);
    expect(hasAnswer({ answers: [] })).toBe(false);
    expect(hasAnswer({ answer: ' x ' })).toBe(true);
  });
});

describe('QuestionReview', () => {
  it('marks the right option and the wrong pick, and shows the analysis', () => {
    const question: QuBody = {
      quType: QuType.SINGLE,
      content: '<p>题干</p>',
      analysis: '<p>因为如此</p>',
      answerList: [{ id: 'a', content: '甲', isRight: true }, { id: 'b', content: '乙', isRight: false }],
    };
    const { container } = render(<QuestionReview question={question} answer={{ answers: ['b'] }} />);
    expect(container.querySelector('[data-right="true"]')!.textContent).toContain('甲');
    expect(container.querySelector('[data-chosen="true"]')!.textContent).toContain('乙');
    expect(screen.getByText('因为如此')).toBeTruthy();
    expect(within(container).getByText(/正确答案/).textContent).toContain('A');
  });

  it('shows each blank with its accepted answers', () => {
    const question: QuBody = { quType: QuType.FILL, content: '<p>甲<span data-blank="1"></span></p>', blanks: [{ answers: ['一', '壹'] }] };
    render(<QuestionReview question={question} answer={{ blanks: ['二'] }} hideAnalysis />);
    expect(screen.getByText('一 / 壹')).toBeTruthy();
    expect(screen.queryByText('答案解析')).toBeNull();
  });
});

describe('QuestionReview without an attempt', () => {
  it('shows only the answer, never a "your answer" line', () => {
    const question: QuBody = {
      quType: QuType.COMBINED,
      content: '<p>材料</p>',
      subList: [
        { quType: QuType.SINGLE, share: 1, content: '<p>小题</p>', answerList: [{ id: 'a', content: '甲', isRight: true }, { id: 'b', content: '乙', isRight: false }] },
        { quType: QuType.FILL, share: 1, content: '<p>填<span data-blank="1"></span></p>', blanks: [{ answers: ['一'] }] },
      ],
    };
    const { container } = render(<QuestionReview question={question} />);
    expect(container.textContent).not.toContain('你的答案');
    expect(container.textContent).toContain('正确答案：A');
  });
});
