import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { IMPORT_MAX_ITEMS, type ImportIssue, type QuBody, type SubQu } from '../../../../common/api/qu';
import { QuType } from '../../../../common/codes';
import { fail } from '../../../lib/errors';
import { blankMarker, escapeHtml, JUDGE_FALSE, JUDGE_TRUE, newItemId } from '../qu.rules';
import { tooManyQuestions, type Draft, type ImportDeps } from './types';
import { replaceInText, textOf, textToHtml } from './html';
import { mergeFeedback, partialAnswers, weighChoices, type Feedback, type WeighedOption } from './moodle';

/**
 * Moodle XML (reference §3.5), graded as Moodle grades it wherever Examhall can and flagged where
 * it cannot (moodle.ts):
 *   multichoice → single choice (<single>true: the full-credit answer) or multiple choice (positive
 *     fractions), weights Examhall cannot keep named in a warning; multichoiceset (all or nothing) →
 *     multiple choice; truefalse → true/false; shortanswer → fill in the blank with one blank (where
 *     the stem shows ___, else after it; full-credit answers only, the others listed in a warning;
 *     <usecase>1 = case-sensitive); matching → matching (subquestions without text are distractors);
 *     essay → short answer (graderinfo = the reference answer);
 *   cloze (multianswer): a single choice part → a choice question with the blank shown in the stem;
 *     only choice parts, or a multiple-response part → a combined question, one sub-question per
 *     blank (weights as shares); otherwise → fill in the blank, one blank per part, a choice part
 *     accepting its right option with the options listed after the blank and a warning;
 *   numerical, description and any other type → an error item.
 * Option feedback stays on its option; feedback with no place of its own (true/false and
 * short-answer answers, the combined correct / partially correct / incorrect feedback, hints) is
 * merged into the analysis with a warning. Pictures are uploaded: <file> elements behind
 * @@PLUGINFILE@@, Moodle 1.9 <image_base64> (shown after the stem) and data: URIs; a picture the
 * file does not carry is named in a warning. <tags> become knowledge points; categories are skipped
 * (the import goes to the bank chosen in the preview).
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
  isArray: (name) => ['question', 'answer', 'subquestion', 'file', 'tag', 'hint'].includes(name),
});

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : v && typeof v === 'object' && '#text' in v ? str((v as XmlNode)['#text']) : '');
const textIn = (el: XmlNode | undefined): string => str(el?.text);
const fraction = (a: XmlNode) => Number(a['@_fraction'] ?? 0) || 0;

const IMAGE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', svg: 'image/svg+xml', bmp: 'image/bmp' };
const typeOfName = (name: string) => IMAGE_TYPES[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

/** The feedback Moodle writes by itself into every export: no teacher wrote it, so it is not kept. */
const MOODLE_DEFAULT_FEEDBACK = new Set([
  'Your answer is correct.',
  'Your answer is partially correct.',
  'Your answer is incorrect.',
  '您的答案正确。',
  '您的答案部分正确。',
  '您的答案不正确。',
  '你的答案正确。',
  '你的答案部分正确。',
  '你的答案不正确。',
]);

/**
 * Uploads the pictures a text element carries and puts their addresses where the text names them;
 * what it cannot upload is an error of the item, what the file does not carry a warning.
 */
class Files {
  readonly errors: ImportIssue[] = [];
  readonly warnings: ImportIssue[] = [];
  private urls = new Map<string, string>();
  /** Files the store refused (an error already says so): their references are removed without a warning. */
  private refused = new Set<string>();
  private inline = 0;
  constructor(private readonly deps: ImportDeps) {}

  async upload(data: Buffer, contentType: string, name: string, field: string): Promise<string | undefined> {
    try {
      return await this.deps.uploadImage(data, contentType, name);
    } catch (err) {
      this.errors.push({ field, message: `图片 ${name} 无法导入：${err instanceof Error && err.message ? err.message : '上传失败'}` });
      return undefined;
    }
  }

