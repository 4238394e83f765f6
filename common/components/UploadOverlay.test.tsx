import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { beginUploading, endUploading } from '../http/notify';
import { UploadOverlay } from './UploadOverlay';

describe('<UploadOverlay />', () => {
  it('covers the page while an upload is in flight', async () => {
    render(<UploadOverlay />);
    expect(screen.queryByText('文件上传中，请稍候…')).toBeNull();
    act(() => beginUploading());
    expect(screen.getByRole('status').textContent).toBe('文件上传中，请稍候…');
    expect(screen.getByRole('progressbar', { name: '文件上传中' })).toBeTruthy();
    act(() => endUploading());
    await waitFor(() => expect(screen.queryByText('文件上传中，请稍候…')).toBeNull());
  });

  it('stays until the last of several uploads ends', () => {
    render(<UploadOverlay />);
    act(() => {
      beginUploading();
      beginUploading();
    });
    act(() => endUploading());
    expect(screen.getByRole('status').textContent).toBe('文件上传中，请稍候…');
    expect(screen.getByRole('progressbar', { name: '文件上传中' })).toBeTruthy();
    act(() => endUploading());
  });
});
