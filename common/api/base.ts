import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { MAX_PAGE_SIZE } from '../errorCodes';

/** Ids are strings everywhere (DESIGN.md). */
export const Id = Type.String({ minLength: 1, maxLength: 32 });
export const IdBody = Type.Object({ id: Id });
export type IdBody = Static<typeof IdBody>;
export const IdsBody = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }) });
export type IdsBody = Static<typeof IdsBody>;
/** The body of calls that take none: `{}` or nothing (anything else in it is dropped). */
export const EmptyBody = Type.Optional(Type.Object({}));
/** `data: null` answers. */
export const Done = Type.Null();

/** Epoch milliseconds (bounded like every number a client sends: 1970 to the year 9999). */
export const Millis = Type.Integer({ minimum: 0, maximum: 253_402_300_799_999 });

/** An integer in [min, max]: every integer a client sends is bounded (1e300 is a 400, never a 500). */
export const Int = (minimum: number, maximum: number, options: { default?: number; description?: string } = {}) =>
  Type.Integer({ minimum, maximum, ...options });

/** Largest page number a paging call accepts. */
export const MAX_PAGE = 100_000;
/** A sort value: -1 / +1 move one place among siblings, anything else is written as is. */
export const SortValue = Int(-1_000_000, 1_000_000);

export const PageOrder = Type.Object({ column: Type.String({ maxLength: 64 }), asc: Type.Boolean() });

/** Paging request with typed filters. */
export function PageRequest<P extends TSchema>(params: P) {
  return Type.Object({
    current: Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 }),
    size: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 10 }),
    params: Type.Optional(params),
    orders: Type.Optional(Type.Array(PageOrder, { maxItems: 5 })),
  });
}

export function Page<T extends TSchema>(record: T) {
  return Type.Object({
    records: Type.Array(record),
    total: Type.Integer(),
    current: Type.Integer(),
    size: Type.Integer(),
    pages: Type.Integer(),
  });
}

/** The response envelope around `data`. */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({ code: Type.Integer(), msg: Type.String(), data });
}

/** Optional string filter; empty string means "no filter". */
export const OptText = (max = 64) => Type.Optional(Type.String({ maxLength: max }));
