import { createEvent, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Form } from 'react-admin';
import { departTree } from '../../testing/fixtures';
import { renderScreen } from '../../testing/renderScreen';
import { answer, server, setupMswServer } from '../../testing/server';
import { NoticeCreate } from '../notices/NoticeForm';
import { RichTextInput } from './RichTextInput';

setupMswServer();

/** 1×1 transparent PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const png = (name = 'shot.png') => new File([Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0))], name, { type: 'image/png' });

/** A clipboard or drag payload as a browser hands it over: some types, maybe files. */
function transfer({ html = '', text = '', files = [] as File[] }) {
  const types = [...(html ? ['text/html'] : []), ...(text ? ['text/plain'] : []), ...(files.length ? ['Files'] : [])];
  return { types, files, items: [], getData: (type: string) => (type === 'text/html' ? html : type === 'text/plain' ? text : '') };
}

function paste(target: HTMLElement, data: ReturnType<typeof transfer>) {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.assign(event, { clipboardData: data });
  fireEvent(target, event);
  return event;
}

function renderEditor() {
  renderScreen(
    <Form>
      <RichTextInput source="content" label="内容" uploadKind="notice" />
    </Form>,
    { resource: 'sys/notice' },
  );
  return screen.findByRole('textbox', { name: '内容' });
}

describe('rich-text editor: pasted and dropped pictures', { timeout: 30_000 }, () => {
  // ProseMirror measures the page (elementFromPoint, client rects), which jsdom does not lay out.
  const original = { elementFromPoint: document.elementFromPoint };
  beforeAll(() => {
    if (!document.elementFromPoint) document.elementFromPoint = () => null;
    const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
    if (!Range.prototype.getClientRects) Range.prototype.getClientRects = emptyRects;
    if (!Range.prototype.getBoundingClientRect) Range.prototype.getBoundingClientRect = () => new DOMRect();
    original.elementFromPoint = document.elementFromPoint;
  });
  afterEach(() => {
    document.elementFromPoint = original.elementFromPoint;
    delete (document as { caretPositionFromPoint?: unknown }).caretPositionFromPoint;
  });

  it('uploads a pasted picture through the file module and links to it, never inlining it', async () => {
    const uploads = answer('/api/sys/file/upload', { id: 'f7', url: '/api/sys/file/get/f7', name: 'shot.png', size: 68 });
    const editor = await renderEditor();
    const event = paste(editor, transfer({ files: [png()] }));
    expect(event.defaultPrevented).toBe(true);
    await waitFor(() => expect(editor.querySelector('img[src="/api/sys/file/get/f7"]')).toBeTruthy());
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ kind: 'notice' });
    // (jsdom's FormData loses the file's name on the way into msw; its bytes arrive.)
    expect(uploads[0].file).toMatchObject({ type: 'image/png', size: png().size });
    expect(editor.innerHTML).not.toContain('data:');
  });

  it('uploads a picture dropped onto the text and puts it there', async () => {
    const uploads = answer('/api/sys/file/upload', { id: 'f8', url: '/api/sys/file/get/f8', name: 'drop.png', size: 68 });
    const editor = await renderEditor();
    paste(editor, transfer({ text: '正文' }));
    await waitFor(() => expect(editor.textContent).toBe('正文'));
    // Where the drop lands: the start of the paragraph (jsdom has no layout to measure).
    const paragraph = editor.querySelector('p')!;
    document.elementFromPoint = () => paragraph;
    Object.assign(document, { caretPositionFromPoint: () => ({ offsetNode: paragraph.firstChild, offset: 0 }) });
    const drop = createEvent.drop(editor, { clientX: 5, clientY: 5 });
    Object.assign(drop, { dataTransfer: transfer({ files: [png('drop.png')] }) });
    fireEvent(editor, drop);
    await waitFor(() => expect(editor.querySelector('img[src="/api/sys/file/get/f8"]')).toBeTruthy());
    expect(uploads).toHaveLength(1);
    expect(drop.defaultPrevented).toBe(true);
    expect(editor.innerHTML).not.toContain('data:');
    expect(editor.textContent).toBe('正文');
    // Before the text, where it was dropped (the cursor was after it).
    expect(editor.innerHTML.indexOf('/api/sys/file/get/f8')).toBeLessThan(editor.innerHTML.indexOf('正文'));
  });

  it('keeps the text of pasted HTML and uploads the pictures inlined in it as data: URLs', async () => {
    const uploads = answer('/api/sys/file/upload', { id: 'f9', url: '/api/sys/file/get/f9', name: 'image-1.png', size: 68 });
    const editor = await renderEditor();
    paste(editor, transfer({ html: `<p>见下图</p><img src="data:image/png;base64,${PNG_BASE64}">`, text: '见下图' }));
    await waitFor(() => expect(editor.querySelector('img[src="/api/sys/file/get/f9"]')).toBeTruthy());
    expect(editor.textContent).toContain('见下图');
    expect(uploads).toHaveLength(1);
    expect((uploads[0].file as File).type).toBe('image/png');
    expect(editor.innerHTML).not.toContain('data:');
  });

  it('pastes copied text as text, not the picture of it that Word puts beside it', async () => {
    const uploads = answer('/api/sys/file/upload', { id: 'fx', url: '/api/sys/file/get/fx', name: 'x.png', size: 68 });
    const editor = await renderEditor();
    paste(editor, transfer({ html: '<p>第一章 总则</p>', text: '第一章 总则', files: [png()] }));
    await waitFor(() => expect(editor.textContent).toBe('第一章 总则'));
    await new Promise((r) => setTimeout(r, 50));
    expect(uploads).toEqual([]);
    expect(editor.querySelector('img')).toBeNull();
  });
});

describe('a notice too large to send', { timeout: 30_000 }, () => {
  beforeAll(() => {
    if (!document.elementFromPoint) document.elementFromPoint = () => null;
    const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
    if (!Range.prototype.getClientRects) Range.prototype.getClientRects = emptyRects;
    if (!Range.prototype.getBoundingClientRect) Range.prototype.getBoundingClientRect = () => new DOMRect();
  });

  it.each([
    ['the server (with the envelope)', () => HttpResponse.json({ code: 10010001, msg: '提交的内容过大', data: null }, { status: 413 })],
    ['a proxy (its own HTML page)', () => new HttpResponse('<html><body>413 Request Entity Too Large</body></html>', { status: 413, headers: { 'content-type': 'text/html' } })],
  ])('says 提交的内容过大 when %s refuses it with HTTP 413', async (_who, refuse) => {
    answer('/api/sys/depart/tree', departTree);
    server.use(http.post('/api/sys/notice/save', refuse));
    renderScreen(<NoticeCreate />, { resource: 'sys/notice' });
    fireEvent.change(await screen.findByLabelText(/标题/, { selector: 'input' }), { target: { value: '长公告' } });
    const editor = screen.getByRole('textbox', { name: '内容' });
    paste(editor, transfer({ text: '很长的内容' }));
    await waitFor(() => expect(editor.textContent).toBe('很长的内容'));
    fireEvent.click(screen.getByRole('button', { name: /保存/ }));
    expect(await screen.findByText('提交的内容过大')).toBeTruthy();
    expect(screen.queryByText(/与服务器失去连接/)).toBeNull();
  });
});
