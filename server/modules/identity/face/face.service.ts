import type { FaceEnrolBody, FaceLoginBody, FaceStatus } from '../../../../common/api';
import { ErrorCode } from '../../../../common/errorCodes';
import { inTransaction, type ServiceContext } from '../../../context';
import type { AuthUser } from '../../../caller';
import { AppError, fail } from '../../../lib/errors';
import { getSiteConfig } from '../../config/config.service';
import { deleteStoredFiles, storeBuffer } from '../../file/file.service';
import { findUserById, manageableUsers } from '../../user/user.service';
import { decodeDescriptor, encodeDescriptor, FACE_MODEL, isDescriptor, matchFace, type FaceCandidate } from './face.match';
import * as repo from './face.repository';

/** The 1:N search reads at most this many enrolments (a page at a time); beyond it the user name is asked for. */
export const FACE_SEARCH_MAX = 5_000;
const SEARCH_PAGE = 500;

const invalid = () => new AppError(ErrorCode.FACE_INVALID, '人脸数据无效，请重新采集');
const notLive = () => new AppError(ErrorCode.FACE_NOT_LIVE, '活体检测未通过，请本人正对摄像头重试');

/** The descriptor is one our model computes, and the capture's liveness reaches the site's threshold. */
export function checkFaceCapture(body: Pick<FaceLoginBody, 'descriptor' | 'liveness'>, livenessPercent: number): void {
  if (!isDescriptor(body.descriptor)) throw invalid();
  if (body.liveness * 100 < livenessPercent) throw notLive();
}

/** The threshold of the site (0..1). */
export async function faceThreshold(ctx: ServiceContext): Promise<number> {
  return (await getSiteConfig(ctx)).faceThreshold / 100;
}

/** 1:1 — whether the probe matches the user's enrolment (sign-in with a user name; later, exam identity checks). */
export async function matchesEnrolment(ctx: ServiceContext, userId: string, probe: number[]): Promise<boolean> {
  const row = await repo.findFaceDescriptor(ctx.db, userId, FACE_MODEL);
  if (!row) return false;
  return matchFace(probe, [{ key: row.user_id, descriptor: decodeDescriptor(row.descriptor) }], await faceThreshold(ctx)).key !== null;
}

/**
 * 1:N — the one enrolled user the probe matches, or null. Bounded: past FACE_SEARCH_MAX enrolments
 * the user name is asked for; a face that matches two enrolments matches nobody.
 */
export async function searchEnrolments(ctx: ServiceContext, probe: number[]): Promise<string | null> {
  const needName = () => new AppError(ErrorCode.FACE_NAME_NEEDED, '无法仅凭人脸确定账号，请输入用户名后再刷脸登录');
  if ((await repo.countFaces(ctx.db, FACE_MODEL)) > FACE_SEARCH_MAX) throw needName();
  const threshold = await faceThreshold(ctx);
  const candidates: FaceCandidate<string>[] = [];
  let after = '';
  for (let read = 0; read < FACE_SEARCH_MAX; read += SEARCH_PAGE) {
    const rows = await repo.listFaceDescriptors(ctx.db, FACE_MODEL, after, SEARCH_PAGE);
    for (const r of rows) candidates.push({ key: r.user_id, descriptor: decodeDescriptor(r.descriptor) });
    if (rows.length < SEARCH_PAGE) break;
    after = rows[rows.length - 1].user_id;
  }
  const verdict = matchFace(probe, candidates, threshold);
  if (verdict.key !== null && verdict.rivals > 0) throw needName();
  return verdict.key;
}

async function status(ctx: ServiceContext, userId: string): Promise<FaceStatus> {
  const [row, site] = await Promise.all([repo.findFaceInfo(ctx.db, userId), getSiteConfig(ctx)]);
  return { enrolled: Boolean(row), createTime: row?.create_time, keepPhoto: site.faceKeepPhoto, hasPhoto: Boolean(row?.photo_file_id) };
}

export const myFaceStatus = (ctx: ServiceContext, who: AuthUser): Promise<FaceStatus> => status(ctx, who.id);

const JPEG_DATA_URL = /^data:image\/jpeg;base64,([A-Za-z0-9+/]+=*)$/;

/**
 * Enrols the caller's face (replacing an earlier enrolment). The photo is kept only when the site
 * says so; otherwise one sent is refused, so a client cannot leave pictures behind by mistake.
 */
export async function enrolMyFace(ctx: ServiceContext, who: AuthUser, body: FaceEnrolBody): Promise<FaceStatus> {
  const site = await getSiteConfig(ctx);
  checkFaceCapture(body, site.faceLiveness);
  if (body.model !== FACE_MODEL) throw invalid();
  if (!(await findUserById(ctx, who.id))) throw fail('用户不存在或已被删除');
  let photoFileId: string | null = null;
  if (body.photo !== undefined) {
    if (!site.faceKeepPhoto) throw fail('本站不保存人脸照片，请勿上传照片');
    const m = JPEG_DATA_URL.exec(body.photo);
    if (!m) throw fail('人脸照片格式不正确');
    photoFileId = (await storeBuffer(ctx, who, { kind: 'face', fileName: 'face.jpg', data: Buffer.from(m[1], 'base64') })).id;
  }
  const old = await repo.findFaceInfo(ctx.db, who.id);
  await repo.upsertFace(ctx.db, {
    user_id: who.id,
    descriptor: encodeDescriptor(body.descriptor),
    model: body.model,
    version: body.version.trim().slice(0, 16),
    photo_file_id: photoFileId,
    create_time: ctx.clock.now(),
  });
  if (old?.photo_file_id) await deleteStoredFiles(ctx, [old.photo_file_id]);
  return status(ctx, who.id);
}

/**
 * Deletes the users' enrolments, and the kept photos' files once the transaction commits. Also
 * what user.removed runs in a deletion's transaction (photo rows outlive the user otherwise).
 */
export async function forgetRemovedUsers(tx: ServiceContext, userIds: readonly string[]): Promise<void> {
  const photos = await repo.deleteFaces(tx.db, [...userIds]);
  if (photos.length === 0) return;
  const remove = (outside: ServiceContext) => deleteStoredFiles(outside, photos);
  if (tx.afterCommit) tx.afterCommit.push(remove);
  else await remove(tx);
}

async function removeFaces(ctx: ServiceContext, userIds: string[]): Promise<void> {
  await inTransaction(ctx, (tx) => forgetRemovedUsers(tx, userIds));
}

export const deleteMyFace = (ctx: ServiceContext, who: AuthUser): Promise<void> => removeFaces(ctx, [who.id]);

/** An administrator clears users' enrolments: only of users holding nothing the administrator lacks. */
export async function clearFaces(ctx: ServiceContext, who: AuthUser, ids: string[]): Promise<void> {
  await removeFaces(ctx, await manageableUsers(ctx, who, ids));
}
