import http from 'node:http';
import type net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../common/errorCodes';
import { JSON_BODY_LIMIT } from '../../server/app';
import { DRAIN_MAX_BYTES } from '../../server/plugins/errors';
import { DIALECTS, useTestApp } from './helpers';

interface Outcome {
  status?: number;
  body?: unknown;
  /** The socket error the client met (ECONNRESET, EPIPE), if any. */
  error?: string;
  /** Bytes of the body the client had written when the answer or the error came. */
  written: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * POSTs `total` bytes to `path` as a browser on a slow line would: a Content-Length header, then
 * the body in chunks with pauses, stopping only if the connection fails.
 */
function slowPost(port: number, path: string, total: number, chunk: number, pauseMs: number, chunked = false): Promise<Outcome> {
  return new Promise((resolve) => {
    const outcome: Outcome = { written: 0 };
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', agent: false, headers: { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': total }) } });
    req.on('response', (res) => {
      outcome.status = res.statusCode;
      const parts: Buffer[] = [];
      res.on('data', (b: Buffer) => parts.push(b));
      res.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        try {
          outcome.body = JSON.parse(text);
        } catch {
          outcome.body = text;
        }
        done();
      });
      res.on('error', (e: NodeJS.ErrnoException) => {
        outcome.error = e.code ?? e.message;
        done();
      });
    });
    req.on('error', (e: NodeJS.ErrnoException) => {
      outcome.error = e.code ?? e.message;
      done();
    });
    void (async () => {
      const piece = Buffer.alloc(chunk, 'a');
      while (outcome.written < total && !outcome.error && !req.destroyed) {
        const n = Math.min(chunk, total - outcome.written);
        req.write(n === chunk ? piece : piece.subarray(0, n));
        outcome.written += n;
        await sleep(pauseMs);
      }
      if (!outcome.error && !req.destroyed) req.end();
    })();
  });
}

describe.each(DIALECTS)('a body over its limit, over a real socket, on %s', (dialect) => {
  const t = useTestApp(dialect);
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  it('is read to its end while the client is still sending, then answered 413 with the envelope', async () => {
    // Twice the limit, in 32 chunks 10 ms apart: the server knows from Content-Length at once
    // that it is too big, and must not hang up on a client that is still sending.
    const total = 2 * JSON_BODY_LIMIT;
    const outcome = await slowPost(port, '/api/sys/user/login', total, total / 32, 10);
    expect(outcome.error).toBeUndefined();
    expect(outcome.written).toBe(total);
    expect(outcome.status).toBe(413);
    expect(outcome.body).toEqual({ code: ErrorCode.BAD_REQUEST, msg: '提交的内容过大', data: null });
  });

  it('is read to its end too when its length was not declared (chunked) and the limit is passed while reading', async () => {
    const total = 2 * JSON_BODY_LIMIT;
    const outcome = await slowPost(port, '/api/sys/user/login', total, total / 32, 10, true);
    expect(outcome.error).toBeUndefined();
    expect(outcome.written).toBe(total);
    expect(outcome.status).toBe(413);
    expect(outcome.body).toEqual({ code: ErrorCode.BAD_REQUEST, msg: '提交的内容过大', data: null });
  });

  it('answers at once, without reading it, a body declared larger than the server will ever read', async () => {
    const started = Date.now();
    const answer = await new Promise<{ status?: number; body: string }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: '/api/sys/user/login', method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': DRAIN_MAX_BYTES + 1 } });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (b: Buffer) => (body += b.toString('utf8')));
        res.on('end', () => {
          resolve({ status: res.statusCode, body });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.write('{"username":"');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '提交的内容过大' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
