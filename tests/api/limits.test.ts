import type { TSchema } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import * as api from '../../common/api';
import type { Endpoint } from '../../common/api';
import { ErrorCode } from '../../common/errorCodes';
import { JSON_BODY_LIMIT } from '../../server/app';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../server/lib/jsonBody';
import { DIALECTS, useTestApp } from './helpers';

/** Every endpoint defined in common/api. */
const endpoints: Endpoint[] = Object.values(api).flatMap((value) =>
  value && typeof value === 'object' && !('type' in value) && !('$id' in value)
    ? Object.values(value as Record<string, unknown>).filter((e): e is Endpoint => !!e && typeof e === 'object' && 'path' in e && 'access' in e)
    : [],
);

/** Paths to the numbers in a schema that lack a lower or upper bound. */
function unboundedNumbers(schema: TSchema | undefined, at: string): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const out: string[] = [];
  if ((schema.type === 'integer' || schema.type === 'number') && schema.const === undefined) {
    if (schema.minimum === undefined && schema.exclusiveMinimum === undefined) out.push(`${at} (no minimum)`);
    if (schema.maximum === undefined && schema.exclusiveMaximum === undefined) out.push(`${at} (no maximum)`);
  }
  for (const [key, sub] of Object.entries((schema.properties ?? {}) as Record<string, TSchema>)) out.push(...unboundedNumbers(sub, `${at}.${key}`));
  if (schema.items) out.push(...unboundedNumbers(schema.items as TSchema, `${at}[]`));
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const sub of (schema[key] ?? []) as TSchema[]) out.push(...unboundedNumbers(sub, at));
  }
  return out;
}

describe('every request schema', () => {
  it('bounds every number a client may send', () => {
    expect(endpoints.length).toBeGreaterThan(40);
    const offenders = endpoints.flatMap((e) => unboundedNumbers(e.body, e.path));
    expect(offenders).toEqual([]);
  });
});

describe('the JSON nesting scan', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(nestsDeeperThan('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[1,{"b":2}]}', 2)).toBe(true);
    expect(nestsDeeperThan(`{"text":"${'['.repeat(100)}\\"${'{'.repeat(100)}"}`, 1)).toBe(false);
    expect(nestsDeeperThan('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan('['.repeat(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
  });
});

