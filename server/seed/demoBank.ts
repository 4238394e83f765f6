import type { Transaction } from 'kysely';
import type { QuBody } from '../../common/api/qu';
import { Audience, QuLevel, QuType } from '../../common/codes';
import type { DB } from '../db/schema';
import { newId } from '../lib/ids';
import { newItemId, normalizeQuestion, validateQuestion } from '../modules/qu/qu.rules';
import { toWrite } from '../modules/qu/qu.rows';

/**
 * The demo bank: 信息安全与办公常识, every question type at both levels, open for practice to
 * everyone. The demo exam draws from it (DEMO_REPO_ID).
 */

export const DEMO_REPO_ID = 'demo_repo_security';
export const DEMO_REPO_CATALOG_ID = 'demo_repo_catalog';

const { ORDINARY: L1, HARDER: L2 } = QuLevel;

const choice = (content: string, options: string[], right: number[], analysis: string, level: 1 | 2 = L1, tags: string[] = []): QuBody => ({
  quType: right.length > 1 ? QuType.MULTIPLE : QuType.SINGLE,
  level,
  content: `<p>${content}</p>`,
  analysis: `<p>${analysis}</p>`,
  tags,
  answerList: options.map((o, i) => ({ content: o, isRight: right.includes(i) })),
});
const multi = (content: string, options: string[], right: number[], analysis: string, level: 1 | 2 = L1, tags: string[] = []): QuBody => ({
  ...choice(content, options, right, analysis, level, tags),
  quType: QuType.MULTIPLE,
});
const judge = (content: string, isTrue: boolean, analysis: string, level: 1 | 2 = L1, tags: string[] = []): QuBody => ({
  quType: QuType.JUDGE,
  level,
  content: `<p>${content}</p>`,
  analysis: `<p>${analysis}</p>`,
  tags,
  answerList: [
    { content: '正确', isRight: isTrue },
    { content: '错误', isRight: !isTrue },
  ],
});
const short = (content: string, refAnswer: string, analysis: string, level: 1 | 2 = L1, tags: string[] = []): QuBody => ({
  quType: QuType.SHORT,
  level,
  content: `<p>${content}</p>`,
  analysis: `<p>${analysis}</p>`,
  tags,
  refAnswer: `<p>${refAnswer}</p>`,
});
/** `stem` writes each blank as ＿＿ and `answers` lists each blank's accepted answers. */
const fill = (stem: string, answers: string[][], analysis: string, level: 1 | 2 = L1, tags: string[] = [], anyOrder = false): QuBody => {
  let n = 0;
  return {
    quType: QuType.FILL,
    level,
    content: `<p>${stem.replace(/＿＿/g, () => `<span data-blank="${++n}"></span>`)}</p>`,
    analysis: `<p>${analysis}</p>`,
    tags,
    blanks: answers.map((a) => ({ answers: a })),
    fillOptions: { ignoreCase: true, ignoreWidth: true, ignoreSpace: true, anyOrder },
  };
};
/** Right items get random ids, drawn at each seed: ids named after their pairs would give the answer away. */
const match = (content: string, pairs: Array<[string, string]>, distractors: string[], analysis: string, level: 1 | 2 = L1, tags: string[] = []): QuBody => {
  const taken = new Set<string>();
  const rightIds = pairs.map(() => newItemId(taken));
  return {
    quType: QuType.MATCH,
    level,
    content: `<p>${content}</p>`,
    analysis: `<p>${analysis}</p>`,
    tags,
    leftList: pairs.map(([l], i) => ({ content: l, rightId: rightIds[i] })),
    rightList: [...pairs.map(([, r], i) => ({ id: rightIds[i], content: r })), ...distractors.map((d) => ({ id: newItemId(taken), content: d }))],
  };
};

const PW = '密码安全';
const NET = '网络安全';
const OFFICE = '办公常识';
const DATA = '数据保护';

