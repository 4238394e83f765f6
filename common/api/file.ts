import { Type, type Static } from '@sinclair/typebox';
import { defineApi } from './endpoint';
import { Id } from './base';

export const UploadResult = Type.Object({ id: Id, url: Type.String(), name: Type.String(), size: Type.Integer() });
export type UploadResult = Static<typeof UploadResult>;

export const fileApi = defineApi('file', {
  upload: {
    path: '/api/sys/file/upload',
    access: 'login',
    transport: 'upload',
    body: Type.Object({}),
    response: UploadResult,
    summary: 'Upload one file (multipart: optional field `kind` first, then the field `file`)',
    okMsg: '上传成功',
  },
});

/** Where a stored file is read (GET, for img src and links; not an envelope call). */
export const fileUrl = (id: string) => `/api/sys/file/get/${id}`;
