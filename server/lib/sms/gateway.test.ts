import { describe, expect, it } from 'vitest';
import { maskMobile, refusalMessage } from './gateway';
import { smsGateway, smsSettingsComplete } from './index';

describe('SMS gateways', () => {
  it("turns a provider's refusal into a message the user can act on", () => {
    // Aliyun and Tencent name the same causes differently.
    expect(refusalMessage('isv.BUSINESS_LIMIT_CONTROL')).toBe('短信发送过于频繁，已被短信服务商限制，请稍后再试');
    expect(refusalMessage('LimitExceeded.PhoneNumberDailyLimit')).toBe('短信发送过于频繁，已被短信服务商限制，请稍后再试');
    expect(refusalMessage('isv.AMOUNT_NOT_ENOUGH')).toBe('短信服务余额不足，请联系管理员');
    expect(refusalMessage('FailedOperation.InsufficientBalanceInSmsPackage')).toBe('短信服务余额不足，请联系管理员');
    expect(refusalMessage('isv.MOBILE_NUMBER_ILLEGAL')).toBe('该手机号码暂时无法接收短信，请确认号码或稍后再试');
    expect(refusalMessage('isv.SMS_TEMPLATE_ILLEGAL')).toBe('短信签名或模板配置有误，请联系管理员');
    expect(refusalMessage('AuthFailure.SecretIdNotFound')).toBe('短信服务账号配置有误，请联系管理员');
    expect(refusalMessage('ECONNRESET')).toBe('短信发送失败，请稍后再试');
  });

  it('masks all but the first three and last four digits', () => {
    expect(maskMobile('13812345678')).toBe('138****5678');
  });

  it('goes through the log when the server says so, else only through a completely configured provider', async () => {
    const lines: string[] = [];
    const log = smsGateway({ logTo: (l) => lines.push(l), provider: '', settings: {} });
    await log!.send({ mobile: '13812345678', code: '012345', scene: 'login' });
    expect(lines).toEqual(['[sms:log] to=138****5678 scene=login code=012345']);
    expect(smsGateway({ logTo: null, provider: 'aliyun', settings: { accessKeyId: 'a', accessKeySecret: 'b', signName: 'c' } })).toBeNull();
    expect(smsSettingsComplete('tencent', { secretId: 'a', secretKey: 'b', sdkAppId: '1400', signName: 's', templateId: '1' })).toBe(true);
    expect(smsGateway({ logTo: null, provider: 'tencent', settings: { secretId: 'a', secretKey: 'b', sdkAppId: '1400', signName: 's', templateId: '1' } })?.name).toBe('tencent');
    expect(smsGateway({ logTo: null, provider: 'aliyun', settings: { accessKeyId: 'a', accessKeySecret: 'b', signName: 'c', templateCode: 'SMS_1' } })?.name).toBe('aliyun');
  });

  it('sends review notices only where a notice template is set (the log always takes them)', async () => {
    const lines: string[] = [];
    await smsGateway({ logTo: (l) => lines.push(l), provider: '', settings: {} })!.notify!({ mobile: '13812345678', notice: 'review', result: '未通过' });
    expect(lines).toEqual(['[sms:log] to=138****5678 notice=review result=未通过']);
    const aliyun = { accessKeyId: 'a', accessKeySecret: 'b', signName: 'c', templateCode: 'SMS_1' };
    expect(smsGateway({ logTo: null, provider: 'aliyun', settings: aliyun })?.notify).toBeNull();
    expect(smsGateway({ logTo: null, provider: 'aliyun', settings: { ...aliyun, reviewTemplateCode: ' ' } })?.notify).toBeNull();
    expect(smsGateway({ logTo: null, provider: 'aliyun', settings: { ...aliyun, reviewTemplateCode: 'SMS_2' } })?.notify).toBeTypeOf('function');
    const tencent = { secretId: 'a', secretKey: 'b', sdkAppId: '1400', signName: 's', templateId: '1' };
    expect(smsGateway({ logTo: null, provider: 'tencent', settings: tencent })?.notify).toBeNull();
    expect(smsGateway({ logTo: null, provider: 'tencent', settings: { ...tencent, reviewTemplateId: '2' } })?.notify).toBeTypeOf('function');
  });
});
