/** Deepest nesting of objects and arrays a JSON body may have. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests objects/arrays deeper than `limit`: one pass over the characters,
 * skipping strings, stopping at the first level too deep. Run before parsing, so a hostile body
 * costs a scan and never a parse.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}

/** C0 control characters other than tab, line feed and carriage return (NUL among them). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/**
 * Whether a parsed JSON body carries a control character (other than tab and newlines) in any
 * string or key. JSON text can only carry one escaped (`\u00xx`, `\b`, `\f`), so a body whose text
 * has no such escape is answered without walking it.
 */
export function holdsControlChars(text: string, value: unknown): boolean {
  if (!text.includes('\\u00') && !text.includes('\\b') && !text.includes('\\f')) return false;
  const walk = (v: unknown): boolean => {
    if (typeof v === 'string') return CONTROL.test(v);
    if (Array.isArray(v)) return v.some(walk);
    if (v && typeof v === 'object') return Object.entries(v).some(([k, x]) => CONTROL.test(k) || walk(x));
    return false;
  };
  return walk(value);
}

/** One failure of a body's schema, as Ajv reports it (Fastify's err.validation holds these). */
export interface SchemaFailure {
  instancePath: string;
  params?: unknown;
  message?: string;
}

/** The answer to a body that breaks its schema: the field ("/params/userName" -> "params.userName") and the message naming it. */
export function validationMessage(failures: readonly SchemaFailure[]): { field: string; msg: string } {
  const v = failures[0];
  if (!v) return { field: '', msg: '参数不正确' };
  const missing = (v.params as { missingProperty?: string } | undefined)?.missingProperty;
  const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const field = [path, missing].filter(Boolean).join('.') || 'body';
  return { field, msg: `参数不正确：${field} ${v.message ?? ''}`.trim() };
}
