import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { ImportIssue, QuBody, QuOption } from '../../../../common/api/qu';
import { QuType } from '../../../../common/codes';
import { fail } from '../../../lib/errors';
import { blankMarker, escapeHtml, JUDGE_FALSE, JUDGE_TRUE, newItemId } from '../qu.rules';
import type { Draft } from './assemble';
import { replaceInText, textOf, textToHtml } from './html';
import type { ImportDeps } from './types';

/**
 * Moodle XML (reference §3.5): multichoice → single/multiple choice (by <single>, right = fraction
 * > 0); truefalse → true/false; shortanswer → fill in the blank with one blank (where the stem
 * shows ___, else after it; answers of full credit; <usecase>1 = case-sensitive); matching →
 * matching (subquestions without text are distractors); essay → short answer (graderinfo = the
 * reference answer); cloze (multianswer) → fill in the blank, one blank per embedded answer
 * (SHORTANSWER / MULTICHOICE parts accept their right answers; NUMERICAL with no tolerance accepts
 * the number); numerical, description and any other type → an error item. Pictures
 * (@@PLUGINFILE@@ with base64 <file>) are uploaded. <tags> become knowledge points; categories are
 * ignored (the import goes to the bank chosen in the preview).
 */

const UNREADABLE = '文件无法读取，请确认是有效的 Moodle XML 文件';

type XmlNode = Record<string, any>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => ['question', 'answer', 'subquestion', 'file', 'tag'].includes(name),
});

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : v && typeof v === 'object' && '#text' in v ? str((v as XmlNode)['#text']) : '');
const textIn = (el: XmlNode | undefined): string => str(el?.text);
const fraction = (a: XmlNode) => Number(a['@_fraction'] ?? 0);

const IMAGE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', svg: 'image/svg+xml', bmp: 'image/bmp' };

/** Uploads the files a text element carries and turns its @@PLUGINFILE@@ references into their URLs. */
class Files {
  readonly errors: ImportIssue[] = [];
  private urls = new Map<string, string>();
  constructor(private readonly deps: ImportDeps) {}

