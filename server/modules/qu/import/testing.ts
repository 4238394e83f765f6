import JSZip from 'jszip';
import type { QuBody, SubQu } from '../../../../common/api/qu';
import { QuLevel, QuType } from '../../../../common/codes';
import { escapeHtml } from '../qu.rules';
import type { ImportDeps, ParsedItem } from './types';

/**
 * Test helpers for the importers (and for API tests that upload files): a fake picture store, a
 * compact readable view of a parsed question, and a minimal .docx writer (mammoth only reads).
 */

/** An uploadImage that remembers what it was given and answers /api/sys/file/get/imgN. */
export function fakeUploads(fail?: (name: string) => string | undefined) {
  const stored: { data: Buffer; contentType: string; name: string; url: string }[] = [];
  const deps: ImportDeps = {
    async uploadImage(data, contentType, name) {
      const refusal = fail?.(name);
      if (refusal) throw new Error(refusal);
      const url = `/api/sys/file/get/img${stored.length + 1}`;
      stored.push({ data, contentType, name, url });
      return url;
    },
  };
  return { deps, stored };
}

type Viewed = Record<string, unknown>;

function viewParts(q: QuBody | SubQu): Viewed {
  const v: Viewed = { type: QuType.label(q.quType), content: q.content };
  if (q.answerList?.length) v.options = q.answerList.map((o) => `${o.isRight ? '*' : ''}${o.content}${o.image ? `[${o.image}]` : ''}`);
  if (q.blanks?.length) v.blanks = q.blanks.map((b) => b.answers.join('/'));
  if (q.refAnswer) v.ref = q.refAnswer;
  if (q.leftList?.length || q.rightList?.length) {
    v.pairs = (q.leftList ?? []).map((l) => `${l.content}=${q.rightList?.find((r) => r.id === l.rightId)?.content ?? '?'}`);
    v.right = (q.rightList ?? []).map((r) => r.content);
  }
  if (q.analysis) v.analysis = q.analysis;
  return v;
}

/** A parsed question as a short plain object: right options starred, blanks as a/b, pairs as left=right. */
export function view(item: ParsedItem | { question: QuBody; errors?: { message: string }[] }): Viewed {
  const q = item.question;
  const v = viewParts(q);
  if (q.level === QuLevel.HARDER) v.level = 2;
  if (q.tags?.length) v.tags = q.tags;
  if (q.subList?.length) v.subs = q.subList.map((s) => ({ ...viewParts(s), ...(s.share !== 1 ? { share: s.share } : {}) }));
  if (item.errors?.length) v.errors = item.errors.map((e) => e.message);
  return v;
}

// ---------- .docx ----------

export type DocxRun =
  | string
  | { text: string; bold?: boolean; italic?: boolean; underline?: boolean; sup?: boolean; sub?: boolean }
  | { image: string }
  | { br: true }
  /** A Word bookmark (_Toc…, _Hlk…). */
  | { bookmark: string };
/** A paragraph: its runs, and optionally Word's automatic numbering (level 0 = 1. 2. …, level 1 = A. B. …). */
export type DocxParagraph = string | { runs: DocxRun[]; numbered?: 0 | 1 };

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

function runXml(run: DocxRun, images: string[]): string {
  if (typeof run === 'string') return `<w:r><w:t xml:space="preserve">${escapeHtml(run)}</w:t></w:r>`;
  if ('br' in run) return '<w:r><w:br/></w:r>';
  if ('bookmark' in run) return `<w:bookmarkStart w:id="9" w:name="${run.bookmark}"/><w:bookmarkEnd w:id="9"/>`;
  if ('image' in run) {
    const n = images.indexOf(run.image) + 1;
    return (
      `<w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="${n}" name="Picture ${n}"/>` +
      '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>' +
      `<pic:nvPicPr><pic:cNvPr id="${n}" name="${run.image}"/><pic:cNvPicPr/></pic:nvPicPr>` +
      `<pic:blipFill><a:blip r:embed="rIdImg${n}"/></pic:blipFill><pic:spPr/></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`
    );
  }
  const props = [
    run.bold ? '<w:b/>' : '',
    run.italic ? '<w:i/>' : '',
    run.underline ? '<w:u w:val="single"/>' : '',
    run.sup ? '<w:vertAlign w:val="superscript"/>' : '',
    run.sub ? '<w:vertAlign w:val="subscript"/>' : '',
  ].join('');
  return `<w:r><w:rPr>${props}</w:rPr><w:t xml:space="preserve">${escapeHtml(run.text)}</w:t></w:r>`;
}

/**
 * A minimal valid .docx: paragraphs (each string is one paragraph, '' an empty one), pictures by
 * name (PNG bytes), and a numbering definition for numbered paragraphs.
 */
export async function makeDocx(paragraphs: DocxParagraph[], pictures: Record<string, Buffer> = {}): Promise<Buffer> {
  const names = Object.keys(pictures);
  const body = paragraphs
    .map((p) => {
      const para = typeof p === 'string' ? { runs: [p] } : p;
      const numPr = para.numbered === undefined ? '' : `<w:pPr><w:numPr><w:ilvl w:val="${para.numbered}"/><w:numId w:val="1"/></w:numPr></w:pPr>`;
      return `<w:p>${numPr}${para.runs.filter((r) => r !== '').map((r) => runXml(r, names)).join('')}</w:p>`;
    })
    .join('');
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Default Extension="png" ContentType="image/png"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '<Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/_rels/document.xml.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rIdNum" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>' +
      names.map((n, i) => `<Relationship Id="rIdImg${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/${n}"/>`).join('') +
      '</Relationships>',
  );
  zip.file(
    'word/numbering.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering xmlns:w="${W}">` +
      '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>' +
      '<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="upperLetter"/><w:lvlText w:val="%2."/></w:lvl></w:abstractNum>' +
      '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>',
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}" ` +
      'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
      'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ' +
      'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
      `xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><w:body>${body}</w:body></w:document>`,
  );
  for (const n of names) zip.file(`word/media/${n}`, pictures[n]);
  return zip.generateAsync({ type: 'nodebuffer' });
}

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
