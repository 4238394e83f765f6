import { sms } from 'tencentcloud-sdk-nodejs-sms';
import { refusalMessage, SmsRefused, type SmsGateway } from './gateway';

export interface TencentSmsSettings {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  /** A template with one parameter, the code. */
  templateId: string;
  /** Optional: the review notice's template, with one parameter, the result (通过 / 未通过). */
  reviewTemplateId: string;
  /** e.g. ap-guangzhou */
  region: string;
}

/** Tencent Cloud SMS (API 2021-01-11). */
export function tencentGateway(settings: TencentSmsSettings): SmsGateway {
  const client = new sms.v20210111.Client({
    credential: { secretId: settings.secretId, secretKey: settings.secretKey },
    region: settings.region || 'ap-guangzhou',
  });
  const sendTemplate = async (mobile: string, templateId: string, params: string[]) => {
    let status: { Code?: string; Message?: string } | undefined;
    try {
      const answer = await client.SendSms({
        PhoneNumberSet: [`+86${mobile}`],
        SmsSdkAppId: settings.sdkAppId,
        SignName: settings.signName,
        TemplateId: templateId,
        TemplateParamSet: params,
      });
      status = answer.SendStatusSet?.[0];
    } catch (e) {
      const err = e as { code?: string; message?: string };
      throw new SmsRefused(refusalMessage(String(err.code ?? '')), `tencent: ${err.code ?? ''} ${err.message ?? String(e)}`);
    }
    if (status?.Code !== 'Ok') throw new SmsRefused(refusalMessage(status?.Code ?? ''), `tencent: ${status?.Code} ${status?.Message}`);
  };
  const reviewTemplate = settings.reviewTemplateId?.trim();
  return {
    name: 'tencent',
    send: ({ mobile, code }) => sendTemplate(mobile, settings.templateId, [code]),
    notify: reviewTemplate ? ({ mobile, result }) => sendTemplate(mobile, reviewTemplate, [result]) : null,
  };
}
