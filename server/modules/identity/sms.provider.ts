import type { MobileLoginBody } from '../../../common/api';
import { isMobile, Msg } from '../../../common/validators';
import { fail } from '../../lib/errors';
import { findUserById } from '../user/user.service';
import { useCode } from './code.service';
import type { IdentityProvider } from './signIn';

/** A code sent by SMS to the phone bound to the account (/api/sys/user/mobile-login). */
export const smsProvider: IdentityProvider<MobileLoginBody> = {
  name: 'sms',
  enabled: (site) => site.loginSms && site.smsReady,
  async verify(ctx, { mobile, code }) {
    const number = mobile.trim();
    if (!isMobile(number)) throw fail(Msg.mobile);
    const userId = await useCode(ctx, 'sms', number, 'login', code.trim());
    const user = await findUserById(ctx, userId);
    // Unbound since the code was sent: the code no longer opens the account.
    if (!user || user.mobile !== number) throw fail('验证码错误或已过期');
    return { user };
  },
};
