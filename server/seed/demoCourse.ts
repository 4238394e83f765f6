import fs from 'node:fs';
import path from 'node:path';
import type { Transaction } from 'kysely';
import { ConvertState, CourseFileKind, CourseState } from '../../common/api/course';
import { Audience } from '../../common/codes';
import type { DB } from '../db/schema';
import { newId, newSecretId } from '../lib/ids';

/**
 * The demo course: for everyone, published, files unlocking in order — an 8-second video, a
 * 3-page guide (PDF) and a short lesson. Its files are made by scripts/make-demo-assets.mjs and
 * committed under server/seed/assets/. The rows are written with the rest of the demo (in the
 * bootstrap transaction, which has no data folder); copyDemoCourseFiles puts the bytes under
 * DATA_DIR/course/demo/<random>/ when the course module starts, and again if they go missing.
 */

const ASSETS = path.resolve(import.meta.dirname, 'assets');
const DEMO_PREFIX = 'demo/';

const VIDEO = { asset: 'demo-intro.mp4', mime: 'video/mp4', seconds: 8 };
const GUIDE = { asset: 'demo-guide.pdf', mime: 'application/pdf', pages: 3 };

const INTRO =
  '<p>这是一门<strong>演示课程</strong>，带您了解平台的课程学习：</p>' +
  '<ul><li>观看一段短视频，学习时长由服务器按实际播放时间记录；</li>' +
  '<li>阅读一份三页的学习指南，每一页都要看到；</li>' +
  '<li>最后读一节图文课。</li></ul>' +
  '<p>课件按顺序解锁：完成前一个，才能学习下一个。全部完成后，课程即完成。</p>';

const LESSON =
  '<h3>学习小贴士</h3><p>学习时请保持页面在前台：页面隐藏或视频暂停时不计学习时长。</p>' +
  '<p>同时打开多个页面不会重复计时。学习记录可在“用户中心”查看。</p>';

const size = (asset: string) => {
  try {
    return fs.statSync(path.join(ASSETS, asset)).size;
  } catch {
    return 0;
  }
};

export async function seedDemoCourse(trx: Transaction<DB>, { adminId, now }: { adminId: string; now: number }): Promise<void> {
  const courseId = newId();
  await trx
    .insertInto('course')
    .values({
      id: courseId,
      title: '平台学习入门（演示课程）',
      cover: '',
      content: INTRO,
      cat_id: null,
      teacher: '培训部',
      class_hours: 0.5,
      audience: Audience.EVERYONE,
      required: 1,
      state: CourseState.PUBLISHED,
      deadline: null,
      unlock_in_order: 1,
      exam_id: '',
      check_minutes: 0,
      no_skip: 1,
      create_by: adminId,
      publish_time: now,
      create_time: now,
      update_time: now,
    })
    .execute();
  const chapterId = newId();
  await trx.insertInto('course_chapter').values({ id: chapterId, course_id: courseId, title: '第一章 认识课程学习', sort: 1, create_time: now }).execute();
  const file = (sort: number, title: string, kind: number, extra: Partial<DB['course_file']>) => ({
    id: newId(),
    course_id: courseId,
    chapter_id: chapterId,
    title,
    kind,
    file_name: '',
    mime: '',
    size: 0,
    storage_key: '',
    content: '',
    duration_sec: 0,
    page_count: 0,
    need_seconds: 0,
    need_all_pages: 0,
    sort,
    conv_state: ConvertState.NONE,
    conv_key: '',
    conv_error: '',
    conv_attempts: 0,
    conv_time: null,
    create_by: adminId,
    create_time: now,
    update_time: now,
    ...extra,
  });
  await trx
    .insertInto('course_file')
    .values([
      file(1, '课程介绍视频', CourseFileKind.VIDEO, {
        file_name: VIDEO.asset,
        mime: VIDEO.mime,
        size: size(VIDEO.asset),
        storage_key: `${DEMO_PREFIX}${newSecretId()}/${VIDEO.asset}`,
        duration_sec: VIDEO.seconds,
        need_seconds: VIDEO.seconds,
      }),
      file(2, '学习指南', CourseFileKind.PDF, {
        file_name: GUIDE.asset,
        mime: GUIDE.mime,
        size: size(GUIDE.asset),
        storage_key: `${DEMO_PREFIX}${newSecretId()}/${GUIDE.asset}`,
        page_count: GUIDE.pages,
        need_seconds: 20,
        need_all_pages: 1,
      }),
      file(3, '学习小贴士', CourseFileKind.LESSON, { content: LESSON, need_seconds: 10 }),
    ])
    .execute();
}

/** Copies the demo course's files into the data folder where they are missing (keys name the asset last). */
export async function copyDemoCourseFiles(courseRoot: string, storageKeys: readonly string[]): Promise<void> {
  for (const key of storageKeys) {
    if (!key.startsWith(DEMO_PREFIX)) continue;
    const asset = path.posix.basename(key);
    const source = path.join(ASSETS, asset);
    const target = path.resolve(courseRoot, key);
    if (!target.startsWith(courseRoot + path.sep) || fs.existsSync(target) || !fs.existsSync(source)) continue;
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.copyFile(source, target);
  }
}

export const DEMO_COURSE_KEY_PREFIX = DEMO_PREFIX;