describe.each(DIALECTS)('request limits on %s', (dialect) => {
  const t = useTestApp(dialect);
  const raw = async (url: string, payload: string, token?: string) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...(token ? { token } : {}) } });
    return { status: res.statusCode, body: res.json() as { code: number; msg: string }, headers: res.headers };
  };

  it('answers 400, never 500, to huge integers on every paging and sort call', async () => {
    const admin = await t.adminToken();
    const paging = endpoints.filter((e) => e.body && 'properties' in e.body && (e.body as TSchema).properties?.current);
    expect(paging.length).toBeGreaterThan(5);
    for (const e of paging) {
      for (const body of ['{"current": 1e300, "size": 10}', '{"current": 1, "size": 1e300}', '{"current": -1e300, "size": 10}']) {
        const r = await raw(e.path, body, admin);
        // A call not built yet answers 404; one that exists refuses the body.
        if (r.status === 404) continue;
        expect(r.status, `${e.path} ${body}`).toBe(400);
        expect(r.body.code).toBe(ErrorCode.BAD_REQUEST);
      }
    }
    for (const path of ['/api/sys/depart/sort', '/api/sys/menu/sort']) {
      const r = await raw(path, '{"id": "dept_root", "sort": 1e300}', admin);
      expect(r.status, path).toBe(400);
    }
    const save = await raw('/api/sys/depart/save', '{"deptName": "x", "sort": 1e300}', admin);
    expect(save.status).toBe(400);
  });

  it(`refuses JSON bodies over ${JSON_BODY_LIMIT / 1024} KB unless the call allows more`, async () => {
    const admin = await t.adminToken();
    const big = JSON.stringify({ realName: 'x'.repeat(JSON_BODY_LIMIT) });
    const refused = await raw('/api/sys/user/update', big, admin);
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '提交的内容过大' });
    // Notice content may be long (the notice save call allows 1 MB).
    const long = await t.call('/api/sys/notice/save', { title: '长公告', content: `<p>${'长'.repeat(150_000)}</p>`, state: 0, targetType: 1 }, admin);
    expect(long.body.code, long.body.msg).toBe(0);
  });

  it('refuses deeply nested bodies before parsing them, fast', async () => {
    const admin = await t.adminToken();
    // ~900 KB of nesting to a call that takes 1 MB bodies: refused by the scan, not by the parser.
    const depth = 300_000;
    const nested = `{"title":"x","content":"y","state":0,"targetType":1,"deptIds":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const started = Date.now();
    const r = await raw('/api/sys/notice/save', nested, admin);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '请求内容嵌套过深' });
    expect(Date.now() - started).toBeLessThan(1_000);
    // 2 MB anywhere else does not get that far: the size limit refuses it first.
    const huge = await raw('/api/sys/user/info', `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`, admin);
    expect(huge.status).toBe(413);
    // Ordinary nesting is fine.
    expect((await raw('/api/sys/user/info', '{"a":[[[{"b":1}]]]}', admin)).body.code).toBe(0);
  });

  it('refuses prototype-poisoning keys', async () => {
    const r = await raw('/api/sys/user/login', '{"username":"admin","password":"x","__proto__":{"isAdmin":true}}');
    expect(r.status).toBe(400);
    const c = await raw('/api/sys/user/login', '{"username":"admin","password":"x","constructor":{"prototype":{"isAdmin":true}}}');
    expect(c.status).toBe(400);
    // Spelt with escapes, the keys are found all the same.
    const escaped = await raw('/api/sys/user/login', '{"username":"admin","password":"x","\\u005f_proto__":{"isAdmin":true}}');
    expect(escaped.status).toBe(400);
    const escapedC = await raw('/api/sys/user/login', '{"username":"admin","password":"x","\\u0063onstructor":{"prototype":{"isAdmin":true}}}');
    expect(escapedC.status).toBe(400);
  });

  it('parses bodies with and without escapes alike, and refuses broken JSON with 400', async () => {
    const admin = await t.adminToken();
    const plain = await raw('/api/sys/user/info', '{"a":"b"}', admin);
    const escaped = await raw('/api/sys/user/info', '{"a":"\\u0062\\n"}', admin);
    expect([plain.body.code, escaped.body.code]).toEqual([0, 0]);
    for (const broken of ['{"a":', '{"a":"\\x"}', '']) {
      const r = await raw('/api/sys/user/info', broken, admin);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe(ErrorCode.BAD_REQUEST);
    }
  });

  it('refuses NUL and other control characters in any text or key with 400 and a message, and keeps tabs and newlines', async () => {
    const admin = await t.adminToken();
    const refused = [
      ['/api/sys/user/login', '{"username":"adm\\u0000in","password":"x"}', undefined],
      ['/api/sys/user/login', '{"username":"admin","password":"x\\b"}', undefined],
      ['/api/sys/notice/save', '{"title":"a","content":"<p>\\u001f</p>"}', admin],
      ['/api/sys/user/info', '{"a\\u0007":1}', admin],
      ['/api/sys/user/info', '{"list":[{"deep":["ok","\\f"]}]}', admin],
    ] as const;
    for (const [url, body, token] of refused) {
      const r = await raw(url, body, token);
      expect([r.status, r.body.code, r.body.msg], body).toEqual([400, ErrorCode.BAD_REQUEST, '内容含有不可见的控制字符，请删除后重试']);
    }
    const kept = await raw('/api/sys/user/info', '{"a":"tab\\there\\r\\nline","b":"\\\\u0000 typed as text"}', admin);
    expect(kept.body.code).toBe(0);
  });

  it('tells browsers and proxies never to store an API answer', async () => {
    const admin = await t.adminToken();
    const answers = [
      await raw('/api/sys/user/info', '{}', admin),
      await raw('/api/sys/user/info', '{}'),
      await raw('/api/sys/config/detail', '{"id":1}'),
      await raw('/api/sys/user/paging', '{"current":1e300}', admin),
    ];
    for (const a of answers) expect(a.headers['cache-control']).toBe('no-store');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['cache-control']).toBe('no-store');
  });
});
