import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseCatalogNode, CourseOutline, CourseRecord, MyCourseRecord } from '../../common/api';
import { CourseTab } from '../../common/api/course';
import { ErrorCode } from '../../common/errorCodes';
import { createDeptTree, DIALECTS, insertUser, useTestApp, type TestContext } from './helpers';
import { myDetail, saveCourse, saveLesson } from './course.helpers';

const titles = (records: Array<{ title: string }>) => records.map((r) => r.title).sort();

async function myCourses(t: TestContext, token: string, params: Record<string, unknown> = {}): Promise<MyCourseRecord[]> {
  const r = await t.call('/api/course/learn/my-paging', { current: 1, size: 100, params }, token);
  expect(r.body.code, r.body.msg).toBe(0);
  return r.body.data.records;
}

describe.each(DIALECTS)('course administration on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));

  it('keeps categories as a tree, refuses to delete one holding courses, and filters courses by a category with its sub-categories', async () => {
    const admin = await t.adminToken();
    const save = async (body: Record<string, unknown>) => (await t.call('/api/course/catalog/save', body, admin)).body;
    const top = (await save({ title: '通用课程' })).data;
    const sub = (await save({ title: '安全', parentId: top.id })).data;
    const other = (await save({ title: '管理课程' })).data;
    expect((await save({ title: '安全', parentId: top.id })).code).toBe(ErrorCode.DUPLICATE);
    expect((await save({ id: top.id, title: '通用课程', parentId: sub.id })).msg).toBe('上级分类不能是本分类或其下级分类');

    const inSub = await saveCourse(t, { title: '消防安全', catId: sub.id });
    await saveCourse(t, { title: '领导力', catId: other.id });
    const tree = (await t.call<CourseCatalogNode[]>('/api/course/catalog/tree', {}, admin)).body.data;
    const general = tree.find((n) => n.id === top.id)!;
    expect(general.children).toMatchObject([{ id: sub.id, title: '安全', courseCount: 1 }]);

    const paged = await t.call('/api/course/course/paging', { current: 1, size: 50, params: { catId: top.id } }, admin);
    expect(titles(paged.body.data.records)).toEqual(['消防安全']);
    expect(paged.body.data.records[0]).toMatchObject({ catId: sub.id, catName: '安全' });

    const refused = await t.call('/api/course/catalog/delete', { ids: [sub.id] }, admin);
    expect(refused.body).toMatchObject({ code: ErrorCode.FAIL, msg: '分类“安全”下还有课程，请先移走或删除这些课程' });
    await t.call('/api/course/course/delete', { ids: [inSub.id] }, admin);
    expect((await t.call('/api/course/catalog/delete', { ids: [top.id] }, admin)).body.msg).toBe('分类“通用课程”下还有子分类，请先删除子分类');
    expect((await t.call('/api/course/catalog/delete', { ids: [top.id, sub.id] }, admin)).body.code).toBe(0);
    const sorted = await t.call('/api/course/catalog/sort', { id: other.id, sort: 5 }, admin);
    expect(sorted.body).toMatchObject({ code: 0, data: { sort: 5 } });
  });

  it('saves a course with a sanitized introduction, validates its fields, and publishes or withdraws it', async () => {
    const admin = await t.adminToken();
    const course = await saveCourse(t, {
      title: '  数据安全  ',
      content: '<p onclick="x()">介绍</p><script>alert(1)</script>',
      cover: '/api/sys/file/get/abc123',
      classHours: 1.26,
      state: 0,
      deadline: 1_900_000_000_000,
      checkMinutes: 10,
      noSkip: true,
      unlockInOrder: true,
      examId: 'e1',
    });
    expect(course).toMatchObject({
      title: '数据安全',
      content: '<p>介绍</p>',
      classHours: 1.3,
      state: 0,
      publishTime: null,
      deadline: 1_900_000_000_000,
      checkMinutes: 10,
      noSkip: true,
      unlockInOrder: true,
      examId: 'e1',
      fileCount: 0,
      createByName: '系统管理员',
    });
    const bad = async (fields: Record<string, unknown>) => (await t.call('/api/course/course/save', { ...course, ...fields }, admin)).body;
    expect((await bad({ cover: 'javascript:alert(1)' })).msg).toBe('封面图片地址不正确，请重新上传封面');
    expect((await bad({ audience: 2, departIds: [] })).msg).toBe('请选择课程的学习部门');
    expect((await bad({ audience: 3, userIds: [] })).msg).toBe('请选择课程的学习人员');
    expect((await bad({ audience: 3, userIds: ['nobody'] })).msg).toBe('所选人员不存在或已被删除，请刷新后重试');
    expect((await bad({ audience: 2, departIds: ['nodept'] })).msg).toBe('所选部门不存在或已被删除');
    expect((await bad({ catId: 'nocat' })).msg).toBe('所选课程分类不存在或已被删除');
    expect((await bad({ examId: 'bad id!' })).msg).toBe('关联的考试不正确');
    expect((await bad({ checkMinutes: 100000 })).code).toBe(ErrorCode.BAD_REQUEST);

    const published = await t.call('/api/course/course/state', { ids: [course.id], state: 1 }, admin);
    expect(published.body).toMatchObject({ code: 0, msg: '发布成功' });
    const detail = (await t.call<CourseRecord>('/api/course/course/detail', { id: course.id }, admin)).body.data;
    expect(detail.state).toBe(1);
    expect(detail.publishTime).not.toBeNull();
    expect((await t.call('/api/course/course/state', { ids: [course.id], state: 0 }, admin)).body.msg).toBe('已取消发布');
  });

  it('every administrative call needs its permission tag; learners are refused', async () => {
    const learner = (await insertUser(t, `perm_${dialect}`)).token;
    const course = await saveCourse(t, { title: '权限课程' });
    const calls: Array<[string, unknown]> = [
      ['/api/course/catalog/tree', {}],
      ['/api/course/catalog/save', { title: 'x' }],
      ['/api/course/course/paging', { current: 1, size: 10 }],
      ['/api/course/course/detail', { id: course.id }],
      ['/api/course/course/save', { ...course, id: undefined }],
      ['/api/course/course/delete', { ids: [course.id] }],
      ['/api/course/course/state', { ids: [course.id], state: 0 }],
      ['/api/course/chapter/list', { courseId: course.id }],
      ['/api/course/chapter/save', { courseId: course.id, title: 'x' }],
      ['/api/course/file/save', { courseId: course.id, title: 'x', content: '<p>x</p>' }],
      ['/api/course/file/delete', { ids: ['x'] }],
      ['/api/course/file/convert', { ids: ['x'] }],
      ['/api/course/record/paging', { current: 1, size: 10, params: { courseId: course.id } }],
      ['/api/course/record/export', { params: { courseId: course.id } }],
      ['/api/course/record/user-paging', { current: 1, size: 10, params: { userId: 'x' } }],
    ];
    for (const [url, body] of calls) {
      const r = await t.call(url, body, learner);
      expect(r.body.code, url).toBe(ErrorCode.FORBIDDEN);
      expect((await t.call(url, body)).body.code, url).toBe(ErrorCode.SESSION_INVALID);
    }
    // An administrator whose role lacks the course tags is refused too.
    const admin = await t.adminToken();
    const role = await t.call('/api/sys/role/save', { roleCode: `noc_${dialect}`, roleName: '无课程权限', roleType: 2, menuIds: [] }, admin);
    expect(role.body.code, role.body.msg).toBe(0);
    const staff = (await insertUser(t, `staff_${dialect}`, { roleIds: [role.body.data.id] })).token;
    expect((await t.call('/api/course/course/paging', { current: 1, size: 10 }, staff)).body.code).toBe(ErrorCode.FORBIDDEN);
    expect((await t.call('/api/course/course/paging', { current: 1, size: 10 }, admin)).body.code).toBe(0);
  });

  it('chapters and lessons: ordered outline, refusal to delete a chapter holding files, sorting within a chapter', async () => {
    const admin = await t.adminToken();
    const course = await saveCourse(t, { title: '章节课程' });
    const ch = async (title: string) => (await t.call('/api/course/chapter/save', { courseId: course.id, title }, admin)).body.data;
    const c1 = await ch('第一章');
    const c2 = await ch('第二章');
    const loose = await saveLesson(t, course.id, '导读', 0);
    const a = await saveLesson(t, course.id, '1.1', 10, c1.id);
    const b = await saveLesson(t, course.id, '1.2', 10, c1.id);
    const c = await saveLesson(t, course.id, '2.1', 10, c2.id);
    expect((await t.call('/api/course/file/save', { courseId: course.id, title: '空', content: '<p> </p>' }, admin)).body.msg).toBe('图文课的内容不能为空');
    expect((await t.call('/api/course/file/save', { courseId: course.id, chapterId: 'nope', title: 'x', content: '<p>x</p>' }, admin)).body.msg).toBe(
      '所选章节不存在或不属于本课程',
    );

    const outline = async () => (await t.call<CourseOutline>('/api/course/chapter/list', { courseId: course.id }, admin)).body.data;
    let o = await outline();
    expect(o.files.map((f) => f.id)).toEqual([loose.id]);
    expect(o.chapters.map((x) => [x.title, x.files.map((f) => f.title)])).toEqual([
      ['第一章', ['1.1', '1.2']],
      ['第二章', ['2.1']],
    ]);
    expect(o.files[0]).toMatchObject({ kind: 5, viewer: 'lesson', url: '', content: '<p>导读</p>' });

    await t.call('/api/course/file/sort', { id: b.id, sort: -1 }, admin);
    await t.call('/api/course/chapter/sort', { id: c2.id, sort: -1 }, admin);
    o = await outline();
    expect(o.chapters.map((x) => [x.title, x.files.map((f) => f.title)])).toEqual([
      ['第二章', ['2.1']],
      ['第一章', ['1.2', '1.1']],
    ]);
    expect((await t.call('/api/course/file/sort', { id: c.id, sort: -1 }, admin)).body.msg).toBe('已经是同级的第一个，无法上移');

    const refused = await t.call('/api/course/chapter/delete', { ids: [c1.id] }, admin);
    expect(refused.body.msg).toBe('章节“第一章”下还有课件，请先删除或移走这些课件');
    // Moving a file to another chapter puts it last there.
    await t.call('/api/course/file/save', { id: a.id, courseId: course.id, chapterId: c2.id, title: '1.1' }, admin);
    await t.call('/api/course/file/delete', { ids: [b.id] }, admin);
    expect((await t.call('/api/course/chapter/delete', { ids: [c1.id] }, admin)).body.code).toBe(0);
    o = await outline();
    expect(o.chapters.map((x) => [x.title, x.files.map((f) => f.title)])).toEqual([['第二章', ['2.1', '1.1']]]);
    expect((await t.call('/api/course/course/paging', { current: 1, size: 50, params: { title: '章节课程' } }, admin)).body.data.records[0]).toMatchObject({
      fileCount: 3,
      needSeconds: 20,
    });
  });

  describe('what learners see', () => {
    const dept = { train: '', group: '', sales: '' };
    const who = { group: { id: '', token: '' }, sales: { id: '', token: '' }, none: { id: '', token: '' } };
    const ids = { all: '', train: '', people: '', draft: '', elective: '' };
    beforeAll(async () => {
      Object.assign(dept, await createDeptTree(t));
      who.group = await insertUser(t, `cg_${dialect}`, { deptId: dept.group });
      who.sales = await insertUser(t, `cs_${dialect}`, { deptId: dept.sales });
      who.none = await insertUser(t, `cn_${dialect}`, { deptId: '' });
      ids.all = (await saveCourse(t, { title: '全员必修' })).id;
      ids.train = (await saveCourse(t, { title: '培训部课程', audience: 2, departIds: [dept.train] })).id;
      ids.people = (await saveCourse(t, { title: '点名课程', audience: 3, userIds: [who.sales.id] })).id;
      ids.draft = (await saveCourse(t, { title: '草稿课程', state: 0 })).id;
      ids.elective = (await saveCourse(t, { title: '选修课程', required: false, deadline: t.clock.now() - 1000 })).id;
      await saveLesson(t, ids.all, '全员第一节', 15);
    });

    it('lists published courses for everyone, for their department (sub-departments included) and for them by name', async () => {
      const mine = async (token: string) => titles(await myCourses(t, token));
      expect(await mine(who.group.token)).toEqual(expect.arrayContaining(['全员必修', '培训部课程', '选修课程']));
      expect(await mine(who.group.token)).not.toContain('点名课程');
      expect(await mine(who.sales.token)).toEqual(expect.arrayContaining(['全员必修', '点名课程']));
      expect(await mine(who.sales.token)).not.toContain('培训部课程');
      expect(await mine(who.none.token)).not.toContain('培训部课程');
      for (const token of [who.group.token, who.sales.token, who.none.token]) expect(await mine(token)).not.toContain('草稿课程');
    });

    it('refuses the detail of a course outside the audience or unpublished, with the same answer', async () => {
      const refusal = { code: ErrorCode.NOT_FOUND, msg: '课程不存在、未发布或不对您开放', data: null };
      expect((await t.call('/api/course/learn/detail', { id: ids.train }, who.sales.token)).body).toEqual(refusal);
      expect((await t.call('/api/course/learn/detail', { id: ids.people }, who.group.token)).body).toEqual(refusal);
      expect((await t.call('/api/course/learn/detail', { id: ids.draft }, who.group.token)).body).toEqual(refusal);
      expect((await t.call('/api/course/learn/detail', { id: 'nope' }, who.group.token)).body).toEqual(refusal);
      const ok = await myDetail(t, who.group.token, ids.train);
      expect(ok).toMatchObject({ title: '培训部课程', teacher: '王老师', content: '<p>课程介绍</p>', state: 0, progress: 0 });
    });

    it('splits courses into the tabs: required, elective, in progress, finished; flags overdue electives', async () => {
      const me = who.none.token;
      const tab = async (value: number) => titles(await myCourses(t, me, { tab: value }));
      expect(await tab(CourseTab.REQUIRED)).toContain('全员必修');
      expect(await tab(CourseTab.REQUIRED)).not.toContain('选修课程');
      expect(await tab(CourseTab.ELECTIVE)).toContain('选修课程');
      expect(await tab(CourseTab.LEARNING)).toEqual([]);
      const file = (await myDetail(t, me, ids.all)).files[0];
      await t.call('/api/course/learn/beat', { courseId: ids.all, fileId: file.id, pageSession: 'tabs-test-page-session', position: 0, playing: true, visible: true }, me);
      expect(await tab(CourseTab.LEARNING)).toEqual(['全员必修']);
      t.clock.advance(15_000);
      await t.call('/api/course/learn/beat', { courseId: ids.all, fileId: file.id, pageSession: 'tabs-test-page-session', position: 0, playing: true, visible: true }, me);
      expect(await tab(CourseTab.LEARNING)).toEqual([]);
      expect(await tab(CourseTab.FINISHED)).toEqual(['全员必修']);
      const card = (await myCourses(t, me, { tab: CourseTab.FINISHED }))[0];
      expect(card).toMatchObject({ progress: 100, state: 2, doneCount: 1, fileCount: 1, learnedSeconds: 15, needSeconds: 15, overdue: false });
      expect((await myCourses(t, me, { tab: CourseTab.ELECTIVE })).find((c) => c.title === '选修课程')).toMatchObject({ overdue: true, state: 0 });
    });
  });
});
