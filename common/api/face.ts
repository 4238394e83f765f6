import { Type, type Static } from '@sinclair/typebox';
import { Perm } from '../permissions';
import { defineApi } from './endpoint';
import { Done, EmptyBody, IdsBody, Millis } from './base';
import { TokenResult } from './user';

/**
 * A face descriptor as the browser computed it. The schema only bounds the size and the numbers
 * (as every call's body does); the server checks the rest (length, the model's range) and says
 * what is wrong in Chinese.
 */
const Descriptor = Type.Array(Type.Number({ minimum: -1e9, maximum: 1e9 }), { maxItems: 2048 });
/** The capture's liveness: the lower of the anti-spoof and liveness scores, 0..1. */
const Liveness = Type.Number({ minimum: 0, maximum: 1 });

/** /api/sys/user/face-login: without userName the face is searched among every enrolled user. */
export const FaceLoginBody = Type.Object({
  userName: Type.Optional(Type.String({ maxLength: 64 })),
  descriptor: Descriptor,
  liveness: Liveness,
});
export type FaceLoginBody = Static<typeof FaceLoginBody>;

/** Enrol (or re-enrol) my face. photo: the capture as a JPEG data URL, only sent when the site keeps enrolment photos. */
export const FaceEnrolBody = Type.Object({
  descriptor: Descriptor,
  liveness: Liveness,
  model: Type.String({ maxLength: 32 }),
  version: Type.String({ maxLength: 16 }),
  photo: Type.Optional(Type.String({ maxLength: 700_000 })),
});
export type FaceEnrolBody = Static<typeof FaceEnrolBody>;

/** Whether I am enrolled, and since when. Never the descriptor. */
export const FaceStatus = Type.Object({
  enrolled: Type.Boolean(),
  createTime: Type.Optional(Millis),
  /** The site keeps enrolment photos (the page says so before capture). */
  keepPhoto: Type.Boolean(),
  hasPhoto: Type.Boolean(),
});
export type FaceStatus = Static<typeof FaceStatus>;

export const faceApi = defineApi('face', {
  login: { path: '/api/sys/user/face-login', access: 'public', body: FaceLoginBody, response: TokenResult, summary: 'Sign in with a face descriptor computed in the browser', okMsg: '登录成功' },
  status: { path: '/api/sys/user/face/status', access: 'login', body: EmptyBody, response: FaceStatus, summary: 'Whether I have a face enrolment (the descriptor is never sent back)' },
  enrol: { path: '/api/sys/user/face/enrol', access: 'login', body: FaceEnrolBody, response: FaceStatus, summary: 'Enrol my face (replaces an earlier enrolment)', okMsg: '人脸录入成功', bodyLimit: 1024 * 1024 },
  remove: { path: '/api/sys/user/face/delete', access: 'login', body: EmptyBody, response: Done, summary: 'Delete my face enrolment', okMsg: '人脸信息已删除' },
  clear: { path: '/api/sys/user/face/clear', access: { perm: Perm.userState }, body: IdsBody, response: Done, summary: 'Clear the face enrolments of users (admin)', okMsg: '已清除人脸信息' },
});
