import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../common/errorCodes';
import { Perm, type PermTag } from '../../common/permissions';
import type { RoleRecord } from '../../common/api';
import { FACE_MODEL } from '../../server/modules/identity/face/face.match';
import { LOGIN_LIMITS } from '../../server/modules/identity/password.provider';
import { fakeDescriptor, jitter } from './face.helpers';
import { DIALECTS, insertUser, TEST_PASSWORD, useTestApp, type TestContext } from './helpers';

const A = fakeDescriptor(11);
const B = fakeDescriptor(22);
const C = fakeDescriptor(33);
const E = fakeDescriptor(55);
/** A tiny JPEG (SOI, JFIF, EOI is not enough for file-type: a real 1×1 baseline JPEG). */
const JPEG_1PX =
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';

/** Every answer of the test, to look for descriptor values in. */
const answers: string[] = [];

function faceCalls(t: TestContext) {
  const post = async (url: string, body: unknown, token?: string, address = '10.9.0.1') => {
    const r = await t.app.inject({ method: 'POST', url, payload: body as object, remoteAddress: address, headers: token ? { token } : {} });
    answers.push(r.body);
    return r.json() as { code: number; msg: string; data: any };
  };
  return {
    post,
    enrol: (token: string, descriptor: unknown, extra: Record<string, unknown> = {}) =>
      post('/api/sys/user/face/enrol', { descriptor, liveness: 0.9, model: FACE_MODEL, version: '3.3.6', ...extra }, token),
    login: (body: Record<string, unknown>, address?: string) => post('/api/sys/user/face-login', { liveness: 0.9, ...body }, undefined, address),
    setSite: async (over: Record<string, unknown>) => {
      const admin = await t.adminToken();
      const site = (await t.call('/api/sys/config/detail', { id: 1 })).body.data;
      const r = await t.call('/api/sys/config/save', { ...site, ...over }, admin);
      expect(r.body.code, r.body.msg).toBe(0);
      return r.body.data;
    },
  };
}

