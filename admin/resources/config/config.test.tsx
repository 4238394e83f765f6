import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SiteConfig, SmsConfig, SsoSettingsView } from '../../../common/api';
import { siteConfigQuery } from '../../layout/useAdminSession';
import { renderScreen } from '../../testing/renderScreen';
import { answer, answerNothing, setupMswServer } from '../../testing/server';
import { SiteConfigPage } from './SiteConfigPage';

setupMswServer();

const config: SiteConfig = {
  id: '1',
  siteName: 'Examhall',
  frontLogo: '',
  backLogo: '/api/sys/file/get/old',
  copyRight: '© Examhall',
  allowRegister: true,
  registerReview: false,
  loginPassword: true,
  loginSms: false,
  resetSms: false,
  resetEmail: false,
  loginFace: false,
  faceKeepPhoto: false,
  faceThreshold: 60,
  faceLiveness: 40,
  smsReady: false,
  mailReady: false,
};

const sso: SsoSettingsView = {
  oidc: { enabled: true, issuer: 'https://idp.test', clientId: 'examhall', clientSecret: '', hasClientSecret: true, scopes: 'openid profile', nameClaim: 'preferred_username', realNameClaim: 'name', deptClaim: '', autoCreate: true, roleId: 'role_student', publicUrl: '' },
  ldap: { enabled: false, url: '', bindDn: '', bindPassword: '', hasBindPassword: false, baseDn: '', userFilter: '', nameAttr: 'uid', realNameAttr: 'cn', deptAttr: '', autoCreate: true, roleId: 'role_student' },
  callbackPath: '/api/sso/oidc/callback',
};

/** The single sign-on section below the site settings loads its own record and the roles. */
function answerSso(view: SsoSettingsView = { ...sso, oidc: { ...sso.oidc, hasClientSecret: false } }) {
  answer('/api/sso/config/detail', view);
  answer('/api/sys/role/list', [{ id: 'role_student', roleCode: 'student', roleName: '学员', roleType: 1, remark: '', menuIds: [] }]);
  return answer('/api/sso/config/save', (body: object) => ({ ...sso, ...body }));
}

const sms: SmsConfig = { provider: 'aliyun', accessKeyId: 'AK', signName: '考试中心', templateCode: 'SMS_1', reviewTemplateCode: '', secretId: '', sdkAppId: '', templateId: '', reviewTemplateId: '', region: '', hasSecret: true, toLog: false };

