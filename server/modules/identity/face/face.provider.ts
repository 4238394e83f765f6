import type { FaceLoginBody } from '../../../../common/api';
import { ErrorCode } from '../../../../common/errorCodes';
import { AppError } from '../../../lib/errors';
import { findUserById } from '../../user/user.service';
import { reserveAccountTry } from '../password.provider';
import type { IdentityProvider } from '../signIn';
import { matchesEnrolment, searchEnrolments } from './face.service';

const mismatch = () => new AppError(ErrorCode.FACE_MISMATCH, '人脸识别未通过，请确认是本人并已录入人脸');

/**
 * A face (/api/sys/user/face-login). The descriptor and liveness are checked before (see the
 * route). With a user name: that account's enrolment, 1:1, failures counted per account and pair
 * like passwords (reserveAccountTry). Without: a bounded search of every enrolment, failures counted
 * per address by signIn.
 */
export const faceProvider: IdentityProvider<FaceLoginBody> = {
  name: 'face',
  enabled: (site) => site.loginFace,
  async verify(ctx, body, meta) {
    const userName = body.userName?.trim();
    if (userName) {
      const tried = await reserveAccountTry(ctx, userName, meta.ip);
      if (!tried.row || !(await matchesEnrolment(ctx, tried.row.id, body.descriptor))) throw mismatch();
      return { user: tried.row, credit: await tried.succeeded() };
    }
    const userId = await searchEnrolments(ctx, body.descriptor);
    const user = userId ? await findUserById(ctx, userId) : undefined;
    if (!user) throw mismatch();
    return { user };
  },
};
