import type { Static, TSchema } from '@sinclair/typebox';
import type { PermTag } from '../permissions';

/**
 * Who may call an endpoint:
 * - 'public': no token needed (the caller is still known when a valid token is sent);
 * - 'login': any signed-in user;
 * - 'admin': a signed-in user of role type 2;
 * - { perm }: role type 2 holding that permission tag.
 */
export type Access = 'public' | 'login' | 'admin' | { readonly perm: PermTag };

/**
 * How the call travels. 'json': JSON body in, envelope out. 'download': JSON body in, a file out
 * (an envelope on failure). 'upload': multipart form in (fields, then the part `file`), envelope out.
 */
export type Transport = 'json' | 'download' | 'upload';

/**
 * One API call, defined once: the server registers its route from this, both apps call it through
 * `call(endpoint, body)`, and the admin's canAccess reads `access` from it.
 */
export interface Endpoint<B extends TSchema = TSchema, R extends TSchema = TSchema> {
  /** Full path, e.g. /api/sys/user/save. Every call is POST. */
  readonly path: string;
  readonly access: Access;
  /** The body schema (the server validates it; its type is what clients send). */
  readonly body: B;
  /** The schema of the envelope's `data` (the server serialises through it: fields not listed never leave). */
  readonly response: R;
  readonly transport: Transport;
  /** One line for the OpenAPI document. */
  readonly summary: string;
  /** OpenAPI group. */
  readonly tag: string;
  /** The envelope's msg on success (default 操作成功). */
  readonly okMsg?: string;
  /** Largest body in bytes, for the few calls that need more than the server default. */
  readonly bodyLimit?: number;
  /**
   * Answers a session that must change its password first (the password change itself); every
   * other call that needs a session answers PASSWORD_CHANGE_REQUIRED to it.
   */
  readonly duringPassChange?: boolean;
}

/** The body type a client sends to an endpoint. */
export type BodyOf<E> = E extends Endpoint<infer B, TSchema> ? Static<B> : never;
/** The `data` type an endpoint answers. */
export type DataOf<E> = E extends Endpoint<TSchema, infer R> ? Static<R> : never;

export interface EndpointSpec<B extends TSchema, R extends TSchema> {
  path: string;
  access: Access;
  body: B;
  response: R;
  summary: string;
  transport?: Transport;
  okMsg?: string;
  bodyLimit?: number;
  duringPassChange?: boolean;
}

/**
 * The endpoints of one API area, all under `tag` in the OpenAPI document:
 * `export const noticeApi = defineApi('notice', { paging: { path, access, body, response, summary } })`.
 */
export function defineApi<const S extends Record<string, EndpointSpec<TSchema, TSchema>>>(
  tag: string,
  specs: S,
): { readonly [K in keyof S]: Endpoint<S[K]['body'], S[K]['response']> } {
  const out: Record<string, Endpoint> = {};
  for (const [key, spec] of Object.entries(specs)) {
    out[key] = Object.freeze({ transport: 'json', ...spec, tag });
  }
  return Object.freeze(out) as { readonly [K in keyof S]: Endpoint<S[K]['body'], S[K]['response']> };
}

/** The permission tag an endpoint needs, if it needs one. */
export function permissionOf(endpoint: Pick<Endpoint, 'access'>): PermTag | undefined {
  return typeof endpoint.access === 'object' ? endpoint.access.perm : undefined;
}
