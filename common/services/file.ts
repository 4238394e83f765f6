import { fileApi } from '../api/file';
import { upload, type UploadOptions } from '../http';

/** Upload one file (with the overlay); `kind` tells the server what it is for (avatar, logo, …). */
export function uploadFile(file: Blob, kind: 'avatar' | 'logo' | (string & {}), opts: UploadOptions = {}) {
  return upload(fileApi.upload, file, { kind }, opts);
}