describe('site settings', { timeout: 30_000 }, () => {
  beforeEach(() => {
    answer('/api/sys/config/sms-detail', sms);
    answerSso();
  });

  it('single sign-on: a stored secret is not shown, and saving with it blank keeps it (sends it blank)', async () => {
    answer('/api/sys/config/detail', config);
    const saves = answerSso(sso);
    renderScreen(<SiteConfigPage />);
    const ue = userEvent.setup({ delay: null });
    const issuer = (await screen.findByLabelText(/颁发者地址/)) as HTMLInputElement;
    expect(issuer.value).toBe('https://idp.test');
    const secret = screen.getByLabelText(/客户端密钥/) as HTMLInputElement;
    expect(secret.value).toBe('');
    expect(secret.getAttribute('aria-describedby') && document.getElementById(secret.getAttribute('aria-describedby')!.split(' ')[0])?.textContent).toContain('已保存，留空则保持不变');
    await ue.clear(screen.getByLabelText(/客户端 ID/));
    await ue.type(screen.getByLabelText(/客户端 ID/), 'exam2');
    const buttons = screen.getAllByRole('button', { name: /保存/ });
    await ue.click(buttons[buttons.length - 1]);
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ oidc: { clientId: 'exam2', clientSecret: '', issuer: 'https://idp.test' } });
    expect(saves[0].oidc).not.toHaveProperty('hasClientSecret');
  });

  it('saves the settings, uploads a logo and hands the new config to the shell', async () => {
    answer('/api/sys/config/detail', config);
    answerSso();
    const saves = answer('/api/sys/config/save', (body: object) => ({ ...config, ...body }));
    const uploads = answer('/api/sys/file/upload', { id: 'f1', url: '/api/sys/file/get/f1', name: 'logo.png', size: 4 });
    const { queryClient } = renderScreen(<SiteConfigPage />);
    const ue = userEvent.setup({ delay: null });
    const name = await screen.findByLabelText(/站点名称/);
    await ue.clear(name);
    await ue.type(name, '考试中心');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('frontLogo-file'), { target: { files: [file] } });
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]).toMatchObject({ kind: 'logo' });
    expect(await screen.findByRole('img', { name: '前台 Logo' })).toBeTruthy();
    await ue.click(screen.getByRole('button', { name: '清除 后台 Logo' }));
    await ue.click(screen.getByRole('switch', { name: /注册需要审核/ }));
    await ue.click(screen.getByRole('switch', { name: /短信验证码登录/ }));
    await ue.click((await screen.findAllByRole('button', { name: /保存/ }))[0]);
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({
      id: '1',
      siteName: '考试中心',
      frontLogo: '/api/sys/file/get/f1',
      backLogo: '',
      copyRight: '© Examhall',
      allowRegister: true,
      registerReview: true,
      loginPassword: true,
      loginSms: true,
      resetSms: false,
      resetEmail: false,
      loginFace: false,
      faceKeepPhoto: false,
      faceThreshold: 60,
      faceLiveness: 40,
    });
    await waitFor(() => expect(queryClient.getQueryData<SiteConfig>(siteConfigQuery().queryKey)).toMatchObject({ siteName: '考试中心', frontLogo: '/api/sys/file/get/f1' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });

  it('requires the site name on save (保存 is never greyed out)', async () => {
    answer('/api/sys/config/detail', config);
    answerSso();
    const saves = answer('/api/sys/config/save', config);
    renderScreen(<SiteConfigPage />);
    const ue = userEvent.setup({ delay: null });
    await ue.clear(await screen.findByLabelText(/站点名称/));
    await ue.click((await screen.findAllByRole('button', { name: /保存/ }))[0]);
    expect(await screen.findByText('请输入站点名称')).toBeTruthy();
    expect(saves).toEqual([]);
  });

  it('a failed load offers 重试 instead of an empty form', async () => {
    answerNothing('/api/sys/config/detail');
    answerSso();
    renderScreen(<SiteConfigPage />);
    const ue = userEvent.setup({ delay: null });
    const alert = await screen.findByRole('alert');
    expect(screen.queryByLabelText(/站点名称/)).toBeNull();
    answer('/api/sys/config/detail', config);
    await ue.click(within(alert).getByRole('button', { name: '重试' }));
    expect(((await screen.findByLabelText(/站点名称/)) as HTMLInputElement).value).toBe('Examhall');
  });

  it('keeps the SMS secret write-only: never shown, kept when left empty', async () => {
    answer('/api/sys/config/detail', config);
    const saves = answer('/api/sys/config/sms-save', (body: object) => ({ ...sms, ...body, hasSecret: true }));
    renderScreen(<SiteConfigPage />);
    const ue = userEvent.setup({ delay: null });
    const secret = (await screen.findByLabelText(/AccessKey Secret/)) as HTMLInputElement;
    expect(secret.value).toBe('');
    expect(screen.getByText('已保存，留空则保持不变')).toBeTruthy();
    await ue.clear(screen.getByLabelText(/短信签名/));
    await ue.type(screen.getByLabelText(/短信签名/), '培训中心');
    // The review notice's template is optional, and said so.
    expect(screen.getByText('注册审核结果通知，仅含一个变量（通过 / 未通过）；不填则不发送短信')).toBeTruthy();
    await ue.type(screen.getByLabelText(/审核通知模板 CODE/), 'SMS_2');
    await ue.click((await screen.findAllByRole('button', { name: /保存/ }))[1]);
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ provider: 'aliyun', accessKeyId: 'AK', accessKeySecret: '', signName: '培训中心', templateCode: 'SMS_1', reviewTemplateCode: 'SMS_2' });
  });
});
