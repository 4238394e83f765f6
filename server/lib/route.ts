import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { BodyOf, DataOf, Endpoint } from '../../common/api/endpoint';
import { Envelope } from '../../common/api/base';
import type { App } from '../types';
import { ok } from './envelope';

/** A request to an endpoint, its body typed by the endpoint's schema. */
export type ApiRequest<E extends Endpoint> = FastifyRequest<{ Body: BodyOf<E> }>;

/** Data with the envelope message it should carry (when it depends on the outcome). */
export class WithMsg<T> {
  constructor(
    readonly data: T,
    readonly msg: string,
  ) {}
}
export const withMsg = <T>(data: T, msg: string) => new WithMsg(data, msg);

/**
 * The handler answers the envelope's data (or withMsg(data, msg)); a 'download' handler sends the
 * file itself and answers the reply.
 */
export type Handler<E extends Endpoint> = (
  req: ApiRequest<E>,
  reply: FastifyReply,
) => Promise<DataOf<E> | WithMsg<DataOf<E>> | FastifyReply>;

const ErrorEnvelope = Envelope(Type.Null());

function schemaOf(endpoint: Endpoint): FastifySchema {
  const base = { tags: [endpoint.tag], summary: endpoint.summary };
  switch (endpoint.transport) {
    case 'upload':
      return { ...base, consumes: ['multipart/form-data'], response: { 200: Envelope(endpoint.response) } };
    case 'download':
      return {
        ...base,
        body: endpoint.body,
        response: {
          200: {
            description: 'The file, or the error envelope',
            content: {
              'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
              'application/json': { schema: ErrorEnvelope },
            },
          },
        },
      };
    default:
      return { ...base, body: endpoint.body, response: { 200: Envelope(endpoint.response) } };
  }
}

/**
 * Registers the POST route of an endpoint defined in common/api: its access rule, body
 * validation, response serialisation (only the fields the schema lists leave the server) and
 * OpenAPI entry all come from the one definition. Routes stay thin: validate, call one service
 * function, answer.
 */
export function route<E extends Endpoint>(app: App, endpoint: E, handler: Handler<E>): void {
  register(app, endpoint, handler, false);
}

/**
 * The same for a call whose JSON body is too big to read on the event loop that serves live exams
 * (an import's commit): the handler gets the body's bytes, unparsed and unchecked, to hand to a
 * worker thread that parses and checks them as app.ts and the errors plugin would. Its OpenAPI entry
 * still shows the body's schema.
 */
export function routeRawJson<E extends Endpoint>(app: App, endpoint: E, handler: (req: FastifyRequest, body: Buffer, reply: FastifyReply) => Promise<DataOf<E> | WithMsg<DataOf<E>>>): void {
  register(app, endpoint, (req, reply) => handler(req, req.body as unknown as Buffer, reply), true);
}

function register<E extends Endpoint>(app: App, endpoint: E, handler: Handler<E>, rawJson: boolean): void {
  app.post(
    endpoint.path,
    {
      config: { access: endpoint.access, duringPassChange: endpoint.duringPassChange === true, rawJson },
      schema: schemaOf(endpoint),
      ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
      // The raw body is checked where it is parsed (see routeRawJson).
      ...(rawJson ? { validatorCompiler: () => () => true } : {}),
    },
    async (req, reply) => {
      const result = await handler(req as ApiRequest<E>, reply);
      if (result === reply) return reply;
      if (result instanceof WithMsg) return ok(result.data, result.msg);
      return ok(result, endpoint.okMsg);
    },
  );
}
