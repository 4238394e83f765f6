import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { departTree } from '../../testing/fixtures';
import { renderScreen } from '../../testing/renderScreen';
import { answer, setupMswServer } from '../../testing/server';
import { NoticeCreate } from './NoticeForm';
import { NoticeList } from './NoticeList';

setupMswServer();

describe('notice form', { timeout: 30_000 }, () => {
  // ProseMirror measures the page (elementFromPoint, client rects), which jsdom does not lay out.
  beforeAll(() => {
    if (!document.elementFromPoint) document.elementFromPoint = () => null;
    const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
    if (!Range.prototype.getClientRects) Range.prototype.getClientRects = emptyRects;
    if (!Range.prototype.getBoundingClientRect) Range.prototype.getBoundingClientRect = () => new DOMRect();
  });

  it('writes rich text as HTML and targets departments', async () => {
    answer('/api/sys/depart/tree', departTree);
    const saves = answer('/api/sys/notice/save', (body: object) => ({ id: 'n1', createByName: '', publishTime: null, createTime: 0, updateTime: 0, ...body }));
    renderScreen(<NoticeCreate />, { resource: 'sys/notice' });
    const ue = userEvent.setup({ delay: null });
    await ue.type(await screen.findByLabelText(/标题/, { selector: 'input' }), '放假通知');
    const editor = screen.getByRole('textbox', { name: '内容' });
    await ue.click(editor);
    // jsdom has no real typing into contenteditable: hand ProseMirror a paste, as a browser would.
    const paste = new Event('paste', { bubbles: true, cancelable: true });
    Object.assign(paste, { clipboardData: { types: ['text/plain'], files: [], getData: (type: string) => (type === 'text/plain' ? '国庆放假' : '') } });
    fireEvent(editor, paste);
    await waitFor(() => expect(editor.textContent).toBe('国庆放假'));
    await ue.keyboard('{Control>}a{/Control}');
    await ue.click(screen.getByRole('button', { name: '粗体' }));
    await waitFor(() => expect(editor.innerHTML).toContain('<strong>国庆放假</strong>'));
    await ue.click(screen.getByRole('button', { name: '无序列表' }));
    expect(editor.querySelector('ul li')).toBeTruthy();

    await ue.click(screen.getByLabelText('指定部门'));
    await ue.click(screen.getByRole('button', { name: /保存/ }));
    expect(await screen.findByText('请至少选择一个部门')).toBeTruthy();
    await ue.click(screen.getByRole('combobox', { name: /发布部门/ }));
    await ue.click(await screen.findByRole('option', { name: '研发部' }));
    await ue.click(screen.getByLabelText('已发布'));
    await ue.click(screen.getByRole('button', { name: /保存/ }));
    await waitFor(() => expect(saves).toHaveLength(1));
    const data = saves[0];
    expect(data).toMatchObject({ title: '放假通知', state: 1, targetType: 2, deptIds: ['d2'] });
    expect(data.content).toBe('<ul><li><p><strong>国庆放假</strong></p></li></ul>');
  });

  it('uploads an image into the content', async () => {
    answer('/api/sys/depart/tree', departTree);
    const uploads = answer('/api/sys/file/upload', { id: 'f1', url: '/api/sys/file/get/f1', name: 'a.png', size: 2 });
    renderScreen(<NoticeCreate />, { resource: 'sys/notice' });
    const editor = await screen.findByRole('textbox', { name: '内容' });
    const image = new File([new Uint8Array([0x89, 0x50])], 'a.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('rich-text-image-file'), { target: { files: [image] } });
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]).toMatchObject({ kind: 'notice' });
    await waitFor(() => expect(editor.querySelector('img[src="/api/sys/file/get/f1"]')).toBeTruthy());
  });

  it('refuses an empty notice', async () => {
    answer('/api/sys/depart/tree', departTree);
    const saves = answer('/api/sys/notice/save', {});
    renderScreen(<NoticeCreate />, { resource: 'sys/notice' });
    const ue = userEvent.setup({ delay: null });
    await ue.type(await screen.findByLabelText(/标题/, { selector: 'input' }), ' ');
    await ue.click(screen.getByRole('button', { name: /保存/ }));
    expect(await screen.findByText('请输入内容')).toBeTruthy();
    expect(saves).toEqual([]);
  });
});

describe('notice list', { timeout: 30_000 }, () => {
  it('shows state and audience labels', async () => {
    answer('/api/sys/notice/paging', {
      current: 1,
      size: 10,
      pages: 1,
      records: [
          { id: 'n1', title: '放假通知', content: '', state: 1, targetType: 1, deptIds: [], createByName: '管理员', publishTime: 1_700_000_000_000, createTime: 0, updateTime: 0 },
          { id: 'n2', title: '草稿公告', content: '', state: 0, targetType: 2, deptIds: ['d1'], createByName: '管理员', publishTime: null, createTime: 0, updateTime: 0 },
      ],
      total: 2,
    });
    renderScreen(<NoticeList />, { resource: 'sys/notice' });
    const row = (await screen.findByText('草稿公告')).closest('tr')!;
    expect(within(row).getByText('草稿')).toBeTruthy();
    expect(within(row).getByText('指定部门')).toBeTruthy();
    expect(within(screen.getByText('放假通知').closest('tr')!).getByText('已发布')).toBeTruthy();
  });
});
