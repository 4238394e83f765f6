import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { QuType } from '../../../common/codes';
import { renderScreen } from '../../testing/renderScreen';
import { answer, fail, server, setupMswServer } from '../../testing/server';
import { QuCreate } from './QuFormPage';
import { QuImportPage } from './QuImportPage';
import { QuList } from './QuList';
import { blankMarker } from './quModel';

setupMswServer();

// jsdom has no layout: ProseMirror (the rich-text editor) asks where text is on screen.
beforeAll(() => {
  document.elementFromPoint = () => null;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
});

const repo = { id: 'r1', title: '消防安全题库', catId: '', catName: '', remark: '', practiceOpen: false, practiceAudience: 1, departIds: [], userIds: [], quCount: 0, stats: [], createTime: 0, updateTime: 0 };
const page = <T,>(records: T[]) => ({ current: 1, size: 10, pages: 1, total: records.length, records });

/** The calls the bank picker and the knowledge point suggestions make. */
function answerRepos() {
  answer('/api/repo/paging', page([repo]));
  answer('/api/repo/detail', repo);
  answer('/api/qu/qu/tags', [{ name: '灭火器', count: 3 }]);
}

const saved = (body: any) => ({ ...body, id: 'q1', repoTitle: repo.title, createTime: 0, updateTime: 0 });

