/**
 * Validation rules of spec section 5, shared by both SPAs and the server. Each rule returns the
 * message to show, or undefined when the value is fine.
 */
export type Rule<T = string> = (value: T) => string | undefined;

/** Mainland mobile numbers: 11 digits, 13–19 with the allowed second digits. */
export const MOBILE_PATTERN = /^1(3\d|4[014-9]|5[0-35-9]|6[2567]|7[0-8]|8\d|9[0-35-9])\d{8}$/;
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d).{6,}$/;
export const URL_PATTERN =
  /^https?:\/\/(((\d{1,3}\.){3}\d{1,3})|(localhost)|([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+))(:\d{1,5})?(\/[^\s]*)?$/;
export const DIRECTORY_PATTERN = /^(\/|[A-Za-z]:[\\/])([^\s]*[\\/])?$/;

export const Msg = {
  mobile: '手机号码格式不正确!',
  mobileEmpty: '手机号码不能为空！',
  password: '密码至少6位，且必须同时包含字母和数字！',
  passwordEmpty: '密码不能为空！',
  urlEmpty: 'URL不能为空！',
  url: 'URL格式不正确，必须是以http或https开头的域名地址！',
  urlSlash: 'URL格式不正确，必须是以http或https开头并以/结尾的域名地址！',
  directoryEmpty: '目录不能为空！',
  directory: '目录格式不正确，必须以/或盘符开头并以/结尾！',
  timeRange: '时间段不能为空！',
} as const;

export const isMobile = (v: string) => MOBILE_PATTERN.test(v);
export const isStrongPassword = (v: string) => PASSWORD_PATTERN.test(v);

/** Required mobile number. */
export const mobileRule: Rule = (v) => (!v ? Msg.mobileEmpty : isMobile(v) ? undefined : Msg.mobile);
/** Optional variant: empty passes. */
export const optionalMobileRule: Rule = (v) => (!v ? undefined : isMobile(v) ? undefined : Msg.mobile);
export const passwordRule: Rule = (v) => (!v ? Msg.passwordEmpty : isStrongPassword(v) ? undefined : Msg.password);
export const urlRule: Rule = (v) => (!v ? Msg.urlEmpty : URL_PATTERN.test(v) ? undefined : Msg.url);
/** Second URL rule: also needs a trailing slash. */
export const urlWithSlashRule: Rule = (v) =>
  !v ? Msg.urlEmpty : URL_PATTERN.test(v) && v.endsWith('/') ? undefined : Msg.urlSlash;
export const directoryRule: Rule = (v) =>
  !v ? Msg.directoryEmpty : DIRECTORY_PATTERN.test(v) ? undefined : Msg.directory;
export const timeRangeRule: Rule<readonly unknown[] | null | undefined> = (v) =>
  Array.isArray(v) && v.length === 2 && v.every((x) => x !== null && x !== undefined && x !== '')
    ? undefined
    : Msg.timeRange;