/** The demo questions, built afresh at each seed (their matching items' ids are random). */
export const demoQuestions = (): QuBody[] => [
  choice('下列哪一个密码最安全？', ['123456', 'password', 'Zx#9q!Lm2@vT', '生日19900101'], [2], '足够长、混合大小写字母、数字和符号、且不含个人信息的密码最难被猜中。', L1, [PW]),
  choice('收到一封自称“IT部门”的邮件，要求点击链接重新输入工号和密码，应当：', ['立即点击并输入', '转发给同事确认', '不点击链接，通过公司公布的电话联系IT部门核实', '回复邮件询问'], [2], '这是典型的钓鱼邮件。应通过独立、可信的渠道核实，不要使用邮件里提供的链接或电话。', L1, [NET]),
  choice('离开工位时，电脑应当：', ['保持登录以便回来继续工作', '锁定屏幕（Windows 键 + L）', '关掉显示器即可', '把密码贴在显示器上方便同事'], [1], '锁屏可以防止他人在您离开时使用您的账户。', L1, [OFFICE]),
  choice('公共场所的免费 Wi-Fi 上，处理公司业务的稳妥做法是：', ['直接登录公司系统', '先连接公司 VPN 再访问', '使用浏览器的隐私模式即可', '关闭杀毒软件以提高速度'], [1], 'VPN 对传输内容加密，防止同一网络中的他人窃听。', L2, [NET]),
  choice('下列哪种文件最可能携带恶意宏？', ['.txt 纯文本', '.png 图片', '来历不明的 .docm 文档', '.csv 表格'], [2], '启用宏的 Office 文档（.docm、.xlsm）可以执行代码，来历不明时不要启用宏。', L2, [NET]),
  choice('公司规定重要数据遵循“3-2-1”备份原则，其中“1”指：', ['1份数据只存在1台电脑上', '至少1份备份存放在异地', '每1天备份1次', '只保留1个版本'], [1], '3-2-1：3份副本、2种介质、1份异地。', L2, [DATA]),
  choice('发现同事的电脑中了勒索病毒，第一步应当：', ['立即断开该电脑的网络', '支付赎金恢复文件', '用U盘拷走重要文件', '重启电脑试试'], [0], '先隔离，防止病毒在内网扩散，再报告安全团队。', L1, [NET]),
  multi('下列哪些做法有助于保护账户安全？', ['开启双因素认证', '不同网站使用不同密码', '把密码写在便利贴上', '使用密码管理器'], [0, 1, 3], '双因素认证、每站独立密码、密码管理器都能显著降低被盗风险；便利贴会泄露密码。', L1, [PW]),
  multi('识别钓鱼邮件时，应警惕哪些特征？', ['发件人地址与显示名称不符', '制造紧迫感，要求立即操作', '要求提供账号密码或验证码', '邮件使用了公司标志'], [0, 1, 2], '公司标志很容易被伪造，不能作为可信依据；前三项都是常见的钓鱼特征。', L2, [NET]),
  multi('处理客户个人信息时，以下哪些做法正确？', ['只收集业务需要的信息', '用个人网盘备份客户名单', '按权限最小化原则授权访问', '不再需要时按规定删除'], [0, 2, 3], '最小必要、最小权限、到期删除是个人信息保护的基本原则。', L2, [DATA]),
  multi('下列哪些属于敏感信息，不宜在公开群聊中发送？', ['身份证号码', '服务器登录密码', '会议室预订时间', '客户联系方式'], [0, 1, 3], '身份证号、密码、客户联系方式都属于敏感信息。', L1, [DATA]),
  multi('外出办公携带笔记本电脑时，应当：', ['启用全盘加密', '设置开机密码', '在车内显眼处放置', '使用防窥膜'], [0, 1, 3], '加密、开机密码、防窥膜都能降低设备丢失或被窥视的风险。', L1, [OFFICE]),
  judge('只要安装了杀毒软件，就可以放心打开任何邮件附件。', false, '杀毒软件无法识别所有威胁，来历不明的附件仍应谨慎对待。', L1, [NET]),
  judge('定期更新操作系统和软件补丁可以修复已知的安全漏洞。', true, '大多数攻击利用的是已公开但未修补的漏洞。', L1, [NET]),
  judge('同一个强密码可以在所有网站上使用。', false, '一个网站泄露后，攻击者会用同一密码尝试登录其他网站（撞库）。', L1, [PW]),
  judge('短信验证码可以告诉自称客服的人员，只要对方能说出您的姓名。', false, '验证码等同于密码，任何情况下都不应告诉他人。', L2, [PW]),
  judge('打印含有敏感信息的文件后，应及时从打印机取走。', true, '打印机旁遗留的文件是常见的泄密途径。', L1, [OFFICE]),
  judge('公司内网是安全的，因此内网传输数据无需加密。', false, '内网同样可能被入侵，重要数据在内网也应加密传输。', L2, [NET]),
  short('请简述设置强密码的三条要点。', '长度至少12位；混合大小写字母、数字和符号；不使用生日、姓名等个人信息；不同网站使用不同密码。', '答出其中任意三点即可得满分。', L1, [PW]),
  short('发现自己的账户可能被盗用，应当采取哪些措施？', '立即修改密码并退出所有会话；开启双因素认证；检查账户的登录记录和异常操作；报告信息安全部门。', '要点：改密码、加固、排查、报告。', L2, [PW]),
  short('为什么说“最小权限原则”能降低数据泄露的风险？', '每个账户只拥有完成工作所必需的权限，即使某个账户被盗，攻击者能访问的数据也有限。', '围绕“限制影响范围”作答即可。', L2, [DATA]),
  fill('常见的“3-2-1”备份原则：保存＿＿份数据副本，使用＿＿种不同的存储介质，其中1份存放在异地。', [['3', '三'], ['2', '二', '两']], '3份副本、2种介质、1份异地。', L1, [DATA]),
  fill('锁定 Windows 电脑屏幕的快捷键是 Windows 键加＿＿键。', [['L']], 'Windows + L 立即锁定屏幕。', L1, [OFFICE]),
  fill('双因素认证通常结合“你知道的”（如＿＿）和“你拥有的”（如手机验证码）两类凭证。', [['密码', '口令', 'password']], '密码属于“你知道的”因素。', L1, [PW]),
  fill('HTTPS 中的 S 代表＿＿，它使用＿＿协议对传输内容加密。', [['Secure', '安全'], ['TLS', 'SSL', 'TLS/SSL']], 'HTTPS = HTTP over TLS。', L2, [NET]),
  fill('信息安全的三要素是保密性、＿＿和＿＿（顺序不限）。', [['完整性'], ['可用性']], 'CIA 三要素：Confidentiality、Integrity、Availability。', L2, [DATA], true),
  match('请将攻击方式与其描述配对。', [['钓鱼', '伪装成可信来源骗取信息'], ['勒索软件', '加密文件后索要赎金'], ['撞库', '用泄露的账号密码尝试登录其他网站']], ['通过加密保护数据的传输'], '理解常见攻击方式有助于识别风险。', L1, [NET]),
  match('请将办公场景与正确做法配对。', [['离开工位', '锁定屏幕'], ['收到可疑附件', '不打开并报告'], ['处理完废弃纸质资料', '使用碎纸机']], ['关闭显示器', '转发给同事'], '日常的小习惯决定了信息安全的水平。', L2, [OFFICE]),
  match('请将数据类别与其示例配对。', [['个人敏感信息', '身份证号码'], ['商业秘密', '未公布的报价单'], ['公开信息', '公司官网新闻']], [], '分类是分级保护的前提。', L1, [DATA]),
  {
    quType: QuType.COMBINED,
    level: L2,
    content:
      '<p>阅读材料：小王在咖啡店用笔记本电脑处理工作。他连接了名为“Free_Coffee_WiFi”的无线网络，收到一封标题为“【紧急】您的邮箱即将停用”的邮件，要求点击链接验证账户。</p>',
    analysis: '<p>公共网络与钓鱼邮件叠加，是常见的攻击场景。</p>',
    tags: [NET],
    subList: [
      { quType: QuType.SINGLE, share: 1, content: '<p>小王收到的邮件最可能是：</p>', analysis: '<p>制造紧迫感并要求点击链接验证，是钓鱼邮件的典型特征。</p>', answerList: [{ content: '正常的系统通知', isRight: false }, { content: '钓鱼邮件', isRight: true }, { content: '垃圾广告', isRight: false }] },
      { quType: QuType.JUDGE, share: 1, content: '<p>只要链接以 https 开头，就可以放心输入密码。</p>', analysis: '<p>钓鱼网站同样可以使用 HTTPS 证书。</p>', answerList: [{ content: '正确', isRight: false }, { content: '错误', isRight: true }] },
      { quType: QuType.SHORT, share: 2, content: '<p>请给小王两条安全建议。</p>', analysis: '<p>言之有理即可。</p>', refAnswer: '<p>不点击邮件中的链接，通过官方渠道核实；在公共网络上先连接公司 VPN；开启双因素认证。</p>' },
    ],
  },
  {
    quType: QuType.COMBINED,
    level: L1,
    content: '<p>阅读材料：公司规定，员工离职时须交还设备，并由IT部门在当天停用其所有账户；共享文件夹按部门授权，每季度复核一次。</p>',
    analysis: '<p>账户生命周期管理与定期权限复核，是最小权限原则的落实。</p>',
    tags: [DATA],
    subList: [
      { quType: QuType.MULTIPLE, share: 2, content: '<p>这项规定体现了哪些安全原则？</p>', analysis: '<p>及时停用与定期复核都在限制不必要的访问。</p>', answerList: [{ content: '最小权限', isRight: true }, { content: '及时撤销访问', isRight: true }, { content: '越多人能访问越好', isRight: false }] },
      { quType: QuType.FILL, share: 1, content: '<p>共享文件夹的权限每<span data-blank="1"></span>复核一次。</p>', analysis: '<p>材料中写明每季度复核。</p>', blanks: [{ answers: ['季度', '一个季度', '3个月', '三个月'] }], fillOptions: { ignoreCase: true, ignoreWidth: true, ignoreSpace: true, anyOrder: false } },
    ],
  },
  choice('在会议中共享屏幕前，最应该先做的是：', ['调高屏幕亮度', '关闭与会议无关的窗口和通知', '打开所有文档备用', '把桌面壁纸换成公司标志'], [1], '避免无关窗口或弹出的消息泄露敏感信息。', L1, [OFFICE]),
  judge('U 盘在不同电脑之间拷贝文件前，不需要查杀病毒。', false, '移动存储是病毒传播的常见途径，使用前应查杀。', L1, [NET]),
];

