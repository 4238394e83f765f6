import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import type { Endpoint } from '../../common/api';
import { MAX_PAGE_SIZE, type PageRequest } from '../../common/errorCodes';
import { call, type CallArgs } from '../../common/http';
import { isResourceName, resourceApis, type ResourceApi } from './resourceApi';

/**
 * react-admin's calls mapped onto the endpoints of common/api (admin/providers/resourceApi.ts says
 * which endpoint does what): paging or tree listing, detail, save, delete, and getMany in one
 * request. Calls are silent: react-admin shows a failed mutation itself and the screens show a
 * failed load in place (one message, not two).
 */

const SILENT = { silent: true } as const;

/** POST an endpoint known only as `Endpoint` (its body and answer types are erased in the table). */
const send = (endpoint: Endpoint, body: unknown): Promise<unknown> => call(endpoint, ...([body, SILENT] as CallArgs<Endpoint>));

/** The paging body for a list request; `extraParams` (a reference target) wins over filters. */
export function pagingBody(params: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>, extraParams: Record<string, unknown> = {}): PageRequest {
  return {
    current: params.pagination?.page ?? 1,
    size: params.pagination?.perPage ?? 10,
    params: { ...(params.filter ?? {}), ...extraParams },
    orders: params.sort?.field ? [{ column: params.sort.field, asc: params.sort.order === 'ASC' }] : [],
  };
}

// ---- The answers the provider relies on, checked rather than assumed ----

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function asRecord(v: unknown): RaRecord {
  if (isObject(v) && (typeof v.id === 'string' || typeof v.id === 'number')) return v as RaRecord;
  throw new TypeError('服务器返回的数据缺少 id');
}

function asRecords(v: unknown): RaRecord[] {
  if (!Array.isArray(v)) throw new TypeError('服务器返回的不是列表');
  return v.map(asRecord);
}

function asPage(v: unknown): { records: RaRecord[]; total: number } {
  if (isObject(v) && typeof v.total === 'number') return { records: asRecords(v.records), total: v.total };
  throw new TypeError('服务器返回的不是分页数据');
}

/** A tree answer flattened depth first (the order it is drawn in), each node with its depth. */
export function flattenAnswer(v: unknown, depth = 0, out: RaRecord[] = []): RaRecord[] {
  for (const node of asRecords(v)) {
    const { children, ...own } = node;
    out.push({ ...own, depth } as RaRecord);
    if (children !== undefined) flattenAnswer(children, depth + 1, out);
  }
  return out;
}

// ---- Per resource ----

function apiOf(resource: string): ResourceApi & { listing: 'paging' | 'tree' } {
  const def: ResourceApi | undefined = isResourceName(resource) ? resourceApis[resource] : undefined;
  if (!def?.listing) throw new Error(`${resource}: 没有对应的接口`);
  return { ...def, listing: def.listing };
}

function action(def: ResourceApi, resource: string, name: string): Endpoint {
  const endpoint = def.actions[name];
  if (!endpoint) throw new Error(`${resource}: 不支持${name}`);
  return endpoint;
}

async function getPage(resource: string, params: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>, extra: Record<string, unknown> = {}) {
  const def = apiOf(resource);
  const list = action(def, resource, 'list');
  if (def.listing === 'tree') {
    const data = flattenAnswer(await send(list, {}));
    return { data, total: data.length };
  }
  const page = asPage(await send(list, pagingBody(params, extra)));
  return { data: page.records, total: page.total };
}

/** Several records in one request per MAX_PAGE_SIZE ids, in the order asked. */
async function getMany(resource: string, ids: Identifier[]): Promise<RaRecord[]> {
  const def = apiOf(resource);
  let found: RaRecord[];
  if (def.many === 'ids') {
    found = [];
    for (let i = 0; i < ids.length; i += MAX_PAGE_SIZE) {
      const chunk = ids.slice(i, i + MAX_PAGE_SIZE);
      found.push(...asPage(await send(action(def, resource, 'list'), { current: 1, size: chunk.length, params: { ids: chunk } })).records);
    }
  } else if (def.many === 'all') {
    const answer = await send(def.all ?? action(def, resource, 'list'), {});
    found = def.all ? asRecords(answer) : flattenAnswer(answer);
  } else {
    throw new Error(`${resource}: 不支持按 id 批量读取`);
  }
  const byId = new Map(found.map((r) => [String(r.id), r]));
  return ids.map((id) => byId.get(String(id))).filter((r): r is RaRecord => r !== undefined);
}

/**
 * react-admin's DataProvider is generic in the record type its caller names; the records above are
 * checked to be records (an id) and handed on as that type here, and only here.
 */
const asCallerType = <T,>(value: unknown): T => value as T;

export function createDataProvider(): DataProvider {
  return {
    getList: async (resource, params) => asCallerType(await getPage(resource, params)),
    getOne: async (resource, { id }) => asCallerType({ data: asRecord(await send(action(apiOf(resource), resource, 'show'), { id })) }),
    getMany: async (resource, { ids }) => asCallerType({ data: await getMany(resource, ids) }),
    getManyReference: async (resource, params) => asCallerType(await getPage(resource, params, { [params.target]: params.id })),
    create: async (resource, { data }) => asCallerType({ data: asRecord(await send(action(apiOf(resource), resource, 'create'), data)) }),
    update: async (resource, { id, data }) => asCallerType({ data: asRecord(await send(action(apiOf(resource), resource, 'edit'), { ...data, id })) }),
    delete: async (resource, { id, previousData }) => {
      await send(action(apiOf(resource), resource, 'delete'), { ids: [id] });
      return asCallerType({ data: previousData ?? { id } });
    },
    deleteMany: async (resource, { ids }) => {
      await send(action(apiOf(resource), resource, 'delete'), { ids });
      return { data: ids };
    },
    updateMany: async (resource) => {
      throw new Error(`${resource}: 不支持批量更新`);
    },
  };
}
