import { isMobile, isStrongPassword, Msg } from '../../../common/validators';
import { fail } from '../../lib/errors';
import { isImageUrl } from '../../lib/imageUrl';

/** Sign-in names: plain characters only, so they read the same everywhere they are shown or typed. */
const USER_NAME_PATTERN = /^[A-Za-z0-9_.@-]{2,32}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trimmed user name, or a refusal saying which characters are allowed. */
export function checkUserName(raw: string): string {
  const userName = raw.trim();
  if (!USER_NAME_PATTERN.test(userName)) throw fail('用户名只能包含字母、数字、下划线、点、@ 或 -，长度2-32位');
  return userName;
}

/** Characters that take no room on screen: controls, format characters (zero-width space, joiners, BOM) and blank letters. */
const INVISIBLE = /[\p{Cc}\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]/gu;

/** Trimmed real name without invisible characters; refused when nothing visible is left. */
export function checkRealName(raw: string): string {
  const realName = raw.replace(INVISIBLE, '').trim();
  if (!realName) throw fail('姓名不能为空');
  return realName;
}

/** The spec's password rule (section 5), on the server too. */
export function checkPassword(password: string): string {
  if (!password) throw fail(Msg.passwordEmpty);
  if (!isStrongPassword(password)) throw fail(Msg.password);
  return password;
}

/** Optional mobile number: empty passes, anything else must be a mainland number. */
export function checkOptionalMobile(raw: string | undefined): string {
  const mobile = raw?.trim() ?? '';
  if (mobile && !isMobile(mobile)) throw fail(Msg.mobile);
  return mobile;
}

export function checkOptionalEmail(raw: string | undefined): string {
  const email = raw?.trim() ?? '';
  if (email && !EMAIL_PATTERN.test(email)) throw fail('邮箱格式不正确');
  return email;
}

/** Avatars are our own uploads (/api/sys/file/get/{id}) or an http(s) address; never script or data URLs. */
export function checkOptionalImageUrl(raw: string | undefined): string {
  const url = raw?.trim() ?? '';
  if (url && !isImageUrl(url)) throw fail('头像地址不正确，请重新上传');
  return url;
}
