import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SiteConfig } from '../../../common/api';
import { fakeDataProvider, renderScreen } from '../../testing/renderScreen';
import { SITE_CONFIG_QUERY_KEY } from '../../layout/useAdminSession';
import { SiteConfigPage } from './SiteConfigPage';

const config: SiteConfig = {
  id: '1',
  siteName: 'Examhall',
  frontLogo: '',
  backLogo: '/api/sys/file/get/old',
  copyRight: '© Examhall',
  allowRegister: true,
  registerReview: false,
};

describe('site settings', { timeout: 30_000 }, () => {
  it('saves the settings, uploads a logo and hands the new config to the shell', async () => {
    const save = vi.fn((_p: string, body: any) => ({ ...config, ...body }));
    const dataProvider = fakeDataProvider({}, { '/api/sys/config/detail': config, '/api/sys/config/save': save });
    const { queryClient } = renderScreen(<SiteConfigPage />, { dataProvider });
    const ue = userEvent.setup({ delay: null });
    const name = await screen.findByLabelText(/站点名称/);
    await ue.clear(name);
    await ue.type(name, '考试中心');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('frontLogo-file'), { target: { files: [file] } });
    await waitFor(() => expect(dataProvider.upload).toHaveBeenCalledWith(file, 'logo'));
    expect(await screen.findByRole('img', { name: '前台 Logo' })).toBeTruthy();
    await ue.click(screen.getByRole('button', { name: '清除 后台 Logo' }));
    await ue.click(screen.getByRole('switch', { name: /注册需要审核/ }));
    await ue.click(screen.getByRole('button', { name: /保存/ }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(save.mock.calls[0][1]).toEqual({
      id: '1',
      siteName: '考试中心',
      frontLogo: '/api/sys/file/get/f1',
      backLogo: '',
      copyRight: '© Examhall',
      allowRegister: true,
      registerReview: true,
    });
    await waitFor(() =>
      expect(queryClient.getQueryData<SiteConfig>(SITE_CONFIG_QUERY_KEY)).toMatchObject({ siteName: '考试中心', frontLogo: '/api/sys/file/get/f1' }),
    );
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });

  it('requires the site name', async () => {
    const dataProvider = fakeDataProvider({}, { '/api/sys/config/detail': config });
    renderScreen(<SiteConfigPage />, { dataProvider });
    const ue = userEvent.setup({ delay: null });
    await ue.clear(await screen.findByLabelText(/站点名称/));
    await ue.click(screen.getByRole('button', { name: /保存/ }));
    expect(await screen.findByText('请输入站点名称')).toBeTruthy();
    expect(dataProvider.call).not.toHaveBeenCalledWith('/api/sys/config/save', expect.anything());
  });
});