  async html(el: XmlNode | undefined, field: string): Promise<string> {
    if (!el) return '';
    const format = el['@_format'] ?? 'html';
    let html = format === 'html' ? textIn(el).trim() : textToHtml(textIn(el));
    for (const file of (el.file ?? []) as XmlNode[]) {
      const name = String(file['@_name'] ?? '');
      const path = String(file['@_path'] ?? '/');
      const key = `${path.endsWith('/') ? path : `${path}/`}${name}`;
      if (this.urls.has(key)) continue;
      const url = await this.upload(Buffer.from(str(file).replace(/\s+/g, ''), 'base64'), typeOfName(name), name, field);
      if (url) this.urls.set(key, url);
      else this.refused.add(key);
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
    html = await this.dataUris(html, field);
    return this.missing(html, field);
  }

  /** Pictures written into the text itself (src="data:image/png;base64,…"): uploaded like files. */
  private async dataUris(html: string, field: string): Promise<string> {
    const found = [...html.matchAll(/\bsrc\s*=\s*(["'])data:(image\/[a-z+.-]+);base64,([A-Za-z0-9+/=\s]+)\1/gi)];
    for (const m of found) {
      this.inline += 1;
      const ext = m[2].split('/')[1].replace('jpeg', 'jpg').replace('svg+xml', 'svg');
      const url = await this.upload(Buffer.from(m[3].replace(/\s+/g, ''), 'base64'), m[2].toLowerCase(), `图片${this.inline}.${ext}`, field);
      html = html.replace(m[0], url ? `src="${escapeHtml(url)}"` : 'src=""');
    }
    return html;
  }

  /** @@PLUGINFILE@@ references the file does not carry: their pictures removed, each named in a warning. */
  private missing(html: string, field: string): string {
    const names: string[] = [];
    const note = (ref: string) => {
      let path = ref;
      try {
        path = decodeURIComponent(ref);
      } catch {
        /* keep as written */
      }
      if (!this.refused.has(path)) names.push(path.split('/').pop() ?? path);
    };
    const out = html.replace(/<img\b[^>]*@@PLUGINFILE@@(\/[^"'\s<>?#]*)[^>]*>/gi, (_m, ref: string) => {
      note(ref);
      return '';
    });
    for (const m of out.matchAll(/@@PLUGINFILE@@(\/[^"'\s<>?#]*)/g)) note(m[1]);
    if (names.length) this.warnings.push({ field, message: `文件中没有${names.map((n) => `“${n}”`).join('、')}，${names.length > 1 ? '它们' : '它'}未能导入，请在导入后补上` });
    return out;
  }

  /** A Moodle 1.9 picture of the question (<image> and <image_base64>), as HTML to show after the stem. */
  async legacyImage(q: XmlNode): Promise<string> {
    const path = str(q.image).trim();
    const data = str(q.image_base64).replace(/\s+/g, '');
    if (!path && !data) return '';
    const name = path.split('/').pop() || 'image.png';
    if (data) {
      const url = await this.upload(Buffer.from(data, 'base64'), typeOfName(name), name, 'content');
      return url ? `<p><img src="${escapeHtml(url)}" alt=""></p>` : '';
    }
    if (/^https?:\/\//i.test(path)) return `<p><img src="${escapeHtml(path)}" alt=""></p>`;
    this.warnings.push({ field: 'content', message: `图片“${name}”没有随文件导出（Moodle 1.9 只记录了它在课程文件中的位置），未能导入，请在导入后补上` });
    return '';
  }
}

interface Converted {
  question: QuBody;
  errors: ImportIssue[];
  warnings: ImportIssue[];
}

const unsupported = (content: string, message: string): Converted => ({ question: { quType: QuType.SHORT, content }, errors: [{ field: 'quType', message }], warnings: [] });

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

const SINGLE_KINDS = /^(MULTICHOICE(_V|_H)?(_S)?|MULTICHOICE_VS|MULTICHOICE_HS|MC(V|H)?S?)$/;
const MULTI_KINDS = /^(MULTIRESPONSE(_H)?(_S)?|MULTIRESPONSE_HS|MR(H)?S?)$/;
const SHORT_KINDS = /^(SHORTANSWER(_C)?|SA|SAC|MW|MWC)$/;
const NUMERIC_KINDS = /^(NUMERICAL|NM)$/;

interface ClozeAnswer {
  fraction: number;
  /** As written (HTML of the question text). */
  html: string;
  text: string;
  feedback: string;
}

interface ClozePart {
  n: number;
  weight: number;
  kind: string;
  answers: ClozeAnswer[];
}

/** The answers of an embedded part: `%100%x#fb~%0%y` / `=x~y`. */
function embeddedAnswers(body: string): ClozeAnswer[] {
  return body
    .split(/(?<!\\)~/)
    .filter((a) => a.trim())
    .map((a) => {
      const [answer, ...fb] = a.split(/(?<!\\)#/);
      let s = answer;
      let credit = 0;
      const pct = /^\s*%(-?[\d.]+)%/.exec(s);
      if (pct) {
        credit = Number(pct[1]) || 0;
        s = s.slice(pct[0].length);
      } else if (s.trimStart().startsWith('=')) {
        credit = 100;
        s = s.trimStart().slice(1);
      }
      const html = unescape(s).trim();
      return { fraction: credit, html, text: textOf(html).trim(), feedback: unescape(fb.join('#')).trim() };
    });
}

const isChoice = (p: ClozePart) => SINGLE_KINDS.test(p.kind) || MULTI_KINDS.test(p.kind);
const choiceOptions = (p: ClozePart): WeighedOption[] => p.answers.map((a) => ({ content: a.html, fraction: a.fraction, analysis: a.feedback || undefined }));

/** A short-answer or numerical part as a blank's accepted answers; what it cannot accept is reported. */
function blankOf(p: ClozePart, i: number, where: string, errors: ImportIssue[], warnings: ImportIssue[], field: string): string[] {
  const right = p.answers.filter((a) => a.fraction >= 100).map((a) => a.text);
  if (NUMERIC_KINDS.test(p.kind)) {
    const exact = right.map((r) => /^(-?[\d.]+)(?::(0*\.?0*))?$/.exec(r)).filter((m): m is RegExpExecArray => m !== null && !Number(m[2] ?? 0));
    if (exact.length !== right.length || !right.length) errors.push({ field, message: `第${i}个空是带误差范围的数值题，不支持` });
    return exact.map((m) => m[1]);
  }
  partialAnswers(p.answers, field, warnings, where);
  return right;
}

function convertCloze(stem: string, base: { analysis: string; tags: string[] }): Converted {
  const errors: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const parts: ClozePart[] = [];
  for (const m of stem.matchAll(EMBEDDED)) {
    parts.push({ n: parts.length + 1, weight: Number(m[1]) || 1, kind: m[2], answers: embeddedAnswers(m[3]) });
  }
  const unknown = parts.filter((p) => !isChoice(p) && !SHORT_KINDS.test(p.kind) && !NUMERIC_KINDS.test(p.kind));
  const swap = (mark: (p: ClozePart) => string) => {
    let i = 0;
    return stem.replace(EMBEDDED, () => mark(parts[i++]));
  };
  const allChoices = parts.length > 0 && parts.every(isChoice);

  // One choice part: the question is that choice, its blank shown in the stem.
  if (parts.length === 1 && allChoices) {
    const p = parts[0];
    const weighed = weighChoices(choiceOptions(p), SINGLE_KINDS.test(p.kind));
    return { question: { ...base, content: swap(() => '_____'), quType: weighed.quType, answerList: weighed.answerList }, errors, warnings: weighed.warnings };
  }

  // Only choices, or a multiple-response part a blank cannot hold: one sub-question per part.
  if (!unknown.length && (allChoices || parts.some((p) => MULTI_KINDS.test(p.kind)))) {
    const subList = parts.map((p, i): SubQu => {
      const at = `subList.${i}.`;
      const share = Math.min(100, Math.max(1, Math.round(p.weight)));
      if (isChoice(p)) {
        const weighed = weighChoices(choiceOptions(p), SINGLE_KINDS.test(p.kind));
        warnings.push(...weighed.warnings.map((w) => ({ field: at + w.field, message: `第${p.n}空：${w.message}` })));
        return { quType: weighed.quType, content: `第${p.n}空`, share, answerList: weighed.answerList };
      }
      return { quType: QuType.FILL, content: `第${p.n}空：${blankMarker(1)}`, share, blanks: [{ answers: blankOf(p, p.n, `第${p.n}空：`, errors, warnings, `${at}blanks.0`) }] };
    });
    warnings.push({ field: '', message: `完形填空的${parts.length}个空已改为组合题的${parts.length}道小题（分值占比按原题各空的权重）` });
    return { question: { ...base, content: swap((p) => `（${p.n}）_____`), quType: QuType.COMBINED, subList }, errors, warnings };
  }

  // Otherwise a fill in the blank; a choice part accepts its right option, listed after its blank.
  const blanks: { answers: string[] }[] = [];
  const feedback: Feedback[] = [];
  let caseSensitive = false;
  const content = swap((p) => {
    const field = `blanks.${p.n - 1}`;
    if (/^(SHORTANSWER_C|SAC|MWC)$/.test(p.kind)) caseSensitive = true;
    if (SINGLE_KINDS.test(p.kind)) {
      const right = p.answers.filter((a) => a.fraction >= 100).map((a) => a.text);
      blanks.push({ answers: right });
      warnings.push({ field, message: `第${p.n}个空原为选择，已改为填空：选项列在空后，填“${right.join('”或“')}”才算对` });
      partialAnswers(p.answers, field, warnings, `第${p.n}个空：`);
      p.answers.forEach((a) => a.feedback && feedback.push({ label: `第${p.n}个空选“${a.text}”时`, html: a.feedback }));
      return `${blankMarker(p.n)}（${p.answers.map((a) => escapeHtml(a.text)).join(' / ')}）`;
    }
    if (SHORT_KINDS.test(p.kind) || NUMERIC_KINDS.test(p.kind)) {
      blanks.push({ answers: blankOf(p, p.n, `第${p.n}个空：`, errors, warnings, field) });
      p.answers.forEach((a) => a.feedback && feedback.push({ label: `第${p.n}个空答“${a.text}”时`, html: a.feedback }));
    } else {
      errors.push({ field, message: `第${p.n}个空的类型 ${p.kind} 不支持` });
      blanks.push({ answers: [] });
    }
    return blankMarker(p.n);
  });
  const weights = parts.map((p) => p.weight);
  if (new Set(weights).size > 1) warnings.push({ field: 'blanks', message: `各空的分值权重（${weights.join('、')}）已忽略，每空计分相同` });
  const question: QuBody = { ...base, analysis: mergeFeedback(base.analysis, feedback, '各空答案的反馈', warnings), quType: QuType.FILL, content, blanks };
  if (caseSensitive) question.fillOptions = { ignoreCase: false, ignoreWidth: true, ignoreSpace: true, anyOrder: false };
  return { question, errors, warnings };
}

// ---------- one question ----------

async function convert(q: XmlNode, type: string, files: Files): Promise<Converted> {
  const stem = (await files.html(q.questiontext, 'content')) + (await files.legacyImage(q));
  const analysis = await files.html(q.generalfeedback, 'analysis');
  const tags = ((q.tags?.tag ?? []) as XmlNode[]).map((t) => textIn(t).trim()).filter(Boolean);
  const base = { content: stem, analysis, tags };
  const answers = (q.answer ?? []) as XmlNode[];
  const warnings: ImportIssue[] = [];
  switch (type) {
    case 'multichoice':
    case 'multichoiceset': {
      const single = type === 'multichoice' && !/^(false|0)$/i.test(str(q.single).trim());
      const options: WeighedOption[] = [];
      for (const [i, a] of answers.entries()) {
        options.push({ content: await files.html(a, `answerList.${i}.content`), fraction: fraction(a), analysis: await files.html(a.feedback, `answerList.${i}.analysis`) });
      }
      const weighed = weighChoices(options, single);
      return { question: { ...base, quType: weighed.quType, answerList: weighed.answerList }, errors: [], warnings: weighed.warnings };
    }
    case 'truefalse': {
      const right = answers.find((a) => fraction(a) >= 100);
      const isTrue = right ? /^(true|正确|对)$/i.test(textIn(right).trim()) : undefined;
      const feedback: Feedback[] = [];
      for (const a of answers) {
        const said = /^(true|正确|对)$/i.test(textIn(a).trim()) ? JUDGE_TRUE : JUDGE_FALSE;
        feedback.push({ label: `选“${said}”时`, html: await files.html(a.feedback, 'analysis') });
      }
      return {
        question: {
          ...base,
          analysis: mergeFeedback(analysis, feedback, '判断题的反馈', warnings),
          quType: QuType.JUDGE,
          answerList: [
            { content: JUDGE_TRUE, isRight: isTrue === true },
            { content: JUDGE_FALSE, isRight: isTrue === false },
          ],
        },
        errors: [],
        warnings,
      };
    }
    case 'shortanswer': {
      const read = answers.map((a) => ({ text: textOf(textIn(a)).trim(), fraction: fraction(a), feedback: a.feedback }));
      partialAnswers(read, 'blanks.0', warnings);
      const feedback: Feedback[] = [];
      for (const a of read) feedback.push({ label: `答“${a.text}”时`, html: await files.html(a.feedback, 'analysis') });
      const question: QuBody = {
        ...base,
        analysis: mergeFeedback(analysis, feedback, '各答案的反馈', warnings),
        quType: QuType.FILL,
        content: withBlank(stem),
        blanks: [{ answers: read.filter((a) => a.fraction >= 100).map((a) => a.text) }],
      };
      if (str(q.usecase).trim() === '1') question.fillOptions = { ignoreCase: false, ignoreWidth: true, ignoreSpace: true, anyOrder: false };
      return { question, errors: [], warnings };
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
      return { question: { ...base, quType: QuType.MATCH, leftList, rightList }, errors: [], warnings };
    }
    case 'essay':
      return { question: { ...base, quType: QuType.SHORT, refAnswer: await files.html(q.graderinfo, 'refAnswer') }, errors: [], warnings };
    case 'cloze':
    case 'multianswer':
      return convertCloze(stem, base);
    case 'numerical':
      return unsupported(stem, '不支持数值题（答案是数字、可带误差范围）：请改成填空题，写出准确的答案后再导入');
    case 'description':
      return unsupported(stem, '这是一段说明文字，不是题目，无法导入');
    default:
      return unsupported(stem, `不支持的题型：${type || '未知'}`);
  }
}

/** The combined feedback (答对 / 部分正确 / 答错时) and the hints of a question, merged into its analysis. */
async function mergeOutcomes(q: XmlNode, question: QuBody, files: Files, warnings: ImportIssue[]): Promise<void> {
  const outcome: Feedback[] = [];
  for (const [tag, label] of [
    ['correctfeedback', '答对时'],
    ['partiallycorrectfeedback', '部分正确时'],
    ['incorrectfeedback', '答错时'],
  ] as const) {
    const html = await files.html(q[tag] as XmlNode | undefined, 'analysis');
    if (!MOODLE_DEFAULT_FEEDBACK.has(textOf(html).trim())) outcome.push({ label, html });
  }
  let analysis = mergeFeedback(question.analysis ?? '', outcome, '答对、部分正确和答错时的反馈', warnings);
  const hints: Feedback[] = [];
  for (const [i, hint] of ((q.hint ?? []) as XmlNode[]).entries()) hints.push({ label: `提示${i + 1}`, html: await files.html(hint, 'analysis') });
  analysis = mergeFeedback(analysis, hints, '提示', warnings);
  question.analysis = analysis;
}

/** A <question> element that is no category: counted before the document is parsed. */
const QUESTION_TAG = /<question\b(?![^>]*\btype\s*=\s*["']category["'])/g;

export async function parseMoodleXml(text: string, deps: ImportDeps, max = IMPORT_MAX_ITEMS): Promise<Draft[]> {
  const xml = text.replace(/^\ufeff/, '');
  // Counted in one pass over the text before it is validated and parsed into a tree: a file of too
  // many questions costs no parse.
  let seen = 0;
  for (const _ of xml.matchAll(QUESTION_TAG)) if (++seen > max) throw tooManyQuestions(max);
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
    const type = String(q['@_type'] ?? '');
    if (type === 'category') continue;
    if (out.length >= max) throw tooManyQuestions(max);
    const files = new Files(deps);
    const name = textIn(q.name).trim();
    const converted = await convert(q, type, files);
    const { question, errors } = converted;
    const warnings = [...converted.warnings];
    if (!errors.some((e) => e.field === 'quType')) await mergeOutcomes(q, question, files, warnings);
    const n = out.length + 1;
    out.push({ source: name ? `第${n}题（${name}）` : `第${n}题`, question, errors: [...errors, ...files.errors], warnings: [...warnings, ...files.warnings] });
  }
  return out;
}
