import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { newId } from '../lib/ids';
import { ROOT_DEPT_ID, STUDENT_ROLE_ID } from './constants';
import { seedDemoBank } from './demoBank';
import { seedDemoCourse } from './demoCourse';
import { seedDemoExam } from './demoExam';

/**
 * Demo content for a first look: two departments, a learner, notices and messages. Runs once,
 * with the administrator, inside the bootstrap transaction.
 */
export async function seedDemo(trx: Transaction<DB>, adminId: string, now: number, learner: { password: string; hash: string }) {
  const training = newId();
  const sales = newId();
  await trx
    .insertInto('sys_depart')
    .values([
      { id: training, parent_id: ROOT_DEPT_ID, dept_name: '培训部', dept_code: 'TRAIN', sort: 1, create_time: now },
      { id: sales, parent_id: ROOT_DEPT_ID, dept_name: '销售部', dept_code: 'SALES', sort: 2, create_time: now },
    ])
    .execute();

  const learnerId = newId();
  await trx
    .insertInto('sys_user')
    .values({
      id: learnerId,
      user_name: 'student',
      real_name: '张同学',
      password_hash: learner.hash,
      avatar: '',
      mobile: '13800138000',
      email: '',
      dept_id: training,
      state: 0,
      create_time: now,
      update_time: now,
    })
    .execute();
  await trx.insertInto('sys_user_role').values({ user_id: learnerId, role_id: STUDENT_ROLE_ID }).execute();

  const notices = [
    {
      title: '欢迎使用 Examhall 在线考试平台',
      content:
        '<p>各位学员好！</p><p>平台提供<strong>课程学习</strong>、<strong>在线考试</strong>与<strong>题库训练</strong>。请在“用户中心”完善个人资料并修改初始密码。</p>',
      target_type: 1,
      depts: [] as string[],
    },
    {
      title: '培训部：本月安全生产培训安排',
      content: '<p>本月安全生产培训将于每周三下午进行，请培训部同事按时参加。</p><ul><li>地点：三楼会议室</li><li>时间：14:00-16:00</li></ul>',
      target_type: 2,
      depts: [training],
    },
  ];
  for (const [i, n] of notices.entries()) {
    const id = newId();
    const at = now - (notices.length - i) * 3600_000;
    await trx
      .insertInto('sys_notice')
      .values({ id, title: n.title, content: n.content, state: 1, target_type: n.target_type, create_by: adminId, publish_time: at, create_time: at, update_time: at })
      .execute();
    if (n.depts.length) await trx.insertInto('sys_notice_depart').values(n.depts.map((d) => ({ notice_id: id, dept_id: d }))).execute();
  }

  const msgs = [
    { title: '账号已开通', content: '您的学员账号已开通，欢迎参加线上学习与考试。' },
    { title: '请修改初始密码', content: '为了账号安全，请尽快在“用户中心 - 修改密码”中设置新密码。' },
  ];
  for (const m of msgs) {
    const msgId = newId();
    await trx
      .insertInto('sys_msg')
      .values({ id: msgId, title: m.title, content: m.content, target_type: 1, sender_id: adminId, receiver_count: 1, create_time: now })
      .execute();
    await trx
      .insertInto('sys_user_msg')
      .values({ id: newId(), msg_id: msgId, user_id: learnerId, read_state: 0, read_time: null, create_time: now })
      .execute();
  }
  await seedDemoBank(trx, { adminId, now });
  await seedDemoExam(trx, { adminId, now });
  await seedDemoCourse(trx, { adminId, now });
  return { userName: 'student', password: learner.password };
}
