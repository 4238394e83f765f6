import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../common/errorCodes';
import { allowFileAccess, storeBuffer } from '../../server/modules/file/file.service';
import { resolveSession } from '../../server/modules/identity/session.service';
import { closeWithDeadline } from '../../server/lib/shutdown';
import { DIALECTS, insertUser, multipart, PNG, uploadParts, useTestApp, type MultipartPart, type TestContext } from './helpers';

const file = (fileName: string, value: Buffer | string, type = 'application/octet-stream'): MultipartPart => ({ name: 'file', fileName, value, type });
const kind = (value: string): MultipartPart => ({ name: 'kind', value });
const get = (t: TestContext, url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { token } : {} });

/** Every file under the data folder's files/ directory. */
function storedFiles(t: TestContext): string[] {
  const root = path.join(t.config.dataDir, 'files');
  return fs.existsSync(root) ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()) : [];
}

describe.each(DIALECTS)('who uploads and who reads files on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));

  it('lets learners upload only a small avatar image', async () => {
    const learner = await insertUser(t, 'up_learner');
    const avatar = await uploadParts(t, [kind('avatar'), file('me.png', PNG, 'image/png')], learner.token);
    expect(avatar.body.code).toBe(0);
    for (const k of ['logo', 'notice', 'question', 'course', 'file']) {
      const r = await uploadParts(t, [kind(k), file('x.png', PNG, 'image/png')], learner.token);
      expect(r.body, k).toMatchObject({ code: ErrorCode.FORBIDDEN, msg: '您只能上传头像图片' });
    }
    const noKind = await uploadParts(t, [file('big.pdf', '%PDF-1.4\n')], learner.token);
    expect(noKind.body.code).toBe(ErrorCode.FORBIDDEN);
    const big = await uploadParts(t, [kind('avatar'), file('big.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'image/png')], learner.token);
    expect(big.body).toMatchObject({ code: ErrorCode.FAIL, msg: '图片不能超过 2MB' });
    const names = (await t.database.db.selectFrom('sys_file').select('file_name').execute()).map((r) => r.file_name);
    expect(names).not.toContain('big.png');
    expect(names).not.toContain('big.pdf');
  });

  it('serves private files only to administrators, the uploader and whom the kind allows', async () => {
    const admin = await t.adminToken();
    const staff = await insertUser(t, 'up_staff', { roleIds: ['role_sa'] });
    const reader = await insertUser(t, 'up_reader');
    const stranger = await insertUser(t, 'up_stranger');
    const doc = await uploadParts(t, [kind('lesson'), file('讲义.pdf', '%PDF-1.4\n%x\n', 'application/pdf')], staff.token);
    expect(doc.body.code).toBe(0);
    const url = doc.body.data.url as string;

    const anonymous = await get(t, url);
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json()).toMatchObject({ code: ErrorCode.NOT_FOUND, data: null });
    expect(anonymous.headers['cache-control']).toBe('no-store');
    expect((await get(t, url, stranger.token)).statusCode).toBe(404);
    for (const token of [admin, staff.token]) {
      const ok = await get(t, url, token);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['cache-control']).toBe('private, no-store');
    }

    // A module registers who else may read its kind (courses: their enrolled learners).
    allowFileAccess(t.app.ctx, 'lesson', async (_ctx, who) => who.id === reader.id);
    expect((await get(t, url, reader.token)).statusCode).toBe(200);
    expect((await get(t, url, stranger.token)).statusCode).toBe(404);
    expect(() => allowFileAccess(t.app.ctx, 'avatar', async () => true)).toThrow();

    // Public kinds are public, and cached for good.
    const logo = await uploadParts(t, [kind('logo'), file('logo.png', PNG, 'image/png')], admin);
    const open = await get(t, logo.body.data.url);
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const row = await t.database.db.selectFrom('sys_file').select(['kind', 'create_by']).where('id', '=', doc.body.data.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ kind: 'lesson', create_by: staff.id });
  });

  it('stores a buffer the server holds (an imported image) under the same rules', async () => {
    const admin = await t.adminToken();
    const who = (await resolveSession(t.app.ctx, admin))!;
    const stored = await storeBuffer(t.app.ctx, who, { kind: 'question', fileName: 'word/media/image1.png', data: PNG });
    expect(stored).toMatchObject({ name: 'image1.png', size: PNG.length });
    const got = await get(t, stored.url);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG)).toBe(true);
    await expect(storeBuffer(t.app.ctx, who, { kind: 'question', fileName: 'a.png', data: Buffer.from('<svg/>') })).rejects.toThrow(
      '仅支持 PNG、JPG、GIF、WEBP 格式的图片',
    );
    expect(storedFiles(t).filter((f) => f.endsWith('.part'))).toEqual([]);
  });
});

