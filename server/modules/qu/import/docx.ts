import { IMPORT_MAX_ITEMS } from '../../../../common/api/qu';
import { fail } from '../../../lib/errors';
import { assemble, type Draft } from './assemble';
import { textOf } from './html';
import { readLines, type SourceLine } from './text';
import type { ImportDeps } from './types';

/**
 * Word documents follow the text format (reference §3.3): each paragraph is a line (soft line
 * breaks too), an empty paragraph a blank line. mammoth keeps pictures (uploaded through
 * deps.uploadImage, placed where they stood), bold, italic, underline, sub/superscript and tables.
 * Word's automatic numbering is not text: a numbered paragraph is read as a question, or as an
 * option when it follows a stem or sits one level deeper. Red or highlighted answers cannot be
 * read (mammoth drops colours by design): an 答案： line is needed.
 */

const UNREADABLE = '文件无法读取，请确认是有效的 Word 文档';

const EXT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/bmp': 'bmp', 'image/webp': 'webp', 'image/svg+xml': 'svg' };

interface El {
  name: string;
  open: string;
  children: Node[];
}
type Node = El | string;

const VOID = new Set(['img', 'br', 'hr', 'col', 'wbr']);

/** mammoth's output is well formed: a small tree builder is enough. */
function parseTree(html: string): El {
  const root: El = { name: '', open: '', children: [] };
  const stack: El[] = [root];
  for (const m of html.matchAll(/<(\/?)([a-z][a-z0-9]*)\b[^>]*>|[^<]+|</gi)) {
    const top = stack[stack.length - 1];
    if (!m[2]) {
      top.children.push(m[0]);
      continue;
    }
    const name = m[2].toLowerCase();
    if (m[1]) {
      const at = stack.map((e) => e.name).lastIndexOf(name);
      if (at > 0) stack.length = at;
    } else if (VOID.has(name) || m[0].endsWith('/>')) {
      top.children.push(m[0]);
    } else {
      const el: El = { name, open: m[0], children: [] };
      top.children.push(el);
      stack.push(el);
    }
  }
  return root;
}

const inner = (el: El): string => el.children.map(outer).join('');
function outer(node: Node): string {
  if (typeof node === 'string') return node;
  return `${node.open}${inner(node)}</${node.name}>`;
}

/** The paragraphs of the document as source lines, numbered as Word counts paragraphs. */
export function linesOfHtml(html: string): SourceLine[] {
  const lines: SourceLine[] = [];
  let no = 0;
  let group = 0;
  const paragraph = (html: string, list?: SourceLine['list']) => {
    no += 1;
    html.split(/<br\s*\/?>/i).forEach((part, i) => lines.push({ html: part, text: textOf(part), no, list: i === 0 ? list : undefined }));
  };
  const walkList = (el: El, depth: number, id: number) => {
    for (const li of el.children) {
      if (typeof li === 'string' || li.name !== 'li') continue;
      const nested = li.children.filter((c): c is El => typeof c !== 'string' && (c.name === 'ol' || c.name === 'ul'));
      paragraph(li.children.filter((c) => !nested.includes(c as El)).map(outer).join(''), { ordered: el.name === 'ol', depth, group: id });
      for (const n of nested) walkList(n, depth + 1, id);
    }
  };
  for (const node of parseTree(html).children) {
    if (typeof node === 'string') {
      if (node.trim()) paragraph(node);
    } else if (node.name === 'ol' || node.name === 'ul') {
      group += 1;
      walkList(node, 1, group);
    } else if (node.name === 'table') {
      no += 1;
      const table = outer(node);
      lines.push({ html: table, text: textOf(table), no });
    } else if (/^(p|h[1-6])$/.test(node.name)) {
      paragraph(inner(node));
    } else {
      paragraph(outer(node));
    }
  }
  return lines;
}

export async function parseDocx(buffer: Buffer, deps: ImportDeps, max = IMPORT_MAX_ITEMS): Promise<Draft[]> {
  const failures: string[] = [];
  let count = 0;
  let html: string;
  try {
    // Loaded when a Word file is read: a pasted text's worker starts without it.
    const { default: mammoth } = await import('mammoth');
    const result = await mammoth.convertToHtml(
      { buffer },
      {
        convertImage: mammoth.images.imgElement(async (image) => {
          count += 1;
          const n = count;
          try {
            const data = await image.readAsBuffer();
            const src = await deps.uploadImage(data, image.contentType, `image${n}.${EXT[image.contentType] ?? 'bin'}`);
            return { src };
          } catch (err) {
            failures[n] = err instanceof Error && err.message ? err.message : '上传失败';
            return { src: `upload-failed:${n}` };
          }
        }),
        styleMap: ['u => u'],
        ignoreEmptyParagraphs: false,
        externalFileAccess: false,
      },
    );
    html = result.value;
  } catch {
    throw fail(UNREADABLE);
  }
  // Word's bookmarks (_Toc…, _Hlk…) come out as empty anchors: nothing to keep.
  html = html.replace(/<a id="[^"]*"><\/a>/g, '');
  // A picture that could not be stored stays visible as a note, and its question says why.
  html = html.replace(/<img\b[^>]*src="upload-failed:(\d+)"[^>]*>/g, (_m, n: string) => `【图片无法导入${n}】`);
  return readLines(linesOfHtml(html), '段', max).map((raw) => {
    const draft = assemble(raw);
    const json = JSON.stringify(draft.question);
    for (const m of json.matchAll(/【图片无法导入(\d+)】/g)) {
      draft.errors.push({ field: '', message: `第${m[1]}张图片无法导入：${failures[Number(m[1])]}` });
    }
    return draft;
  });
}