describe('question editor', { timeout: 60_000 }, () => {
  it('refuses a single choice without a right option, says why, then saves once one is chosen', async () => {
    answerRepos();
    const saves = answer('/api/qu/qu/save', saved);
    renderScreen(<QuCreate />, { resource: 'repo/qu', path: '/repo/qu/create?repoId=r1' });
    const ue = userEvent.setup({ delay: null });
    const stem = await screen.findByRole('textbox', { name: '题干' });
    await ue.click(stem);
    await ue.keyboard('灭火器压力表指针在哪个区域表示正常？');
    const options = ['红区', '绿区', '黄区', '任意区域'];
    for (const [i, text] of options.entries()) {
      await ue.click(screen.getByRole('textbox', { name: `选项${'ABCD'[i]}` }));
      await ue.keyboard(text);
    }
    await ue.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findAllByText('单选题必须有且只有一个正确答案')).length).toBeGreaterThan(0);
    expect(saves).toHaveLength(0);

    await ue.click(screen.getByRole('radio', { name: '选项B 正确答案' }));
    await waitFor(() => expect(screen.queryByText('单选题必须有且只有一个正确答案')).toBeNull());
    await ue.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ repoId: 'r1', quType: QuType.SINGLE, level: 1 });
    expect(saves[0].answerList.map((o: any) => [o.content, o.isRight])).toEqual([
      ['<p>红区</p>', false],
      ['<p>绿区</p>', true],
      ['<p>黄区</p>', false],
      ['<p>任意区域</p>', false],
    ]);
    // The preview shows the learner's options, and no right answer.
    const preview = screen.getByRole('region', { name: '预览（学员看到的样子）' });
    expect(within(preview).getByText('绿区')).toBeTruthy();
  });

  it('shows the server refusal when it still refuses', async () => {
    answerRepos();
    server.use(http.post('/api/qu/qu/save', () => fail(1, '题库不存在')));
    renderScreen(<QuCreate />, { resource: 'repo/qu', path: '/repo/qu/create?repoId=r1' });
    const ue = userEvent.setup({ delay: null });
    await ue.click(await screen.findByRole('combobox', { name: /题型/ }));
    await ue.click(await screen.findByRole('option', { name: '简答题' }));
    await ue.click(screen.getByRole('textbox', { name: '题干' }));
    await ue.keyboard('简述灭火器的使用方法');
    await ue.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findAllByText('题库不存在')).length).toBeGreaterThan(0);
  });

  it('inserts blanks into a fill-in stem and keeps one answer list per blank', async () => {
    answerRepos();
    const saves = answer('/api/qu/qu/save', saved);
    renderScreen(<QuCreate />, { resource: 'repo/qu', path: '/repo/qu/create?repoId=r1' });
    const ue = userEvent.setup({ delay: null });
    await ue.click(await screen.findByRole('combobox', { name: /题型/ }));
    await ue.click(await screen.findByRole('option', { name: '填空题' }));
    expect(screen.getByText('在题干中点击“插入填空”放置填空，每个填空在这里设置答案')).toBeTruthy();
    await ue.click(screen.getByRole('textbox', { name: '题干' }));
    await ue.keyboard('火警电话是');
    await ue.click(screen.getByRole('button', { name: '插入填空' }));
    // The cursor stays in the stem, after the blank.
    await ue.keyboard('，急救电话是');
    await ue.click(screen.getByRole('button', { name: '插入填空' }));
    const first = await screen.findByRole('group', { name: '填空 1' });
    const second = screen.getByRole('group', { name: '填空 2' });

    // Saving with empty answers is refused blank by blank.
    await ue.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findAllByText('第1个填空没有答案')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('第2个填空没有答案').length).toBeGreaterThan(0);

    await ue.type(within(first).getByRole('textbox', { name: '填空 1 答案 1' }), '119');
    await ue.click(within(second).getByRole('button', { name: '添加备选答案' }));
    await ue.type(within(second).getByRole('textbox', { name: '填空 2 答案 1' }), '120');
    await ue.type(within(second).getByRole('textbox', { name: '填空 2 答案 2' }), '一二零');
    await ue.click(screen.getByRole('switch', { name: '填空答案可以不按顺序' }));
    await ue.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].content).toBe(`<p>火警电话是${blankMarker(1)}，急救电话是${blankMarker(2)}</p>`);
    expect(saves[0].blanks).toEqual([{ answers: ['119'] }, { answers: ['120', '一二零'] }]);
    expect(saves[0].fillOptions).toMatchObject({ anyOrder: true, ignoreCase: true });
  });

  it('names each matching picker after its left item and saves the pairs chosen', async () => {
    answerRepos();
    const saves = answer('/api/qu/qu/save', saved);
    renderScreen(<QuCreate />, { resource: 'repo/qu', path: '/repo/qu/create?repoId=r1' });
    const ue = userEvent.setup({ delay: null });
    await ue.click(await screen.findByRole('combobox', { name: /题型/ }));
    await ue.click(await screen.findByRole('option', { name: '配对题' }));
    await ue.click(screen.getByRole('textbox', { name: '题干' }));
    await ue.keyboard('把国家和首都配对');
    await ue.click(screen.getByRole('textbox', { name: '左侧第 1 项' }));
    await ue.keyboard('中国');
    await ue.click(screen.getByRole('textbox', { name: '左侧第 2 项' }));
    await ue.keyboard('日本');
    await ue.click(screen.getByRole('textbox', { name: '右侧第 1 项' }));
    await ue.keyboard('北京');
    await ue.click(screen.getByRole('textbox', { name: '右侧第 2 项' }));
    await ue.keyboard('东京');
    // Each row's picker says which left item it pairs: cross the pairs over, then back.
    await ue.click(screen.getByRole('combobox', { name: '左侧第 1 项 配对' }));
    await ue.click(await screen.findByRole('option', { name: '右侧第 2 项：东京' }));
    await ue.click(screen.getByRole('combobox', { name: '左侧第 2 项 配对' }));
    await ue.click(await screen.findByRole('option', { name: '右侧第 1 项：北京' }));
    await ue.click(screen.getByRole('combobox', { name: '左侧第 1 项 配对' }));
    await ue.click(await screen.findByRole('option', { name: '右侧第 1 项：北京' }));
    await ue.click(screen.getByRole('combobox', { name: '左侧第 2 项 配对' }));
    await ue.click(await screen.findByRole('option', { name: '右侧第 2 项：东京' }));
    await ue.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    const right = new Map((saves[0].rightList as Array<{ id: string; content: string }>).map((r) => [r.id, r.content]));
    expect((saves[0].leftList as Array<{ content: string; rightId: string }>).map((l) => [l.content, right.get(l.rightId)])).toEqual([
      ['<p>中国</p>', '<p>北京</p>'],
      ['<p>日本</p>', '<p>东京</p>'],
    ]);
  });

  it('keeps an edit of one field when another field changes before the screen has re-rendered', async () => {
    // Under load React may not re-render between two edits (a render it yields halfway, a batch):
    // each field's change must apply to the latest question, not to the one it last rendered.
    answerRepos();
    const saves = answer('/api/qu/qu/save', saved);
    renderScreen(<QuCreate />, { resource: 'repo/qu', path: '/repo/qu/create?repoId=r1' });
    const ue = userEvent.setup({ delay: null });
    await ue.click(await screen.findByRole('combobox', { name: /题型/ }));
    await ue.click(await screen.findByRole('option', { name: '配对题' }));
    const editorOf = (name: string) => (screen.getByRole('textbox', { name }) as HTMLElement & { editor: Editor }).editor;
    const fields = ['题干', '左侧第 1 项', '左侧第 2 项', '右侧第 1 项', '右侧第 2 项', '解析'];
    const texts = ['把国家和首都配对', '中国', '日本', '北京', '东京', '常识'];
    act(() => {
      fields.forEach((name, i) => editorOf(name).commands.insertContent(texts[i]));
    });
    // What each field shows once the screen has caught up, then what is saved.
    await waitFor(() => expect(fields.map((name) => screen.getByRole('textbox', { name }).textContent)).toEqual(texts));
    await ue.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    const body = saves[0] as { content: string; analysis: string; leftList: Array<{ content: string }>; rightList: Array<{ content: string }> };
    expect([body.content, ...body.leftList.map((l) => l.content), ...body.rightList.map((r) => r.content), body.analysis]).toEqual(texts.map((t) => `<p>${t}</p>`));
  });
});