/** Writes the demo category and bank with its questions (in the bootstrap transaction). */
export async function seedDemoBank(trx: Transaction<DB>, { adminId, now }: { adminId: string; now: number }): Promise<void> {
  await trx.insertInto('repo_catalog').values({ id: DEMO_REPO_CATALOG_ID, parent_id: '0', title: '信息安全', sort: 1, create_time: now }).execute();
  await trx
    .insertInto('qu_repo')
    .values({
      id: DEMO_REPO_ID,
      title: '信息安全与办公常识（演示）',
      cat_id: DEMO_REPO_CATALOG_ID,
      remark: '演示题库：涵盖全部题型与两种难度，对所有人开放练习。',
      practice_open: 1,
      practice_audience: Audience.EVERYONE,
      create_by: adminId,
      create_time: now,
      update_time: now,
    })
    .execute();
  const rows = demoQuestions().map((q, i) => {
    const ready = normalizeQuestion(q);
    const issues = validateQuestion(ready);
    if (issues.length) throw new Error(`demo question ${i + 1} is not answerable: ${issues.map((x) => x.message).join('; ')}`);
    return toWrite(ready, { id: newId(), repoId: DEMO_REPO_ID, sort: i + 1, userId: adminId, now });
  });
  await trx.insertInto('qu').values(rows.map((r) => r.row)).execute();
  const tags = rows.flatMap((r) => r.tags.map((name) => ({ qu_id: r.row.id, repo_id: DEMO_REPO_ID, name })));
  if (tags.length) await trx.insertInto('qu_tag').values(tags).execute();
}