describe.each(DIALECTS)('face sign-in and enrolment on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('is off by default; an enrolled user signs in by face 1:1 and 1:N once switched on, a different face is refused', async () => {
    const f = faceCalls(t);
    const site = (await t.call('/api/sys/config/detail', { id: 1 })).body.data;
    expect(site).toMatchObject({ loginFace: false, faceKeepPhoto: false, faceThreshold: 60, faceLiveness: 40 });
    const ann = await insertUser(t, 'face_ann');
    const bob = await insertUser(t, 'face_bob');
    expect((await f.post('/api/sys/user/face/status', {}, ann.token)).data).toEqual({ enrolled: false, keepPhoto: false, hasPhoto: false });
    const enrolled = await f.enrol(ann.token, A);
    expect(enrolled.code, enrolled.msg).toBe(0);
    expect(enrolled.msg).toBe('人脸录入成功');
    expect(enrolled.data).toMatchObject({ enrolled: true, hasPhoto: false });
    expect((await f.enrol(bob.token, C)).code).toBe(0);

    expect((await f.login({ userName: 'face_ann', descriptor: jitter(A, 1) })).code).toBe(ErrorCode.SIGNIN_METHOD_OFF);
    await f.setSite({ loginFace: true });

    const one = await f.login({ userName: 'face_ann', descriptor: jitter(A, 2) });
    expect(one.code, one.msg).toBe(0);
    expect(one.data.user.userName).toBe('face_ann');
    expect((await t.call('/api/sys/user/info', {}, one.data.token)).body.data.userName).toBe('face_ann');
    const any = await f.login({ descriptor: jitter(A, 3) });
    expect(any.code, any.msg).toBe(0);
    expect(any.data.user.userName).toBe('face_ann');

    const wrong = await f.login({ userName: 'face_ann', descriptor: B });
    expect(wrong).toMatchObject({ code: ErrorCode.FACE_MISMATCH, msg: '人脸识别未通过，请确认是本人并已录入人脸' });
    expect((await f.login({ descriptor: B })).code).toBe(ErrorCode.FACE_MISMATCH);
    // Bob's face under Ann's name is no way into Ann's account.
    expect((await f.login({ userName: 'face_ann', descriptor: jitter(C, 4) })).code).toBe(ErrorCode.FACE_MISMATCH);
    // Nobody of that name, or no enrolment: the same answer.
    expect((await f.login({ userName: 'nobody_here', descriptor: jitter(A, 5) })).code).toBe(ErrorCode.FACE_MISMATCH);
    const audits = await t.database.db.selectFrom('sys_signin_audit').select(['provider', 'result']).where('provider', '=', 'face').execute();
    expect(audits.filter((a) => a.result === 0)).toHaveLength(2);
    expect(audits.filter((a) => a.result === ErrorCode.FACE_MISMATCH)).toHaveLength(4);
  });

  it('validates the descriptor and the liveness, and keeps no photo unless the site says so', async () => {
    const f = faceCalls(t);
    const u = await insertUser(t, 'face_val');
    const A = E;
    const invalid = { code: ErrorCode.FACE_INVALID, msg: '人脸数据无效，请重新采集' };
    expect(await f.enrol(u.token, A.slice(1))).toMatchObject(invalid);
    expect(await f.enrol(u.token, A.map((v, i) => (i === 3 ? 1e6 : v)))).toMatchObject(invalid);
    expect(await f.enrol(u.token, new Array(A.length).fill(0))).toMatchObject(invalid);
    expect((await f.enrol(u.token, A.map((v, i) => (i === 3 ? 'x' : v)))).code).not.toBe(0);
    expect((await f.enrol(u.token, new Array(5000).fill(0.1))).code).not.toBe(0);
    expect((await f.enrol(u.token, A, { model: 'mobileface' })).code).toBe(ErrorCode.FACE_INVALID);
    // 1e999 is Infinity once parsed.
    const raw = await t.app.inject({
      method: 'POST', url: '/api/sys/user/face/enrol', headers: { token: u.token, 'content-type': 'application/json' },
      payload: `{"descriptor":[${A.slice(1).join(',')},1e999],"liveness":0.9,"model":"faceres","version":"3.3.6"}`,
    });
    expect(raw.json().code).not.toBe(0);
    expect(await f.enrol(u.token, A, { liveness: 0.39 })).toMatchObject({ code: ErrorCode.FACE_NOT_LIVE, msg: '活体检测未通过，请本人正对摄像头重试' });
    expect((await f.enrol(u.token, A, { liveness: 1.5 })).code).not.toBe(0);
    expect(await f.enrol(u.token, A, { photo: `data:image/jpeg;base64,${JPEG_1PX}` })).toMatchObject({ code: 1, msg: '本站不保存人脸照片，请勿上传照片' });
    expect((await f.post('/api/sys/user/face/status', {}, u.token)).data.enrolled).toBe(false);
    expect(await t.database.db.selectFrom('sys_file').select('id').where('kind', '=', 'face').execute()).toHaveLength(0);

    await f.setSite({ loginFace: true, faceKeepPhoto: true, faceLiveness: 70 });
    expect((await f.enrol(u.token, A, { liveness: 0.69 })).code).toBe(ErrorCode.FACE_NOT_LIVE);
    const kept = await f.enrol(u.token, A, { liveness: 0.7, photo: `data:image/jpeg;base64,${JPEG_1PX}` });
    expect(kept.code, kept.msg).toBe(0);
    expect(kept.data).toMatchObject({ enrolled: true, keepPhoto: true, hasPhoto: true });
    expect(await t.database.db.selectFrom('sys_file').select('id').where('kind', '=', 'face').execute()).toHaveLength(1);
    // Sign-in refuses a capture below the liveness threshold before looking at any face.
    expect((await f.login({ userName: 'face_val', descriptor: A, liveness: 0.5 })).code).toBe(ErrorCode.FACE_NOT_LIVE);
    expect((await f.login({ userName: 'face_val', descriptor: A.slice(2) })).code).toBe(ErrorCode.FACE_INVALID);
    expect((await f.login({ userName: 'face_val', descriptor: A, liveness: 0.7 })).code).toBe(0);
    // Deleting my enrolment deletes the photo too, and the face no longer signs in.
    expect((await f.post('/api/sys/user/face/delete', {}, u.token)).code).toBe(0);
    expect(await t.database.db.selectFrom('sys_file').select('id').where('kind', '=', 'face').execute()).toHaveLength(0);
    expect((await f.login({ userName: 'face_val', descriptor: A, liveness: 0.7 })).code).toBe(ErrorCode.FACE_MISMATCH);
    expect((await f.login({ descriptor: A, liveness: 0.7 })).code).toBe(ErrorCode.FACE_MISMATCH);
    await f.setSite({ faceKeepPhoto: false, faceLiveness: 40 });
    expect((await t.call('/api/sys/config/save', { ...(await t.call('/api/sys/config/detail', { id: 1 })).body.data, faceThreshold: 20 }, await t.adminToken())).body.code).not.toBe(0);
  });

  it("deletes a deleted user's enrolment and kept photo with them, on disk too", async () => {
    const f = faceCalls(t);
    await f.setSite({ loginFace: true, faceKeepPhoto: true, faceLiveness: 40 });
    const u = await insertUser(t, 'face_gone');
    expect((await f.enrol(u.token, A, { liveness: 0.9, photo: `data:image/jpeg;base64,${JPEG_1PX}` })).code).toBe(0);
    const file = await t.database.db.selectFrom('sys_file').select(['id', 'storage_key']).where('kind', '=', 'face').where('create_by', '=', u.id).executeTakeFirstOrThrow();
    const onDisk = path.join(t.config.dataDir, 'files', file.storage_key);
    expect(fs.existsSync(onDisk)).toBe(true);

    expect((await t.call('/api/sys/user/delete', { ids: [u.id] }, await t.adminToken())).body.code).toBe(0);
    expect(await t.database.db.selectFrom('sys_user_face').select('user_id').where('user_id', '=', u.id).execute()).toHaveLength(0);
    expect(await t.database.db.selectFrom('sys_file').select('id').where('id', '=', file.id).execute()).toHaveLength(0);
    expect(fs.existsSync(onDisk)).toBe(false);
    await f.setSite({ faceKeepPhoto: false });
  });

  it('throttles face failures like passwords: per account and address pair, and per address', async () => {
    const f = faceCalls(t);
    await f.setSite({ loginFace: true });
    const u = await insertUser(t, 'face_thr');
    expect((await f.enrol(u.token, A)).code).toBe(0);
    const here = '10.9.1.1';
    // A password typed wrong and four wrong faces: the pair's five failures are spent.
    await t.app.inject({ method: 'POST', url: '/api/sys/user/login', payload: { username: 'face_thr', password: 'Wrong1234' }, remoteAddress: here });
    for (let i = 0; i < 4; i++) expect((await f.login({ userName: 'face_thr', descriptor: B }, here)).code).toBe(ErrorCode.FACE_MISMATCH);
    expect(await f.login({ userName: 'face_thr', descriptor: jitter(A, 7) }, here)).toMatchObject({ code: ErrorCode.RATE_LIMITED, msg: '登录失败次数过多，请15分钟后再试' });
    // Elsewhere the owner still gets in, and that gives their failures there back.
    expect((await f.login({ userName: 'face_thr', descriptor: jitter(A, 8) }, '10.9.1.2')).code).toBe(0);
    // Searches without a name count against the address.
    const limiter = t.app.ctx.limiter.for(LOGIN_LIMITS.address);
    const before = await limiter.count('10.9.1.3');
    for (let i = 0; i < 3; i++) await f.login({ descriptor: fakeDescriptor(500 + i) }, '10.9.1.3');
    expect((await limiter.count('10.9.1.3')) - before).toBe(3);
    // An unlock by an administrator clears the account's locks for face sign-in as well.
    expect((await t.call('/api/sys/user/unlock', { ids: [u.id] }, await t.adminToken())).body.code).toBe(0);
    expect((await f.login({ userName: 'face_thr', descriptor: jitter(A, 9) }, here)).code).toBe(0);
    expect((await t.call('/api/sys/user/login', { username: 'face_thr', password: TEST_PASSWORD })).body.code).toBe(0);
  });

  it('a face that matches two enrolments signs nobody in without a user name', async () => {
    const f = faceCalls(t);
    await f.setSite({ loginFace: true });
    const one = await insertUser(t, 'twin_one');
    const two = await insertUser(t, 'twin_two');
    const D = fakeDescriptor(44);
    expect((await f.enrol(one.token, D)).code).toBe(0);
    expect((await f.enrol(two.token, jitter(D, 1, 0.01))).code).toBe(0);
    expect((await f.login({ descriptor: jitter(D, 2, 0.01) })).code).toBe(ErrorCode.FACE_NAME_NEEDED);
    expect((await f.login({ userName: 'twin_two', descriptor: jitter(D, 3, 0.01) })).code).toBe(0);
  });

  it('administrators see who is enrolled and clear enrolments, never of a user holding what they lack', async () => {
    const f = faceCalls(t);
    const admin = await t.adminToken();
    const u = await insertUser(t, 'face_adm');
    expect((await f.enrol(u.token, A)).code).toBe(0);
    const adminId = (await t.call('/api/sys/user/info', {}, admin)).body.data.id as string;
    expect((await f.enrol(admin, B)).code).toBe(0);
    const page = await f.post('/api/sys/user/paging', { current: 1, size: 100, params: {} }, admin);
    const byName = new Map<string, any>(page.data.records.map((r: any) => [r.userName, r]));
    expect(byName.get('face_adm').faceEnrolled).toBe(true);
    expect(byName.get('admin').faceEnrolled).toBe(true);
    expect((await f.post('/api/sys/user/detail', { id: u.id }, admin)).data.faceEnrolled).toBe(true);

    // Staff holding only sys:user:state may clear a learner's enrolment, not the super administrator's.
    const perms: PermTag[] = [Perm.userState];
    const menus = await t.database.db.selectFrom('sys_menu').select('id').where('permission_tag', 'in', perms).execute();
    const role = await t.call<RoleRecord>('/api/sys/role/save', { roleCode: 'only_face', roleName: '仅状态', roleType: 2, menuIds: menus.map((m) => m.id) }, admin);
    const staff = await insertUser(t, 'staff_face', { roleIds: [role.body.data.id] });
    expect(await f.post('/api/sys/user/face/clear', { ids: [adminId] }, staff.token)).toMatchObject({ code: ErrorCode.FORBIDDEN, msg: '不能操作拥有您所没有权限的用户：admin' });
    expect((await f.post('/api/sys/user/face/clear', { ids: [u.id] }, u.token)).code).toBe(ErrorCode.FORBIDDEN);
    expect((await f.post('/api/sys/user/face/clear', { ids: [u.id] }, staff.token)).code).toBe(0);
    expect((await f.post('/api/sys/user/face/status', {}, u.token)).data.enrolled).toBe(false);
    expect((await f.post('/api/sys/user/face/status', {}, admin)).data.enrolled).toBe(true);
    expect((await f.post('/api/sys/user/face/clear', { ids: ['no_such_user'] }, admin)).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('never sends a descriptor back: no answer of this file carries one of its values', async () => {
    const stored = await t.database.db.selectFrom('sys_user_face').select('descriptor').execute();
    expect(stored.length).toBeGreaterThan(0);
    expect(answers.length).toBeGreaterThan(40);
    for (const body of answers) {
      expect(body).not.toMatch(/"descriptor"\s*:/);
      for (const d of [A, B, C, E]) {
        expect(body.includes(String(d[0]))).toBe(false);
        expect(body.includes(Math.fround(d[1]).toString())).toBe(false);
      }
      for (const s of stored) expect(body.includes(s.descriptor.slice(0, 24))).toBe(false);
    }
  });
});
