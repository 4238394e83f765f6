import type { BindMobileBody, CodeSent, ForgotResetBody, MailSendBody, SmsSendBody, UserInfo } from '../../../common/api';
import { isMobile, Msg } from '../../../common/validators';
import type { ServiceContext } from '../../context';
import { fail, sessionInvalid } from '../../lib/errors';
import { bindMobile, findUserById, setRecoveredPassword, userInfo } from '../user/user.service';
import { checkPassword } from '../user/user.rules';
import { channelOff, channelOn, sendCode, useCode } from './code.service';
import { getSiteConfig } from '../config/config.service';
import type { AuthUser } from './session.service';
import type { RequestMeta } from './signIn';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkMobile(raw: string): string {
  const mobile = raw.trim();
  if (!mobile) throw fail(Msg.mobileEmpty);
  if (!isMobile(mobile)) throw fail(Msg.mobile);
  return mobile;
}

function checkEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(email)) throw fail('邮箱格式不正确');
  return email;
}

/** /sms/send: a code for signing in, a reset, or (signed in) binding this phone. */
export async function sendSmsCode(ctx: ServiceContext, body: SmsSendBody, who: AuthUser | null, meta: RequestMeta): Promise<CodeSent> {
  if (body.scene === 'bind' && !who) throw sessionInvalid();
  const mobile = checkMobile(body.mobile);
  return sendCode(ctx, { channel: 'sms', target: mobile, scene: body.scene, captchaId: body.captchaId, captcha: body.captcha, forUserId: body.scene === 'bind' ? who!.id : undefined }, meta);
}

/** /mail/send: a reset code to the e-mail address of an account. */
export function sendMailCode(ctx: ServiceContext, body: MailSendBody, meta: RequestMeta): Promise<CodeSent> {
  return sendCode(ctx, { channel: 'email', target: checkEmail(body.email), scene: 'reset', captchaId: body.captchaId, captcha: body.captcha }, meta);
}

/** /forgot/reset: the code proves the phone or mailbox; the new password follows the spec's rule and every session ends. */
export async function resetForgotten(ctx: ServiceContext, body: ForgotResetBody): Promise<void> {
  if (!channelOn(await getSiteConfig(ctx), body.channel, 'reset')) throw channelOff(body.channel);
  // Checked before the code is used, so a weak password does not cost the code.
  const password = checkPassword(body.password);
  const target = body.channel === 'sms' ? checkMobile(body.target) : checkEmail(body.target);
  const userId = await useCode(ctx, body.channel, target, 'reset', body.code.trim());
  const user = await findUserById(ctx, userId);
  const contact = body.channel === 'sms' ? user?.mobile : user?.email.toLowerCase();
  if (!user || contact !== target) throw fail('验证码错误或已过期');
  await setRecoveredPassword(ctx, userId, password);
}

/** /bind-mobile: binds (or changes to) the phone the code was sent to. */
export async function bindMyMobile(ctx: ServiceContext, who: AuthUser, body: BindMobileBody): Promise<UserInfo> {
  const mobile = checkMobile(body.mobile);
  const userId = await useCode(ctx, 'sms', mobile, 'bind', body.code.trim());
  if (userId !== who.id) throw fail('验证码错误或已过期');
  await bindMobile(ctx, who.id, mobile);
  const info = await userInfo(ctx, who);
  if (!info) throw sessionInvalid();
  return info;
}
