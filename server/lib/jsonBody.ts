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
