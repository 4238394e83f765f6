import { describe, expect, it } from 'vitest';
import { parseImport } from './index';
import { fakeUploads, view } from './testing';

const parse = async (text: string): Promise<Record<string, unknown>[]> =>
  (await parseImport({ format: 'gift', text }, fakeUploads().deps)).map((item) => ({ ...view(item), source: item.source, fields: item.errors.map((e) => e.field) }));

describe('GIFT import', () => {
  it('maps every GIFT question type', async () => {
    const gift = `// 消防安全题库
$CATEGORY: $course$/top/消防

// [tag:消防] [tag:灭火器]
::Q1:: 使用干粉灭火器时，第一步应当 {
  =拔出保险销 #正确
  ~对准火焰顶部喷射 #应对准根部
  ~按下压把
####先拔销，再对准火焰根部。
}

::Q2:: 以下属于安全色的有 {~%50%红色 ~%50%蓝色 ~%-100%紫色}

电器着火时应先切断电源。{T}

地球是方的。{FALSE}

火灾报警电话是多少？{=119 =幺幺九 =%50%120}

消防车的颜色通常是 {=红色 =红} 色的。

被誉为“火神”的是 {~孙悟空 =祝融 ~哪吒} 。

将火灾类别与可燃物配对。{
  =A类 -> 固体
  =B类 -> 液体
  =E类 -> 带电设备
  = -> 烹饪油脂
}

简述火灾逃生的要点。{}

珠穆朗玛峰有多高（米）？{#8848:10}

[html]<p>这是一段<b>说明</b>文字。</p>
`;
    expect(await parse(gift)).toEqual([
      {
        type: '单选题',
        content: '使用干粉灭火器时，第一步应当',
        options: ['*拔出保险销', '对准火焰顶部喷射', '按下压把'],
        analysis: '先拔销，再对准火焰根部。',
        tags: ['消防', '灭火器'],
        source: '第1题（第4行）',
        fields: [],
      },
      { type: '多选题', content: '以下属于安全色的有', options: ['*红色', '*蓝色', '紫色'], source: '第2题（第12行）', fields: [] },
      { type: '判断题', content: '电器着火时应先切断电源。', options: ['*正确', '错误'], source: '第3题（第14行）', fields: [] },
      { type: '判断题', content: '地球是方的。', options: ['正确', '*错误'], source: '第4题（第16行）', fields: [] },
      { type: '填空题', content: '火灾报警电话是多少？ <span data-blank="1"></span>', blanks: ['119/幺幺九'], source: '第5题（第18行）', fields: [] },
      { type: '填空题', content: '消防车的颜色通常是 <span data-blank="1"></span> 色的。', blanks: ['红色/红'], source: '第6题（第20行）', fields: [] },
      { type: '填空题', content: '被誉为“火神”的是 <span data-blank="1"></span> 。', blanks: ['祝融'], source: '第7题（第22行）', fields: [] },
      {
        type: '配对题',
        content: '将火灾类别与可燃物配对。',
        pairs: ['A类=固体', 'B类=液体', 'E类=带电设备'],
        right: ['固体', '液体', '带电设备', '烹饪油脂'],
        source: '第8题（第24行）',
        fields: [],
      },
      { type: '简答题', content: '简述火灾逃生的要点。', source: '第9题（第31行）', fields: [] },
      { type: '简答题', content: '珠穆朗玛峰有多高（米）？', errors: ['不支持数值题'], source: '第10题（第33行）', fields: ['quType'] },
      { type: '简答题', content: '<p>这是一段<b>说明</b>文字。</p>', errors: ['这是一段说明文字，不是题目，无法导入'], source: '第11题（第35行）', fields: ['quType'] },
    ]);
  });

  it('keeps the file going past a question with a syntax error, and says where it is', async () => {
    const items = await parse('第一题 {=对 ~错}\n\n第二题 {=缺右括号 ~错\n\n第三题 {T}\n');
    expect(items.map((i) => [i.type, i.source, i.errors ?? []])).toEqual([
      ['单选题', '第1题（第1行）', []],
      ['简答题', '第2题（第3行）', ['GIFT 格式有误，请检查第3行附近（大括号是否成对，~ = # { } : 是否需要用 \\ 转义）']],
      ['判断题', '第3题（第5行）', []],
    ]);
    expect(items[1].content).toBe('第二题 {=缺右括号 ~错');
  });

  it('reads escapes, Windows line endings and a BOM', async () => {
    expect(await parse('\ufeff1 \\= 1 吗？ {=是的 \\{真的\\} ~不是}\r\n\r\n::标题::电压单位是 {=伏特}\r\n')).toEqual([
      { type: '单选题', content: '1 = 1 吗？', options: ['*是的 {真的}', '不是'], source: '第1题（第1行）', fields: [] },
      { type: '填空题', content: '电压单位是 <span data-blank="1"></span>', blanks: ['伏特'], source: '第2题（第3行）', fields: [] },
    ]);
  });
});