interface RawAnswer {
  status: number;
  /** The server closed the connection. */
  closed: boolean;
}

/**
 * Sends an upload's headers and only part of its body, then goes quiet without closing, as a
 * client on a dead link would. Resolves when the server answers and closes, or after 10 s.
 */
function halfUpload(port: number, token: string, cut: 'before-file' | 'mid-file'): Promise<RawAnswer> {
  const body = multipart([kind('course'), file('big.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64 * 1024, 65)]))]);
  const at = cut === 'before-file' ? body.payload.indexOf('filename=') - 60 : body.payload.length - 1024;
  return new Promise((resolve) => {
    let received = '';
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `POST /api/sys/file/upload HTTP/1.1\r\nHost: 127.0.0.1\r\ntoken: ${token}\r\nContent-Type: ${body.contentType}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
      );
      socket.write(body.payload.subarray(0, at));
    });
    const give = (closed: boolean) => {
      clearTimeout(timer);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0), closed });
      socket.destroy();
    };
    const timer = setTimeout(() => give(false), 10_000);
    socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
    socket.on('close', () => give(true));
    socket.on('error', () => undefined);
  });
}

/** Polls `done` until it holds (at most 5 s). */
async function waitFor(done: () => boolean): Promise<void> {
  for (const until = Date.now() + 5_000; !done(); ) {
    if (Date.now() > until) throw new Error('condition not reached within 5 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const openDescriptors = () => fs.readdirSync('/proc/self/fd').length;

describe.each(DIALECTS)('stalled uploads on %s', (dialect) => {
  // Idle uploads are cut after 300 ms here (30 s in production).
  const t = useTestApp(dialect, {}, { uploadIdleMs: 300 });
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));

  it('answers a half-sent upload 408, closes it, and leaves no partial file or open descriptor', async () => {
    const token = await t.adminToken();
    const twenty = () => Promise.all(Array.from({ length: 20 }, (_, i) => halfUpload(port, token, i % 2 ? 'mid-file' : 'before-file')));
    // Warm-up, as many at once: the first opens lazily loaded modules, and twenty at once may grow the
    // database pool (its connections are descriptors too, and stay open).
    for (const a of await twenty()) expect(a).toEqual({ status: 408, closed: true });
    const before = openDescriptors();
    const answers = await twenty();
    for (const a of answers) expect(a).toEqual({ status: 408, closed: true });
    expect(storedFiles(t).filter((f) => f.endsWith('.part'))).toEqual([]);
    // Sockets and the partial files' descriptors are all released (a little slack for the runtime's
    // own), soon: the server may still be closing one as the client sees its socket close.
    await expect.poll(openDescriptors, { timeout: 2_000, interval: 20 }).toBeLessThanOrEqual(before + 3);
  });
});

describe.each(DIALECTS)('shutting down on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));

  it('cuts uploads in progress at once, answering 503 and removing their partial files', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as net.AddressInfo).port;
    const token = await t.adminToken();
    const stalled = Array.from({ length: 4 }, () => halfUpload(port, token, 'mid-file'));
    // Let the requests reach the handler and start writing.
    await waitFor(() => storedFiles(t).filter((f) => f.endsWith('.part')).length === 4);
    const started = Date.now();
    expect(await closeWithDeadline(t.app, 5_000)).toBe('closed');
    expect(Date.now() - started).toBeLessThan(2_000);
    for (const a of await Promise.all(stalled)) expect(a).toEqual({ status: 503, closed: true });
    expect(storedFiles(t).filter((f) => f.endsWith('.part'))).toEqual([]);
  });
});

describe.each(DIALECTS)('shutting down past the deadline on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('does not wait for a client that stopped sending: connections are cut at the deadline', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as net.AddressInfo).port;
    // Half a JSON body: the request is in progress, so a plain close would wait for it.
    const stalled = new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write('POST /api/sys/user/info HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":'),
      );
      socket.on('close', () => resolve(true));
      socket.on('error', () => undefined);
    });
    await new Promise((r) => setTimeout(r, 200));
    const started = Date.now();
    expect(await closeWithDeadline(t.app, 300)).toBe('forced');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await stalled).toBe(true);
  });
});
