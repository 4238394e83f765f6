/**
 * The learner's browser build stands this in for @sinclair/typebox (alias in
 * vite.learner.config.ts; the server, the admin build and every test keep the real one). common/api
 * and common/codes build their TypeBox schemas when imported, but in the browser the app only
 * reads an endpoint's `path` and a code table's values and labels: validation happens on the
 * server. Each builder therefore answers a placeholder that refuses to be read, so any browser code
 * that starts using a schema fails loudly (in the end-to-end tests) instead of silently validating
 * nothing. Saves the ~11 kB gzip TypeBox runtime on every first load.
 */
const placeholder: object = new Proxy(Object.freeze({}), {
  get(_target, key) {
    // Promise resolution and string conversion probe these; they are not uses of a schema.
    if (key === 'then' || typeof key === 'symbol') return undefined;
    throw new Error(`TypeBox schemas are not available in the learner's browser build (read "${key}"); see learner/build/typebox-stub.ts`);
  },
});

const build = () => placeholder;

export const Type: Record<string, (...args: unknown[]) => object> = new Proxy({}, { get: () => build });
