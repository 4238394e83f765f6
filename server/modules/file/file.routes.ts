import fs from 'node:fs';
import type { Multipart } from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import { Envelope, Id, UploadResult } from '../../../common/api';
import { fail } from '../../lib/errors';
import { ok } from '../../lib/envelope';
import { caller, type App } from '../../types';
import { contentDisposition } from './file.disposition';
import { findStoredFile, storeUpload } from './file.service';

const tags = ['file'];

/** The value of a plain form field that came before the file part. */
function fieldValue(fields: Record<string, Multipart | Multipart[] | undefined>, name: string): string | undefined {
  const raw = fields[name];
  const first = Array.isArray(raw) ? raw[0] : raw;
  return first?.type === 'field' && typeof first.value === 'string' ? first.value : undefined;
}

export default async function fileRoutes(app: App) {
  app.post(
    '/api/sys/file/upload',
    {
      schema: {
        tags,
        summary: 'Upload one file (multipart: optional field `kind` first, then the field `file`)',
        description:
          'kind avatar|logo: PNG, JPEG, GIF or WEBP images up to 5 MB, checked by content. Other kinds: pdf, doc(x), xls(x), ppt(x), mp4, mp3, zip, txt and images, up to 200 MB.',
        consumes: ['multipart/form-data'],
        response: { 200: Envelope(UploadResult) },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw fail('请选择要上传的文件');
      const part = await req.file();
      if (!part) throw fail('请选择要上传的文件');
      const result = await storeUpload(app.db, app.config.dataDir, caller(req), {
        fileName: part.filename,
        kind: fieldValue(part.fields, 'kind'),
        stream: part.file,
      });
      return ok(result, '上传成功');
    },
  );

  app.get(
    '/api/sys/file/get/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Download a stored file (public: ids are unguessable; images inline, others as attachments)',
        params: Type.Object({ id: Id }),
        response: {
          200: { description: 'The file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
        },
      },
    },
    async (req, reply) => {
      const file = await findStoredFile(app.db, app.config.dataDir, req.params.id);
      return reply
        .header('Content-Type', file.mime)
        .header('Content-Length', file.size)
        .header('X-Content-Type-Options', 'nosniff')
        // Opened on its own, a stored file can never run script.
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Content-Disposition', contentDisposition(file.isImage ? 'inline' : 'attachment', file.fileName))
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(fs.createReadStream(file.absolutePath));
    },
  );
}
