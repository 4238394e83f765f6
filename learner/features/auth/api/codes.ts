import { useMutation } from '@tanstack/react-query';
import type { SiteConfig } from '../../../../common/api';
import { authApi, type ForgotResetBody, type MailSendBody, type MobileLoginBody, type SmsSendBody } from '../../../../common/api/user';
import { call } from '../../../../common/http';

export const sendSms = (body: SmsSendBody) => call(authApi.smsSend, body);
export const sendMail = (body: MailSendBody) => call(authApi.mailSend, body);

export const useMobileLogin = () => useMutation({ mutationFn: (body: MobileLoginBody) => call(authApi.mobileLogin, body) });
export const useForgotReset = () => useMutation({ mutationFn: (body: ForgotResetBody) => call(authApi.forgotReset, body) });

/** Which ways in and reset channels the sign-in pages offer (switched on and able to send). */
export function waysIn(site: SiteConfig | null | undefined) {
  const sms = Boolean(site?.smsReady);
  return {
    password: site?.loginPassword ?? true,
    sms: sms && Boolean(site?.loginSms),
    face: Boolean(site?.loginFace),
    resetSms: sms && Boolean(site?.resetSms),
    resetEmail: Boolean(site?.mailReady && site?.resetEmail),
  };
}
