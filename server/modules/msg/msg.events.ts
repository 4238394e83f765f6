import { MsgTarget } from '../../../common/codes';
import type { DomainBus } from '../../context';
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
}
