import { MsgTarget } from '../../../common/codes';
import { maskMobile, SmsRefused } from '../../lib/sms';
import type { DomainBus } from '../../context';
import { currentSmsGateway, getSiteConfig } from '../config/config.service';
import { sendMsg } from './msg.service';

/** Messages the platform sends on its own when something happens. */
export function subscribeMsg(bus: DomainBus): void {
  // A learner hears when their paper's marking is finished (sent in the marker's name).
  bus.on('paper.marked', 'afterCommit', 'msg.markingDone', async (ctx, e) => {
    await sendMsg(ctx, e.markerId, {
      title: `考试“${e.title}”阅卷完成`,
      content: `您参加的考试“${e.title}”已阅卷完成，可在“我的成绩”中查看结果。`,
      targetType: MsgTarget.USERS,
      userIds: [e.userId],
    });
  });

  // A registration's review: an approved user finds a message on signing in; where SMTP is
  // configured, approved and rejected users with an address are e-mailed too, and where the SMS
  // settings name a notice template, those with a phone number get a text. One that cannot be
  // told (a refused number, a server down) is logged and the others are still told.
  bus.on('user.reviewed', 'afterCommit', 'msg.reviewDone', async (ctx, e) => {
    const site = await getSiteConfig(ctx);
    if (e.approved) {
      await sendMsg(ctx, e.reviewerId, {
        title: '注册审核通过',
        content: `欢迎加入${site.siteName}！您的注册申请已审核通过，现在可以开始学习与考试。`,
        targetType: MsgTarget.USERS,
        userIds: e.users.map((u) => u.id),
      });
    }
    const sms = (await currentSmsGateway(ctx))?.notify;
    if (sms) {
      for (const u of e.users.filter((x) => x.mobile)) {
        await sms({ mobile: u.mobile, notice: 'review', result: e.approved ? '通过' : '未通过' }).catch((err: unknown) =>
          ctx.log.warn(`review notice SMS to ${maskMobile(u.mobile)} not sent: ${err instanceof SmsRefused ? err.detail : String(err)}`),
        );
      }
    }
    const mailer = ctx.mailer;
    if (!mailer) return;
    for (const u of e.users.filter((x) => x.email)) {
      await mailer.send({
        to: u.email,
        subject: `【${site.siteName}】注册审核${e.approved ? '已通过' : '未通过'}`,
        text: e.approved
          ? `${u.realName}，您好：\n您在${site.siteName}的注册申请已审核通过，现在可以登录了。`
          : `${u.realName}，您好：\n很抱歉，您在${site.siteName}的注册申请未通过审核。如有疑问，请联系管理员。`,
      });
    }
  });
}
