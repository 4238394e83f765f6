import type { UploadResult } from '../api';
import { upload } from '../http';

export const UPLOAD_URL = '/api/sys/file/upload';

/** Upload one file (with the overlay); `kind` tells the server what it is for (avatar, logo, …). */
export function uploadFile(file: Blob, kind: 'avatar' | 'logo' | (string & {}), fileName?: string): Promise<UploadResult> {
  return upload<UploadResult>(UPLOAD_URL, file, { kind }, { fileName });
}
