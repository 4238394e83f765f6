import Dysmsapi, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import { refusalMessage, SmsRefused, type SmsGateway } from './gateway';

export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** A template with one variable, ${code}. */
  templateCode: string;
  /** Optional: the review notice's template, with one variable, ${result} (通过 / 未通过). */
  reviewTemplateCode: string;
}

/** Alibaba Cloud SMS (dysmsapi 2017-05-25). */
export function aliyunGateway(settings: AliyunSmsSettings): SmsGateway {
  const client = new Dysmsapi(
    new $OpenApiUtil.Config({ accessKeyId: settings.accessKeyId, accessKeySecret: settings.accessKeySecret, endpoint: 'dysmsapi.aliyuncs.com' }),
  );
  const sendTemplate = async (mobile: string, templateCode: string, params: Record<string, string>) => {
    const request = new SendSmsRequest({ phoneNumbers: mobile, signName: settings.signName, templateCode, templateParam: JSON.stringify(params) });
    let answer: { code?: string; message?: string } | undefined;
    try {
      answer = (await client.sendSms(request)).body;
    } catch (e) {
      // The SDK throws for transport and signature errors; its `code` names the cause.
      const err = e as { code?: string; message?: string };
      throw new SmsRefused(refusalMessage(String(err.code ?? '')), `aliyun: ${err.code ?? ''} ${err.message ?? String(e)}`);
    }
    if (answer?.code !== 'OK') throw new SmsRefused(refusalMessage(answer?.code ?? ''), `aliyun: ${answer?.code} ${answer?.message}`);
  };
  const reviewTemplate = settings.reviewTemplateCode?.trim();
  return {
    name: 'aliyun',
    send: ({ mobile, code }) => sendTemplate(mobile, settings.templateCode, { code }),
    notify: reviewTemplate ? ({ mobile, result }) => sendTemplate(mobile, reviewTemplate, { result }) : null,
  };
}
