/** One text message carrying a one-time code. */
export interface CodeMessage {
  /** Mainland mobile number, 11 digits. */
  mobile: string;
  code: string;
  /** What the code is for: 'login' | 'reset' | 'bind'. */
  scene: string;
}

/** A notice without a code: the result of a registration's review (通过 or 未通过). */
export interface NoticeMessage {
  mobile: string;
  notice: 'review';
  result: '通过' | '未通过';
}

/** Where text messages go: one of the SMS providers, or the server log. */
export interface SmsGateway {
  readonly name: string;
  /** Sends, or throws SmsRefused with a message fit for the user. */
  send(message: CodeMessage): Promise<void>;
  /** Sends a notice the same way; null where the settings name no template for notices. */
  readonly notify: ((message: NoticeMessage) => Promise<void>) | null;
}

/** The provider refused or could not be reached; `message` is Chinese and fit for the user, `detail` is for the log. */
export class SmsRefused extends Error {
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message);
    this.name = 'SmsRefused';
  }
}

/** 138****5678: enough to tell numbers apart in a log, not enough to reuse one. */
export const maskMobile = (mobile: string) => (mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****');

/**
 * What a provider's refusal means for the user. Providers name the same causes differently; those
 * a user can act on (wait, use another number) are told, the rest say the service failed.
 */
export function refusalMessage(code: string): string {
  if (/LIMIT|FREQUENCY|LimitExceeded/i.test(code)) return '短信发送过于频繁，已被短信服务商限制，请稍后再试';
  if (/AMOUNT|BALANCE|InsufficientBalance|ARREARS/i.test(code)) return '短信服务余额不足，请联系管理员';
  if (/MOBILE|PhoneNumber|BLACK/i.test(code)) return '该手机号码暂时无法接收短信，请确认号码或稍后再试';
  if (/SIGN|TEMPLATE|Template|Sign/i.test(code)) return '短信签名或模板配置有误，请联系管理员';
  if (/ACCESSKEY|AuthFailure|SecretId|Forbidden|PERMISSION/i.test(code)) return '短信服务账号配置有误，请联系管理员';
  return '短信发送失败，请稍后再试';
}
