import Dysmsapi, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import { refusalMessage, SmsRefused, type SmsGateway } from './gateway';

export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** A template with one variable, ${code}. */
  templateCode: string;
}

/** Alibaba Cloud SMS (dysmsapi 2017-05-25). */
export function aliyunGateway(settings: AliyunSmsSettings): SmsGateway {
  const client = new Dysmsapi(
    new $OpenApiUtil.Config({ accessKeyId: settings.accessKeyId, accessKeySecret: settings.accessKeySecret, endpoint: 'dysmsapi.aliyuncs.com' }),
  );
  return {
    name: 'aliyun',
    async send({ mobile, code }) {
      const request = new SendSmsRequest({ phoneNumbers: mobile, signName: settings.signName, templateCode: settings.templateCode, templateParam: JSON.stringify({ code }) });
      let answer: { code?: string; message?: string } | undefined;
      try {
        answer = (await client.sendSms(request)).body;
      } catch (e) {
        // The SDK throws for transport and signature errors; its `code` names the cause.
        const err = e as { code?: string; message?: string };
        throw new SmsRefused(refusalMessage(String(err.code ?? '')), `aliyun: ${err.code ?? ''} ${err.message ?? String(e)}`);
      }
      if (answer?.code !== 'OK') throw new SmsRefused(refusalMessage(answer?.code ?? ''), `aliyun: ${answer?.code} ${answer?.message}`);
    },
  };
}
