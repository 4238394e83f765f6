import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import { download as downloadFile, post, upload as uploadFile } from '../../common/http';
import type { Page, PageRequest } from '../../common/errorCodes';
import { fileApi, type BodyOf, type Endpoint, type UploadResult } from '../../common/api';

/**
 * react-admin's calls mapped onto the envelope API (DESIGN.md "API conventions"), in three layers:
 * the mapping below (once for every resource), per-resource overrides consulted first (tree
 * resources, custom shapes), and typed custom methods for everything that is not CRUD.
 *
 * The standard methods call silently: react-admin shows their failures itself (one message, not
 * two). The custom methods let the http client show them, as every other caller of the API does.
 */
export interface AppDataProvider extends DataProvider {
  /** POST /api/… with a JSON body; resolves the envelope's data. */
  call<T = unknown>(path: string, body?: unknown): Promise<T>;
  /** POST a JSON body and save the binary answer (the spec's download helper). */
  download<E extends Endpoint>(endpoint: E, body: BodyOf<E>, fileName: string): Promise<void>;
  /** Upload one file to /api/sys/file/upload; `kind` tells the server what it is for (avatar, logo…). */
  upload(file: Blob, kind?: string): Promise<UploadResult>;
}

export type DataProviderOverrides = Record<string, Partial<DataProvider>>;

const SILENT = { silent: true } as const;

const api = (resource: string, action: string) => `/api/${resource}/${action}`;

/** The paging body for a list request; `extraParams` (a reference target) wins over filters. */
export function pagingBody(params: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>, extraParams: Record<string, unknown> = {}): PageRequest {
  const page = params.pagination?.page ?? 1;
  const perPage = params.pagination?.perPage ?? 10;
  return {
    current: page,
    size: perPage,
    params: { ...(params.filter ?? {}), ...extraParams },
    orders: params.sort?.field ? [{ column: params.sort.field, asc: params.sort.order === 'ASC' }] : [],
  };
}

async function getPage(resource: string, body: PageRequest) {
  const page = await post<Page<RaRecord>>(api(resource, 'paging'), body, SILENT);
  return { data: page.records as any[], total: page.total };
}

const detail = (resource: string, id: Identifier) => post<any>(api(resource, 'detail'), { id }, SILENT);

/** The envelope mapping shared by every resource. */
export const baseDataProvider: DataProvider = {
  getList: (resource, params) => getPage(resource, pagingBody(params)),
  getOne: async (resource, { id }) => ({ data: await detail(resource, id) }),
  getMany: async (resource, { ids }) => ({ data: await Promise.all(ids.map((id) => detail(resource, id))) }),
  getManyReference: (resource, params) => getPage(resource, pagingBody(params, { [params.target]: params.id })),
  create: async (resource, { data }) => ({ data: await post<any>(api(resource, 'save'), data, SILENT) }),
  update: async (resource, { id, data }) => ({ data: await post<any>(api(resource, 'save'), { ...data, id }, SILENT) }),
  delete: async (resource, { id, previousData }) => {
    await post(api(resource, 'delete'), { ids: [id] }, SILENT);
    return { data: (previousData ?? { id }) as any };
  },
  deleteMany: async (resource, { ids }) => {
    await post(api(resource, 'delete'), { ids }, SILENT);
    return { data: ids };
  },
  updateMany: async (resource) => {
    throw new Error(`${resource}: 不支持批量更新`);
  },
};

const STANDARD_METHODS = ['getList', 'getOne', 'getMany', 'getManyReference', 'create', 'update', 'delete', 'deleteMany', 'updateMany'] as const;

/** The production data provider: per-resource overrides first, then the envelope mapping. */
export function createDataProvider(overrides: DataProviderOverrides = {}): AppDataProvider {
  const provider = {} as AppDataProvider;
  for (const method of STANDARD_METHODS) {
    (provider as any)[method] = (resource: string, params: unknown) => {
      const own = overrides[resource]?.[method] as ((r: string, p: unknown) => Promise<unknown>) | undefined;
      return (own ?? (baseDataProvider[method] as (r: string, p: unknown) => Promise<unknown>))(resource, params);
    };
  }
  provider.call = <T,>(path: string, body?: unknown) => post<T>(path, body ?? {});
  provider.download = (path, body, fileName) => downloadFile(path, body, fileName);
  provider.upload = (file, kind) => uploadFile(fileApi.upload, file, kind ? { kind } : {});
  return provider;
}