  async html(el: XmlNode | undefined, field: string): Promise<string> {
    if (!el) return '';
    const format = el['@_format'] ?? 'html';
    let html = format === 'html' ? textIn(el).trim() : textToHtml(textIn(el));
    for (const file of (el.file ?? []) as XmlNode[]) {
      const name = String(file['@_name'] ?? '');
      const path = String(file['@_path'] ?? '/');
      const key = `${path.endsWith('/') ? path : `${path}/`}${name}`;
      if (this.urls.has(key)) continue;
      try {
        const ext = name.split('.').pop()?.toLowerCase() ?? '';
        const url = await this.deps.uploadImage(Buffer.from(str(file).replace(/\s+/g, ''), 'base64'), IMAGE_TYPES[ext] ?? 'application/octet-stream', name);
        this.urls.set(key, url);
      } catch (err) {
        this.errors.push({ field, message: `图片 ${name} 无法导入：${err instanceof Error && err.message ? err.message : '上传失败'}` });
      }
    }
    html = html.replace(/@@PLUGINFILE@@(\/[^"'\s<>?#]*)/g, (whole, ref: string) => {
      let path = ref;
      try {
        path = decodeURIComponent(ref);
      } catch {
        /* keep as written */
      }
      const url = this.urls.get(path);
      return url ? escapeHtml(url) : whole;
    });
    return html;
  }
}

interface Converted {
  question: QuBody;
  errors: ImportIssue[];
}

const unsupported = (content: string, message: string): Converted => ({ question: { quType: QuType.SHORT, content }, errors: [{ field: 'quType', message }] });

/** One blank after the stem, or in place of the first ___ the stem shows. */
function withBlank(stem: string): string {
  let done = false;
  const marked = replaceInText(stem, /_{3,}/, (m) => {
    if (done) return m;
    done = true;
    return blankMarker(1);
  });
  return done ? marked : `${stem} ${blankMarker(1)}`;
}

// ---------- cloze ----------

const EMBEDDED = /\{(\d*):([A-Z_]+):((?:\\.|[^\\}])*)\}/g;
const unescape = (s: string) => s.replace(/\\([~}#/"=:{])/g, '$1');

/** The answers of an embedded part: `%100%x#fb~%0%y` / `=x~y`, as [credit, text]. */
function embeddedAnswers(body: string): [number, string][] {
  return body
    .split(/(?<!\\)~/)
    .filter((a) => a.trim())
    .map((a) => {
      let s = a.split(/(?<!\\)#/)[0];
      let credit = 0;
      const pct = /^%(-?[\d.]+)%/.exec(s);
      if (pct) {
        credit = Number(pct[1]);
        s = s.slice(pct[0].length);
      } else if (s.startsWith('=')) {
        credit = 100;
        s = s.slice(1);
      }
      return [credit, unescape(s).trim()];
    });
}

function convertCloze(stem: string): Converted {
  const errors: ImportIssue[] = [];
  const blanks: { answers: string[] }[] = [];
  let caseSensitive = false;
  let n = 0;
  const content = stem.replace(EMBEDDED, (_m, _w, kind: string, body: string) => {
    n += 1;
    const i = n;
    const answers = embeddedAnswers(body);
    const right = answers.filter(([credit]) => credit >= 100).map(([, text]) => textOf(text).trim());
    if (/^(SHORTANSWER_C|SAC|MWC)$/.test(kind)) caseSensitive = true;
    if (/^(SHORTANSWER|SHORTANSWER_C|SA|SAC|MW|MWC|MULTICHOICE.*|MC[VHS]*)$/.test(kind)) {
      blanks.push({ answers: right });
    } else if (/^(NUMERICAL|NM)$/.test(kind)) {
      const exact = right.map((r) => /^(-?[\d.]+)(?::(0*\.?0*))?$/.exec(r)).filter((m): m is RegExpExecArray => m !== null && !Number(m[2] ?? 0));
      if (exact.length !== right.length || !right.length) errors.push({ field: `blanks.${i - 1}`, message: `第${i}个空是带误差范围的数值题，不支持` });
      blanks.push({ answers: exact.map((m) => m[1]) });
    } else {
      errors.push({ field: `blanks.${i - 1}`, message: `第${i}个空的类型 ${kind} 不支持` });
      blanks.push({ answers: [] });
    }
    return blankMarker(i);
  });
  const question: QuBody = { quType: QuType.FILL, content, blanks };
  if (caseSensitive) question.fillOptions = { ignoreCase: false, ignoreWidth: true, ignoreSpace: true, anyOrder: false };
  return { question, errors };
}

// ---------- one question ----------

async function convert(q: XmlNode, files: Files): Promise<Converted> {
  const type = String(q['@_type'] ?? '');
  const stem = await files.html(q.questiontext, 'content');
  const analysis = await files.html(q.generalfeedback, 'analysis');
  const tags = ((q.tags?.tag ?? []) as XmlNode[]).map((t) => textIn(t).trim()).filter(Boolean);
  const base = { content: stem, analysis, tags };
  const answers = (q.answer ?? []) as XmlNode[];
  switch (type) {
    case 'multichoice': {
      const single = !/^(false|0)$/i.test(str(q.single).trim());
      const answerList: QuOption[] = [];
      for (const [i, a] of answers.entries()) {
        const option: QuOption = { content: await files.html(a, `answerList.${i}.content`), isRight: fraction(a) > 0 };
        const feedback = await files.html(a.feedback, `answerList.${i}.analysis`);
        if (feedback) option.analysis = feedback;
        answerList.push(option);
      }
      return { question: { ...base, quType: single ? QuType.SINGLE : QuType.MULTIPLE, answerList }, errors: [] };
    }
    case 'truefalse': {
      const right = answers.find((a) => fraction(a) >= 100);
      const isTrue = right ? /^(true|正确|对)$/i.test(textIn(right).trim()) : undefined;
      return {
        question: {
          ...base,
          quType: QuType.JUDGE,
          answerList: [
            { content: JUDGE_TRUE, isRight: isTrue === true },
            { content: JUDGE_FALSE, isRight: isTrue === false },
          ],
        },
        errors: [],
      };
    }
    case 'shortanswer': {
      const question: QuBody = {
        ...base,
        quType: QuType.FILL,
        content: withBlank(stem),
        blanks: [{ answers: answers.filter((a) => fraction(a) >= 100).map((a) => textOf(textIn(a)).trim()) }],
      };
      if (str(q.usecase).trim() === '1') question.fillOptions = { ignoreCase: false, ignoreWidth: true, ignoreSpace: true, anyOrder: false };
      return { question, errors: [] };
    }
    case 'matching': {
      const taken = new Set<string>();
      const rightList: { id: string; content: string }[] = [];
      const leftList: { content: string; rightId: string }[] = [];
      for (const [i, sub] of ((q.subquestion ?? []) as XmlNode[]).entries()) {
        const right = escapeHtml(textIn(sub.answer?.[0] ?? sub.answer).trim());
        let r = rightList.find((x) => x.content === right);
        if (!r) {
          r = { id: newItemId(taken), content: right };
          rightList.push(r);
        }
        const left = await files.html(sub, `leftList.${i}.content`);
        if (textOf(left).trim() || /<img\b/i.test(left)) leftList.push({ content: left, rightId: r.id });
      }
      return { question: { ...base, quType: QuType.MATCH, leftList, rightList }, errors: [] };
    }
    case 'essay':
      return { question: { ...base, quType: QuType.SHORT, refAnswer: await files.html(q.graderinfo, 'refAnswer') }, errors: [] };
    case 'cloze':
    case 'multianswer': {
      const c = convertCloze(stem);
      return { question: { ...base, ...c.question }, errors: c.errors };
    }
    case 'numerical':
      return unsupported(stem, '不支持数值题');
    case 'description':
      return unsupported(stem, '这是一段说明文字，不是题目，无法导入');
    default:
      return unsupported(stem, `不支持的题型：${type || '未知'}`);
  }
}

export async function parseMoodleXml(text: string, deps: ImportDeps): Promise<Draft[]> {
  const xml = text.replace(/^\ufeff/, '');
  let doc: XmlNode;
  try {
    if (XMLValidator.validate(xml) !== true) throw new Error('invalid');
    doc = parser.parse(xml) as XmlNode;
  } catch {
    throw fail(UNREADABLE);
  }
  if (!('quiz' in doc)) throw fail(UNREADABLE);
  const questions = typeof doc.quiz === 'object' && doc.quiz ? ((doc.quiz.question ?? []) as XmlNode[]) : [];
  const out: Draft[] = [];
  for (const q of questions) {
    if (q['@_type'] === 'category') continue;
    const files = new Files(deps);
    const name = textIn(q.name).trim();
    const { question, errors } = await convert(q, files);
    const n = out.length + 1;
    out.push({ source: name ? `第${n}题（${name}）` : `第${n}题`, question, errors: [...errors, ...files.errors] });
  }
  return out;
}