const item = (index: number, over: object = {}) => ({
  index,
  source: `第${index}题`,
  question: { quType: QuType.SINGLE, content: `<p>第${index}道题</p>`, answerList: [{ id: 'a', content: 'A', isRight: true }, { id: 'b', content: 'B', isRight: false }] },
  errors: [],
  warnings: [],
  duplicate: false,
  ...over,
});

describe('import wizard', { timeout: 60_000 }, () => {
  it('says where a commit waiting behind other imports stands, by the ticket it named it by, until it is done', async () => {
    answerRepos();
    answer('/api/qu/qu/import/parse', { format: 'text', items: [item(1)] });
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const tickets: string[] = [];
    server.use(
      http.post('/api/qu/qu/import/commit', async ({ request }) => {
        tickets.push(new URL(request.url).searchParams.get('jobTicket') ?? '');
        await released;
        return HttpResponse.json({ code: 0, msg: '导入成功', data: { created: 1, warned: 0 } });
      }),
    );
    const asked = answer('/api/sys/job/progress', { state: 'waiting', ahead: 2 });
    renderScreen(<QuImportPage />, { resource: 'repo/qu', path: '/repo/qu/import?repoId=r1' });
    const ue = userEvent.setup({ delay: null });
    await ue.click(await screen.findByRole('radio', { name: '粘贴文本' }));
    fireEvent.change(screen.getByRole('textbox', { name: '粘贴试题文本' }), { target: { value: '1. 题\nA. 甲\nB. 乙\n答案：A' } });
    await ue.click(screen.getByRole('button', { name: '解析预览' }));
    await ue.click(await screen.findByRole('button', { name: '导入 1 道试题' }));
    expect(await screen.findByText('排队中：前面还有 2 个导入或导出任务，轮到后自动开始')).toBeTruthy();
    expect(tickets[0]).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(asked.at(-1)).toEqual({ ticket: tickets[0] });
    release();
    expect(await screen.findByText('已导入 1 道试题')).toBeTruthy();
    expect(screen.queryByText(/排队中/)).toBeNull();
  });

  it('lists every item with its errors, keeps commit off until the broken one is dropped, then reports the count', async () => {
    answerRepos();
    const parses = answer('/api/qu/qu/import/parse', {
      format: 'text',
      items: [item(1), item(2, { errors: [{ field: 'answerList', message: '单选题必须有且只有一个正确答案' }] }), item(3, { duplicate: true })],
    });
    const commits = answer('/api/qu/qu/import/commit', { created: 2, warned: 0 });
    renderScreen(<QuImportPage />, { resource: 'repo/qu', path: '/repo/qu/import?repoId=r1' });
    const ue = userEvent.setup({ delay: null });
    await ue.click(await screen.findByRole('radio', { name: '粘贴文本' }));
    await ue.click(screen.getByRole('button', { name: '解析预览' }));
    expect(await screen.findByText('请粘贴要导入的试题文本')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: '粘贴试题文本' }), { target: { value: '1. 题\nA. 甲\nB. 乙\n答案：A' } });
    await ue.click(screen.getByRole('button', { name: '解析预览' }));
    await waitFor(() => expect(parses).toHaveLength(1));
    // The first reading may tell the format from the content.
    expect(parses[0]).toEqual({ format: 'text', text: '1. 题\nA. 甲\nB. 乙\n答案：A', detect: true, repoId: 'r1' });

    const broken = await screen.findByTestId('import-row-2');
    expect(within(broken).getByText('单选题必须有且只有一个正确答案')).toBeTruthy();
    expect(within(broken).getByText('选项')).toBeTruthy();
    expect(within(screen.getByTestId('import-row-3')).getByText('重复')).toBeTruthy();
    expect(screen.getByText('共 3 道，2 道可导入，1 道有错误，1 道与题库中已有试题重复，0 道有提醒')).toBeTruthy();
    expect(screen.getByTestId('import-read-format').textContent).toContain('按 粘贴文本 格式读取');
    const commit = screen.getByRole('button', { name: '导入 2 道试题' });
    expect((commit as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('还有 1 道试题有错误，请修改或移除后再导入')).toBeTruthy();

    await ue.click(within(broken).getByRole('button', { name: '移除 2' }));
    expect(screen.queryByTestId('import-row-2')).toBeNull();
    await waitFor(() => expect((screen.getByRole('button', { name: '导入 2 道试题' }) as HTMLButtonElement).disabled).toBe(false));
    await ue.click(screen.getByRole('button', { name: '导入 2 道试题' }));
    await waitFor(() => expect(commits).toHaveLength(1));
    expect(commits[0].repoId).toBe('r1');
    expect(commits[0].level).toBe(1);
    expect(commits[0].items.map((q: any) => q.content)).toEqual(['<p>第1道题</p>', '<p>第3道题</p>']);
    expect(await screen.findByText('已导入 2 道试题')).toBeTruthy();
  });

  it('fixes a broken item in the editor: apply only once it is answerable, then it may be committed', async () => {
    answerRepos();
    answer('/api/qu/qu/import/parse', {
      format: 'text',
      items: [item(1, { question: { quType: QuType.SINGLE, content: '<p>坏题</p>', answerList: [{ id: 'a', content: 'A', isRight: false }, { id: 'b', content: 'B', isRight: false }] }, errors: [{ field: 'answerList', message: '单选题必须有且只有一个正确答案' }] })],
    });
    const commits = answer('/api/qu/qu/import/commit', { created: 1, warned: 0 });
    renderScreen(<QuImportPage />, { resource: 'repo/qu', path: '/repo/qu/import?repoId=r1' });
    const ue = userEvent.setup({ delay: null });
    await ue.click(await screen.findByRole('radio', { name: '粘贴文本' }));
    fireEvent.change(screen.getByRole('textbox', { name: '粘贴试题文本' }), { target: { value: '1. 坏题' } });
    await ue.click(screen.getByRole('button', { name: '解析预览' }));
    await ue.click(await screen.findByRole('button', { name: '修改 1' }));
    const dialog = await screen.findByRole('dialog');
    await ue.click(within(dialog).getByRole('button', { name: '应用修改' }));
    expect(within(dialog).getAllByText('单选题必须有且只有一个正确答案').length).toBeGreaterThan(0);
    await ue.click(within(dialog).getByRole('radio', { name: '选项A 正确答案' }));
    await ue.click(within(dialog).getByRole('button', { name: '应用修改' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(screen.getByTestId('import-row-1')).getByText('无问题')).toBeTruthy();
    await ue.click(screen.getByRole('button', { name: '导入 1 道试题' }));
    await waitFor(() => expect(commits).toHaveLength(1));
    expect(commits[0].items[0].answerList.map((o: any) => o.isRight)).toEqual([true, false]);
  });

  it('fixes a single choice imported with two right options by choosing the one meant', async () => {
    answerRepos();
    answer('/api/qu/qu/import/parse', {
      format: 'text',
      items: [item(1, { question: { quType: QuType.SINGLE, content: '<p>火警电话</p>', answerList: [{ id: 'a', content: '110', isRight: true }, { id: 'b', content: '119', isRight: true }] }, errors: [{ field: 'answerList', message: '单选题必须有且只有一个正确答案' }] })],
    });
    const commits = answer('/api/qu/qu/import/commit', { created: 1, warned: 0 });
    renderScreen(<QuImportPage />, { resource: 'repo/qu', path: '/repo/qu/import?repoId=r1' });
    const ue = userEvent.setup({ delay: null });
    await ue.click(await screen.findByRole('radio', { name: '粘贴文本' }));
    fireEvent.change(screen.getByRole('textbox', { name: '粘贴试题文本' }), { target: { value: '1. 火警电话\nA. 110\nB. 119\n答案：AB' } });
    await ue.click(screen.getByRole('button', { name: '解析预览' }));
    await ue.click(await screen.findByRole('button', { name: '修改 1' }));
    const dialog = await screen.findByRole('dialog');
    const [a, b] = [within(dialog).getByRole('radio', { name: '选项A 正确答案' }), within(dialog).getByRole('radio', { name: '选项B 正确答案' })] as HTMLInputElement[];
    expect([a.checked, b.checked]).toEqual([true, true]);
    // B is already on: choosing it leaves it the only right option.
    await ue.click(b);
    await waitFor(() => expect(a.checked).toBe(false));
    expect(b.checked).toBe(true);
    await ue.click(within(dialog).getByRole('button', { name: '应用修改' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await ue.click(screen.getByRole('button', { name: '导入 1 道试题' }));
    await waitFor(() => expect(commits).toHaveLength(1));
    expect(commits[0].items[0].answerList.map((o: any) => o.isRight)).toEqual([false, true]);
  });
});

describe('import warnings and formats', { timeout: 60_000 }, () => {
  const weights = { field: 'answerList', message: '权重已忽略：选项A（50%）改按错误选项计分，正确答案只有选项B' };
  const feedback = { field: 'analysis', message: '判断题的反馈已并入解析' };

  it('says which format the content was read as, shows warnings apart from errors without blocking, re-reads in another format, and reports them', async () => {
    answerRepos();
    const parses = answer('/api/qu/qu/import/parse', (body: any) =>
      body.format === 'gift' || body.detect
        ? { format: 'gift', namedFormat: 'text', warned: 2, items: [item(1, { warnings: [weights] }), item(2, { warnings: [feedback] }), item(3)] }
        : { format: 'text', warned: 0, items: [item(1, { errors: [{ field: '', message: '没有找到答案' }] })] },
    );
    const commits = answer('/api/qu/qu/import/commit', { created: 3, warned: 2 });
    renderScreen(<QuImportPage />, { resource: 'repo/qu', path: '/repo/qu/import?repoId=r1' });
    const ue = userEvent.setup({ delay: null });
    await ue.click(await screen.findByRole('radio', { name: '粘贴文本' }));
    fireEvent.change(screen.getByRole('textbox', { name: '粘贴试题文本' }), { target: { value: '::电话:: 火警 {~%50%110 =119}' } });
    await ue.click(screen.getByRole('button', { name: '解析预览' }));

    const first = await screen.findByTestId('import-row-1');
    expect(screen.getByTestId('import-read-format').textContent).toContain('按 GIFT（Moodle） 格式读取：文件内容是 GIFT（Moodle），不是 粘贴文本');
    expect(screen.getByText('共 3 道，3 道可导入，0 道有错误，0 道与题库中已有试题重复，2 道有提醒')).toBeTruthy();
    const warning = within(first).getByRole('list', { name: '提醒' });
    // The sign is announced as 提醒 before the field and the message.
    expect(warning.textContent).toBe('提醒选项：权重已忽略：选项A（50%）改按错误选项计分，正确答案只有选项B');
    expect(within(first).getByText('可导入')).toBeTruthy();
    expect(within(screen.getByTestId('import-row-3')).getByText('无问题')).toBeTruthy();
    expect((screen.getByRole('button', { name: '导入 3 道试题' }) as HTMLButtonElement).disabled).toBe(false);

    // Only the warned ones.
    await ue.click(screen.getByRole('switch', { name: '只看有提醒的' }));
    expect(screen.queryByTestId('import-row-3')).toBeNull();
    await ue.click(screen.getByRole('switch', { name: '只看有提醒的' }));

    // Read as plain text: exactly that format, then back as GIFT.
    await ue.click(screen.getByRole('combobox', { name: '改用其他格式读取' }));
    await ue.click(await screen.findByRole('option', { name: '粘贴文本' }));
    await waitFor(() => expect(parses).toHaveLength(2));
    expect(parses[1]).toEqual({ format: 'text', text: '::电话:: 火警 {~%50%110 =119}', detect: false, repoId: 'r1' });
    await waitFor(() => expect(screen.getByText('共 1 道，0 道可导入，1 道有错误，0 道与题库中已有试题重复，0 道有提醒')).toBeTruthy());
    expect(screen.getByTestId('import-read-format').textContent).toContain('按 粘贴文本 格式读取');
    await ue.click(screen.getByRole('combobox', { name: '改用其他格式读取' }));
    await ue.click(await screen.findByRole('option', { name: 'GIFT（Moodle）' }));
    await waitFor(() => expect(parses).toHaveLength(3));
    expect(parses[2]).toMatchObject({ format: 'gift', detect: false });
    await screen.findByText('共 3 道，3 道可导入，0 道有错误，0 道与题库中已有试题重复，2 道有提醒');

    await ue.click(screen.getByRole('button', { name: '导入 3 道试题' }));
    await waitFor(() => expect(commits).toHaveLength(1));
    expect(commits[0].warnings).toEqual([1, 1, 0]);
    expect(await screen.findByText('已导入 3 道试题，其中 2 道带有提醒，已按提醒所说的方式导入')).toBeTruthy();
    const report = screen.getByTestId('import-report-warnings');
    expect(within(report).getByText('判断题的反馈已并入解析')).toBeTruthy();
    expect(within(report).queryByText('第3道题')).toBeNull();
  });
});

describe('question list', { timeout: 60_000 }, () => {
  it('opens filtered to the bank and sends the chosen type and stem text with it', async () => {
    answerRepos();
    const pagings = answer('/api/qu/qu/paging', page([{ id: 'q1', repoId: 'r1', quType: QuType.FILL, level: 2, content: `<p>火警电话是${blankMarker(1)}</p>`, tags: ['消防'], createTime: 0, updateTime: 0 }]));
    renderScreen(<QuList />, { resource: 'repo/qu', path: `/repo/qu?filter=${encodeURIComponent(JSON.stringify({ repoId: 'r1' }))}` });
    const ue = userEvent.setup({ delay: null });
    const row = (await screen.findByText('火警电话是＿＿')).closest('tr')!;
    expect(within(row).getByText('填空题')).toBeTruthy();
    expect(within(row).getByText('较难')).toBeTruthy();
    expect(within(row).getByText('消防')).toBeTruthy();
    expect(pagings[0].params).toMatchObject({ repoId: 'r1' });
    // In the bank's own order, as the server pages: the list asks for no other.
    expect(pagings[0].orders ?? []).toEqual([]);

    await ue.click(screen.getByRole('combobox', { name: '题型' }));
    await ue.click(await screen.findByRole('option', { name: '填空题' }));
    await ue.type(screen.getByRole('textbox', { name: '题干' }), '火警');
    await ue.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(pagings.at(-1).params).toMatchObject({ repoId: 'r1', quType: QuType.FILL, content: '火警' }));
    expect(screen.getByRole('link', { name: '新增' }).getAttribute('href')).toBe('/repo/qu/create?repoId=r1');
    expect(screen.getByRole('link', { name: '导入' }).getAttribute('href')).toBe('/repo/qu/import?repoId=r1');
  });

  it('moves the selected questions to another bank', async () => {
    answerRepos();
    answer('/api/qu/qu/paging', page([{ id: 'q1', repoId: 'r1', quType: QuType.SHORT, level: 1, content: '<p>简述</p>', tags: [], createTime: 0, updateTime: 0 }]));
    answer('/api/repo/paging', page([repo, { ...repo, id: 'r2', title: '电气安全题库' }]));
    const batches = answer('/api/qu/qu/batch', 1);
    renderScreen(<QuList />, { resource: 'repo/qu', path: `/repo/qu?filter=${encodeURIComponent(JSON.stringify({ repoId: 'r1' }))}` });
    const ue = userEvent.setup({ delay: null });
    const row = (await screen.findByText('简述')).closest('tr')!;
    await ue.click(within(row).getByRole('checkbox'));
    await ue.click(await screen.findByRole('button', { name: '移动到题库' }));
    const dialog = await screen.findByRole('dialog');
    await ue.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(within(dialog).getByText('请选择题库')).toBeTruthy();
    await ue.click(within(dialog).getByRole('combobox', { name: '目标题库' }));
    expect(screen.queryByRole('option', { name: '消防安全题库' })).toBeNull();
    await ue.click(await screen.findByRole('option', { name: '电气安全题库' }));
    await ue.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(batches).toEqual([{ ids: ['q1'], repoId: 'r2', action: 'move' }]));
    expect(await screen.findByText('已移动 1 道试题')).toBeTruthy();
  });
});
